import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { LeaderboardService } from './leaderboard.service';
import { SeasonContextService } from './season-context.service';
import { StandingsService } from './standings.service';

/** League standings: recomputed by the workers, read by the leagues API. */
@Module({
  imports: [ActivityModule],
  providers: [StandingsService, LeaderboardService, SeasonContextService],
  exports: [StandingsService, LeaderboardService, SeasonContextService],
})
export class StandingsModule {}
