import { Module } from '@nestjs/common';
import { DeliveryCountsModule } from '../delivery-counts/delivery-counts.module';
import { PushHostResolver } from './push-host-resolver';
import { PushChannel } from './push.channel';
import { PushSender } from './push-sender';

/** Web push delivery: the push channel of the notification pipeline (NotificationsModule) and its sender. Imported by the worker through NotificationsModule. */
@Module({
  imports: [DeliveryCountsModule],
  providers: [PushChannel, PushSender, PushHostResolver],
  exports: [PushChannel],
})
export class PushModule {}
