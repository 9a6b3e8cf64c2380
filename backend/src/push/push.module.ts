import { Module } from '@nestjs/common';
import { DeliveryCountsModule } from '../delivery-counts/delivery-counts.module';
import { PushHostResolver } from './push-host-resolver';
import { PushChannel } from './push.channel';
import { PushSender } from './push-sender';

/**
 * Web push delivery: the push channel of the notification pipeline and its sender. The worker
 * module hands PushChannel to NotificationsModule.withChannels; push imports notifications'
 * channel contract, never the other way round.
 */
@Module({
  imports: [DeliveryCountsModule],
  providers: [PushChannel, PushSender, PushHostResolver],
  exports: [PushChannel],
})
export class PushModule {}
