import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { HistoryService } from './history.service';
import { ResultsController } from './results.controller';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [SeasonsModule],
  controllers: [StatsController, ResultsController],
  providers: [StatsService, HistoryService],
  exports: [StatsService, HistoryService],
})
export class StatsModule {}
