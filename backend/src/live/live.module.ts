import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { LiveRelayService } from './live-relay.service';
import { LiveGateway } from './live.gateway';

/** The API side of live updates: the gateway and the relay from the workers' stream. */
@Module({ imports: [AuthModule, LeaguesModule], providers: [LiveGateway, LiveRelayService] })
export class LiveModule {}
