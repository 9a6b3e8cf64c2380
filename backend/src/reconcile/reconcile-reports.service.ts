import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { warnUnlessOutage } from '../platform/common/outage';
import { insertReport, selectLatestReports } from './reconcile.queries';

export type StoredReconcileReport = ConsoleHealth['reconciler'][number];

/**
 * The reconciler's latest passes, kept in Postgres (`reconciler_reports`) by the pass that ran,
 * whichever replica it ran on, so the console sees them all. A report that cannot be stored is
 * only logged: the pass itself is done.
 */
@Injectable()
export class ReconcileReportsService {
  private readonly logger = new Logger('Reconciler');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(repaired: number, summary: string): Promise<void> {
    try {
      await insertReport(this.db, repaired, summary.slice(0, 1000));
    } catch (error) {
      warnUnlessOutage(this.logger, error, `Reconciler report not stored: ${(error as Error).message}`);
    }
  }

  /** Newest first. */
  async latest(limit = 10): Promise<StoredReconcileReport[]> {
    return (await selectLatestReports(this.db, limit)).map((r) => ({ at: new Date(r.at).toISOString(), repaired: r.repaired, summary: r.summary }));
  }
}
