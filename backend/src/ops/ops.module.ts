import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AppConfigModule } from '../platform/config/config.module';
import { DatabaseModule } from '../platform/database/database.module';
import { FixturesModule } from '../fixtures/fixtures.module';
import { OutboxModule } from '../platform/outbox/outbox.module';
import { ReplayModule } from '../replay/replay.module';
import { SeasonImportModule } from '../season-import/season-import.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { UsersModule } from '../users/users.module';
import { OpsService } from './ops.service';

/** The ops CLI's container: config, database, outbox and the game services (no HTTP, no Redis). */
@Module({
  imports: [AppConfigModule, DatabaseModule, AuditModule, OutboxModule, SeasonsModule, SeasonImportModule, FixturesModule, ReplayModule, UsersModule],
  providers: [OpsService],
})
export class OpsModule {}
