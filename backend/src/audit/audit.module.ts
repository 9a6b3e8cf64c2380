import { Module } from '@nestjs/common';
import { AdminGuard } from '../users/admin.guard';
import { UsersModule } from '../users/users.module';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/**
 * The operator audit (the `operator_audit` table): the domains that make operator changes
 * (fixtures, seasons, bonus, the feed) record them through AuditService in their own
 * transaction; the console lists them (GET /admin/audit/).
 */
@Module({
  imports: [UsersModule],
  controllers: [AuditController],
  providers: [AuditService, AdminGuard],
  exports: [AuditService],
})
export class AuditModule {}
