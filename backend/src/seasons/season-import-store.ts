/**
 * What the season import (season-import/) and the demo seed (demo/) read and write of the seasons
 * domain's tables — `seasons`, `gameweeks`, a tournament's `squad_players` and `fixture_goals` —
 * in the caller's transaction, beside the fixtures it writes through fixtures/fixture-import-store.ts:
 * a season file is stored whole or not at all. Plain functions over the transaction's
 * EntityManager, not SeasonsService: the import also runs outside Nest (the migrate CLI seeds the
 * demo). Their SQL stays private to the domain (seasons.queries.ts, squads-and-goals.queries.ts).
 */
export {
  activateSeason,
  ensureSeason,
  isSeasonActive,
  lockImports,
  refreshGameweekSpans,
  refreshTournamentRoundSpans,
  selectGameweekIdsTouchedByImport,
  selectSeasonFormat,
  updateSeasonShift,
  upsertGameweeks,
  upsertSeason,
  upsertTournamentRounds,
  type StoredSeasonFormat,
} from './seasons.queries';
export { replaceFixtureGoals, selectSeasonGoals, updateNationalTeamCodes, writeSquadPlayers } from './squads-and-goals.queries';
