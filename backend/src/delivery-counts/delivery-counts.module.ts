import { Module } from '@nestjs/common';
import { DeliveryCountsService } from './delivery-counts.service';

/** Counts of emails and pushes sent and failed (`delivery_counts`): written by the mail and push senders, read by the console. */
@Module({ providers: [DeliveryCountsService], exports: [DeliveryCountsService] })
export class DeliveryCountsModule {}
