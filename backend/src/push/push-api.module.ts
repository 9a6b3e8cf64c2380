import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { PushController } from './push.controller';
import { PushHostResolver } from './push-host-resolver';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** Web push in the API: the VAPID key, devices subscribing, and the join-request buttons. */
@Module({
  imports: [LeaguesModule],
  controllers: [PushController],
  providers: [PushSubscriptionsService, PushHostResolver],
})
export class PushApiModule {}
