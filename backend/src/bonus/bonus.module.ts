import { Module } from '@nestjs/common';
import { AdminGuard } from '../users/admin.guard';
import { AuditModule } from '../audit/audit.module';
import { FixturesModule } from '../fixtures/fixtures.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { UsersModule } from '../users/users.module';
import { BonusAdminController, BonusController } from './bonus.controller';
import { BonusPointsModule } from './bonus-points.module';
import { BonusService } from './bonus.service';
import { LeagueBonusController } from './league-bonus.controller';
import { LeagueBonusService } from './league-bonus.service';
import { LeagueQuestionsController } from './league-questions.controller';
import { LeagueQuestionsService } from './league-questions.service';

/**
 * Bonus questions (the `bonus_answers` and `bonus_settlements` tables): a competition's champion,
 * top scorer and, for a league, bottom team, answered before its first kick-off and settled by
 * the results or an operator (reads the season whole through fixtures' SeasonResultsService); and a
 * private league's questions of its own (`league_questions`, `league_question_answers`), checked for
 * access through leagues' LeagueAccessService; and everyone's answers seen from a league once the
 * season started (LeagueBonusService, the leagues' members list). Their points in the league tables:
 * BonusPointsModule.
 */
@Module({
  imports: [AuditModule, BonusPointsModule, FixturesModule, LeaguesModule, SeasonsModule, UsersModule],
  controllers: [BonusController, BonusAdminController, LeagueQuestionsController, LeagueBonusController],
  providers: [BonusService, LeagueQuestionsService, LeagueBonusService, AdminGuard],
  exports: [BonusService],
})
export class BonusModule {}
