import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { StandingsModule } from '../standings/standings.module';
import { CompareController } from './compare.controller';
import { CompareService } from './compare.service';

/** Head to head between two members of a league, and rank over time (read from the standings domain). */
@Module({
  imports: [StandingsModule, SeasonsModule],
  controllers: [CompareController],
  providers: [CompareService],
})
export class CompareModule {}
