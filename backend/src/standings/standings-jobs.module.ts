import { Module } from '@nestjs/common';
import { LivePublisherModule } from '../live/live-publisher.module';
import { QueueModule } from '../platform/queue/queue.module';
import { StandingsJobsService } from './standings-jobs.service';
import { StandingsModule } from './standings.module';

/**
 * The standings' worker side: StandingsJobsService, the work of the `standings` queue. A module
 * of its own, imported by the workers only: it needs the queues and the live publisher, which
 * the API and the ops CLI (through StandingsModule) do not start.
 */
@Module({
  imports: [StandingsModule, QueueModule, LivePublisherModule],
  providers: [StandingsJobsService],
  exports: [StandingsJobsService],
})
export class StandingsJobsModule {}
