import { Module } from '@nestjs/common';
import { AdminGuard } from '../users/admin.guard';
import { AuditModule } from '../audit/audit.module';
import { FixturesModule } from '../fixtures/fixtures.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { UsersModule } from '../users/users.module';
import { FeedAdminController } from './feed-admin.controller';
import { FeedConsoleService } from './feed-console.service';
import { FeedService } from './feed.service';

/**
 * The results feed (issue 35): a provider's results (football-data.org, or its local stand-in)
 * matched to our teams and fixtures and applied through FixtureAdminService, the operator's own
 * path. The API serves the console's calls; the workers run the one poller (FeedPoller, behind a
 * Redis lease: feed-poller.scheduler.ts, registered by the workers module only).
 */
@Module({
  imports: [FixturesModule, SeasonsModule, AuditModule, UsersModule],
  controllers: [FeedAdminController],
  providers: [FeedService, FeedConsoleService, AdminGuard],
  exports: [FeedService],
})
export class FeedModule {}
