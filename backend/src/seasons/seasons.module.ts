import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PreferencesModule } from '../auth/preferences.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { SeasonImportService } from './season-import.service';
import { SeasonPlayersController } from './season-players.controller';
import { SeasonPlayersService } from './season-players.service';
import { SeasonsController } from './seasons.controller';
import { SeasonsService } from './seasons.service';

/**
 * Seasons: the calendar (the `seasons` and `gameweeks` tables). The active season, each
 * gameweek's derived status and deadline, the gameweek spans, and the season import (seasons/
 * import: a season with its gameweeks, missing clubs and fixtures in one transaction, the
 * fixtures written through fixtures/fixtures.queries.ts) and the demo seed. Split from fixtures/
 * (one match at a time); other domains read the season through SeasonsService. A tournament's
 * squads and goals (`squad_players`, `fixture_goals`, written by its import) through
 * SeasonPlayersService: the top-scorer question's players and scorers.
 */
@Module({
  // The resolver asks for the fan's current competition and the ones they play.
  imports: [PreferencesModule, CompetitionsModule, AuditModule],
  controllers: [SeasonsController, SeasonPlayersController],
  providers: [SeasonsService, SeasonImportService, SeasonPlayersService],
  exports: [SeasonsService, SeasonImportService, SeasonPlayersService],
})
export class SeasonsModule {}
