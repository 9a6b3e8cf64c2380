import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { AuthModule } from '../auth/auth.module';
import { PreferencesModule } from '../auth/preferences.module';
import { BonusExportModule } from '../bonus/bonus-export.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { MailRecordsModule } from '../mail/mail-records.module';
import { PushApiModule } from '../push/push-api.module';
import { StandingsModule } from '../standings/standings.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** Settings → Privacy: export of a user's data and deletion of their account. */
@Module({
  imports: [AuthModule, BonusExportModule, UsersModule, PreferencesModule, LeaguesModule, StandingsModule, ActivityModule, MailRecordsModule, PushApiModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
