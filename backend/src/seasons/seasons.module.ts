import { Module } from '@nestjs/common';
import { PreferencesModule } from '../auth/preferences.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { SeasonPlayersController } from './season-players.controller';
import { SeasonPlayersService } from './season-players.service';
import { SeasonsController } from './seasons.controller';
import { SeasonsService } from './seasons.service';

/**
 * Seasons: the calendar (the `seasons` and `gameweeks` tables). The active season, each
 * gameweek's derived status and deadline, the gameweek spans (the season import, which writes
 * them, is season-import/; the demo seed is demo/). Split from fixtures/
 * (one match at a time); other domains read the season through SeasonsService. A tournament's
 * squads and goals (`squad_players`, `fixture_goals`, written by its import) through
 * SeasonPlayersService: the top-scorer question's players and scorers.
 */
@Module({
  // The resolver asks for the fan's current competition and the ones they play.
  imports: [PreferencesModule, CompetitionsModule],
  controllers: [SeasonsController, SeasonPlayersController],
  providers: [SeasonsService, SeasonPlayersService],
  exports: [SeasonsService, SeasonPlayersService],
})
export class SeasonsModule {}
