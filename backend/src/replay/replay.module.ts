import { Module } from '@nestjs/common';
import { FixturesModule } from '../fixtures/fixtures.module';
import { ReplayService } from './replay.service';

@Module({ imports: [FixturesModule], providers: [ReplayService], exports: [ReplayService] })
export class ReplayModule {}
