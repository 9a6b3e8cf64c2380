import { Module } from '@nestjs/common';
import { DeliveryCountsModule } from '../notifications/delivery-counts.module';
import { PushHostResolver } from './push-host-resolver';
import { PushScheduler } from './push.scheduler';
import { PushSender } from './push-sender';
import { PushService } from './push.service';

/** Web push delivery: the service the worker's `push` processor calls, and its repeatable sweep. Imported by the worker. */
@Module({
  imports: [DeliveryCountsModule],
  providers: [PushService, PushSender, PushHostResolver, PushScheduler],
  exports: [PushService],
})
export class PushModule {}
