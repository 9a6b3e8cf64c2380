import { Global, Module } from '@nestjs/common';
import { LeagueDirectoryModule } from '../leagues/league-directory.module';
import { LiveEventsService } from './live-events.service';
import { LivePublisher } from './live-publisher.service';

/** The worker side of live updates: publish to sockets through Redis. */
@Global()
@Module({ imports: [LeagueDirectoryModule], providers: [LivePublisher, LiveEventsService], exports: [LivePublisher, LiveEventsService] })
export class LivePublisherModule {}
