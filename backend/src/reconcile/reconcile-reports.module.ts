import { Module } from '@nestjs/common';
import { ReconcileReportsService } from './reconcile-reports.service';

/** The reconciler's stored reports alone: the API's console reads them without the reconciler's own dependencies. */
@Module({ providers: [ReconcileReportsService], exports: [ReconcileReportsService] })
export class ReconcileReportsModule {}
