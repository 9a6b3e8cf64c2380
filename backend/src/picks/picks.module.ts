import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { StandingsModule } from '../standings/standings.module';
import { CrowdService } from './crowd.service';
import { PicksController } from './picks.controller';
import { PicksService } from './picks.service';

@Module({
  imports: [SeasonsModule, StandingsModule],
  controllers: [PicksController],
  providers: [PicksService, CrowdService],
  exports: [CrowdService, PicksService],
})
export class PicksModule {}
