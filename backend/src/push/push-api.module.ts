import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { PushController } from './push.controller';
import { PushHostResolver } from './push-host-resolver';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** Web push in the API: the VAPID key, devices subscribing, and the join-request buttons (and a fan's devices for their data export). */
@Module({
  imports: [LeaguesModule],
  controllers: [PushController],
  providers: [PushSubscriptionsService, PushHostResolver],
  exports: [PushSubscriptionsService],
})
export class PushApiModule {}
