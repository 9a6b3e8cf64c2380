import { Module } from '@nestjs/common';
import { LivePublisherModule } from '../live/live-publisher.module';
import { ScoringModule } from '../scoring/scoring.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { StandingsModule } from '../standings/standings.module';
import { ReconcileReportsModule } from './reconcile-reports.module';
import { ReconcilerService } from './reconciler.service';

/** The reconciler: finds and repairs drift between fixtures, predictions, totals and standings, and keeps its passes' reports. */
@Module({
  imports: [ScoringModule, SeasonsModule, StandingsModule, LivePublisherModule, ReconcileReportsModule],
  providers: [ReconcilerService],
  exports: [ReconcilerService],
})
export class ReconcileModule {}
