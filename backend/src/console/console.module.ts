import { Module } from '@nestjs/common';
import { AdminGuard } from '../users/admin.guard';
import { FixturesModule } from '../fixtures/fixtures.module';
import { DeliveryCountsModule } from '../delivery-counts/delivery-counts.module';
import { DeadLettersModule } from './dead-letters.module';
import { QueueModule } from '../platform/queue/queue.module';
import { ReconcileReportsModule } from '../reconcile/reconcile-reports.module';
import { UsersModule } from '../users/users.module';
import { ConsoleController } from './console.controller';
import { ConsoleService } from './console.service';
import { DeadLettersController } from './dead-letters.controller';

/**
 * The operator console's reads (issue 35): the matches in play and the system's health, from the
 * domains that own them; and the outbox's dead letters, listed and replayed (issue 36). Admins
 * only; anyone else gets 404 (AdminGuard). Its changes go through the admin calls, the feed's and
 * the outbox's, audited (audit/).
 */
@Module({
  imports: [FixturesModule, QueueModule, ReconcileReportsModule, DeliveryCountsModule, UsersModule, DeadLettersModule],
  controllers: [ConsoleController, DeadLettersController],
  providers: [ConsoleService, AdminGuard],
})
export class ConsoleModule {}
