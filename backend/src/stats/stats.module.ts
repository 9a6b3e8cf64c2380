import { Module } from '@nestjs/common';
import { ScoringModule } from '../scoring/scoring.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { HistoryService } from './history.service';
import { ResultsController } from './results.controller';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [SeasonsModule, ScoringModule],
  controllers: [StatsController, ResultsController],
  providers: [StatsService, HistoryService],
  exports: [StatsService, HistoryService],
})
export class StatsModule {}
