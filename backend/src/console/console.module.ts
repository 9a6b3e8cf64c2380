import { Module } from '@nestjs/common';
import { AdminGuard } from '../admin/admin.guard';
import { FixturesModule } from '../fixtures/fixtures.module';
import { DeliveryCountsModule } from '../notifications/delivery-counts.module';
import { QueueModule } from '../queue/queue.module';
import { ReconcileReportsModule } from '../reconcile/reconcile-reports.module';
import { UsersModule } from '../users/users.module';
import { ConsoleController } from './console.controller';
import { ConsoleService } from './console.service';

/**
 * The operator console's reads (issue 35): the matches in play and the system's health, from the
 * domains that own them. Admins only; anyone else gets 404 (AdminGuard). Its changes go through
 * the admin calls and the feed's, audited (audit/).
 */
@Module({
  imports: [FixturesModule, QueueModule, ReconcileReportsModule, DeliveryCountsModule, UsersModule],
  controllers: [ConsoleController],
  providers: [ConsoleService, AdminGuard],
})
export class ConsoleModule {}
