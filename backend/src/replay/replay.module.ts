import { Module } from '@nestjs/common';
import { FixturesModule } from '../fixtures/fixtures.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { ReplayService } from './replay.service';

@Module({ imports: [FixturesModule, SeasonsModule], providers: [ReplayService], exports: [ReplayService] })
export class ReplayModule {}
