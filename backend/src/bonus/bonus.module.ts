import { Module } from '@nestjs/common';
import { AdminGuard } from '../admin/admin.guard';
import { FixturesModule } from '../fixtures/fixtures.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { UsersModule } from '../users/users.module';
import { BonusAdminController, BonusController } from './bonus.controller';
import { BonusService } from './bonus.service';

/**
 * Bonus questions (the `bonus_answers` and `bonus_settlements` tables): a competition's champion,
 * top scorer and, for a league, bottom team, answered before its first kick-off and settled by
 * the results or an operator. Reads the season whole through fixtures' SeasonResultsService.
 */
@Module({
  imports: [FixturesModule, SeasonsModule, UsersModule],
  controllers: [BonusController, BonusAdminController],
  providers: [BonusService, AdminGuard],
  exports: [BonusService],
})
export class BonusModule {}
