import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { BonusPointsModule } from '../bonus/bonus-points.module';
import { KeyRanksService } from './key-ranks.service';
import { LeaderboardService } from './leaderboard.service';
import { LeagueTablesService } from './league-tables.service';
import { LiveContextService } from './live-context.service';
import { LiveTablesService } from './live-tables.service';
import { PeriodWinnersService } from './period-winners.service';
import { RankHistoryService } from './rank-history.service';
import { SeasonContextService } from './season-context.service';
import { StandingsService } from './standings.service';

/** League standings: recomputed by the workers, read by the leagues API. */
@Module({
  imports: [ActivityModule, BonusPointsModule],
  providers: [StandingsService, LeaderboardService, KeyRanksService, SeasonContextService, LeagueTablesService, LiveTablesService, LiveContextService, PeriodWinnersService, RankHistoryService],
  exports: [StandingsService, LeaderboardService, KeyRanksService, SeasonContextService, LeagueTablesService, PeriodWinnersService, RankHistoryService],
})
export class StandingsModule {}
