import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BonusExportModule } from '../bonus/bonus-export.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** Settings → Privacy: export of a user's data and deletion of their account. */
@Module({
  imports: [AuthModule, BonusExportModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
