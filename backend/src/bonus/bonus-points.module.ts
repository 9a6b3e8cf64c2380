import { Module } from '@nestjs/common';
import { FixturesModule } from '../fixtures/fixtures.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { BonusPointsService } from './bonus-points.service';

/**
 * The points bonus settlements give (bonus_points, bonus_point_bases, league_question_points):
 * written by the bonus module's settlements and, for what the results settle, by the standings
 * worker; read by the season tables. Apart from BonusModule so that standings/ can import it
 * without the leagues it imports (which import standings/).
 */
@Module({
  // Seasons: a tournament's scorers (SeasonPlayersService) settle its top scorer.
  imports: [FixturesModule, SeasonsModule],
  providers: [BonusPointsService],
  exports: [BonusPointsService],
})
export class BonusPointsModule {}
