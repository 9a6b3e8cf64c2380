import type { EntityManager } from 'typeorm';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { DomainEventMap } from '@scoreline/contracts/events';
import type { OutboxService } from '../platform/outbox/outbox.service';
import { ApiError } from '../platform/common/api-error';
import { createMissingClubs, ensureCompetition, selectClubIdsByName } from '../platform/database/reference-data.queries';
import { lockGameweeksForChange } from '../fixtures/gameweek-lock';
import {
  insertImportedFixtures,
  selectImportedFixturesForUpdate,
  updateImportedFixtures,
  type ExistingFixture,
  type ImportedFixture,
} from '../fixtures/fixture-import-store';
import {
  activateSeason,
  isSeasonActive,
  lockImports,
  refreshGameweekSpans,
  selectGameweekIdsTouchedByImport,
  selectSeasonFormat,
  upsertGameweeks,
  upsertSeason,
} from '../seasons/season-import-store';
import type { SeasonImportPlan } from './prepare-season-import';

/**
 * Writes a prepared season in the caller's transaction: upserts the season (by league code
 * and label; its competition is made when missing), its gameweeks, any missing clubs and its
 * fixtures (by external key, so a re-import updates and never duplicates), optionally makes it
 * the active season, and raises `result.recorded` for every existing fixture whose status or
 * score changed, so scoring runs.
 *
 * A fixture that already has predictions keeps its gameweek (moving it would move users'
 * predictions and bankers between gameweeks); everything else follows the file. Rows the file
 * had but validation refused are not in the plan: their stored fixtures (from an earlier
 * import) are left as they were, since nothing is ever deleted here.
 */
export async function writeSeasonImport(
  tx: EntityManager,
  plan: SeasonImportPlan,
  opts: { activate: boolean },
  outbox: Pick<OutboxService, 'publishMany'>,
): Promise<ImportSeasonResult> {
  const { season } = plan;
  await lockImports(tx);
  if ((await selectSeasonFormat(tx, season.leagueCode, season.seasonLabel)) === 'tournament') {
    throw ApiError.badRequest(`The season ${season.leagueCode} ${season.seasonLabel} holds a tournament's rounds; a league file cannot be imported into it.`);
  }

  await ensureCompetition(tx, season.leagueCode, plan.leagueName);
  const seasonId = await upsertSeason(tx, { name: season.name, label: season.seasonLabel, leagueCode: season.leagueCode, shiftDays: plan.shiftDays });
  // The gameweeks of this season and of the active one are locked for a change before anything
  // moves (see gameweek-lock.ts): prediction saves in flight finish first, later ones wait.
  await lockGameweeksForChange(tx, await selectGameweekIdsTouchedByImport(tx, seasonId));
  if (opts.activate) await activateSeason(tx, seasonId);

  // Gameweeks.
  const gameweekRows = await upsertGameweeks(
    tx,
    seasonId,
    season.gameweeks.map((g) => ({ number: g.number, starts_at: g.startsAt, ends_at: g.endsAt })),
  );
  const gameweekIdOf = new Map(gameweekRows.map((g) => [g.number, g.id]));

  // Clubs: by name or alternate name (case-insensitive); a missing club is created.
  const teamNames = [...new Set(season.fixtures.flatMap((f) => [f.homeTeam, f.awayTeam]))];
  const clubsCreated = await createMissingClubs(tx, teamNames, season.leagueCode, plan.leagueName);
  const clubIdOf = await selectClubIdsByName(tx, teamNames);

  // Fixtures.
  const existing = await selectImportedFixturesForUpdate(tx, seasonId);
  const existingByKey = new Map(existing.map((f) => [f.external_key, f]));

  const inserts: ImportedFixture[] = [];
  const updates: ImportedFixture[] = [];
  const changedResults: (ExistingFixture & { score_moved: boolean })[] = [];
  let unchanged = 0;
  for (const f of season.fixtures) {
    const row: ImportedFixture = {
      id: null,
      external_key: f.externalKey,
      gameweek_id: gameweekIdOf.get(f.gameweekNumber) as number,
      home_club_id: clubIdOf.get(f.homeTeam) as number,
      away_club_id: clubIdOf.get(f.awayTeam) as number,
      kickoff_at: f.kickoffAt.toISOString(),
      kickoff_confirmed: f.kickoffConfirmed,
      status: f.status,
      home_score: f.homeScore,
      away_score: f.awayScore,
      awarded: f.awarded,
      real_home_score: f.realHomeScore ?? f.homeScore,
      real_away_score: f.realAwayScore ?? f.awayScore,
    };
    const old = existingByKey.get(f.externalKey);
    if (!old) {
      inserts.push(row);
      continue;
    }
    row.id = old.id;
    if (old.has_predictions) row.gameweek_id = old.gameweek_id;
    const scoreMoved = old.status !== row.status || old.home_score !== row.home_score || old.away_score !== row.away_score;
    // A live match's minute is cleared too.
    const resultChanged = scoreMoved || old.minute !== null;
    const anyChange =
      resultChanged ||
      old.gameweek_id !== row.gameweek_id ||
      old.home_club_id !== row.home_club_id ||
      old.away_club_id !== row.away_club_id ||
      new Date(old.kickoff_at).getTime() !== f.kickoffAt.getTime() ||
      old.kickoff_confirmed !== row.kickoff_confirmed ||
      old.awarded !== row.awarded;
    if (!anyChange) {
      unchanged += 1;
      continue;
    }
    updates.push(row);
    if (resultChanged) changedResults.push({ ...old, status: row.status, home_score: row.home_score, away_score: row.away_score, gameweek_id: row.gameweek_id, score_moved: scoreMoved });
  }

  if (inserts.length > 0) await insertImportedFixtures(tx, seasonId, inserts);
  if (updates.length > 0) await updateImportedFixtures(tx, seasonId, updates);
  await refreshGameweekSpans(tx, { seasonId });

  await outbox.publishMany(
    tx,
    'result.recorded',
    changedResults.map(
      (f): DomainEventMap['result.recorded'] => ({
        fixtureId: f.id,
        seasonId,
        gameweekId: f.gameweek_id,
        status: f.status as DomainEventMap['result.recorded']['status'],
        homeScore: f.home_score,
        awayScore: f.away_score,
        minute: null,
        scoreMoved: f.score_moved,
      }),
    ),
  );

  const isActive = await isSeasonActive(tx, seasonId);
  return {
    season: { id: seasonId, name: season.name, label: season.seasonLabel, league_code: season.leagueCode, is_active: isActive },
    gameweeks: season.gameweeks.length,
    fixtures: { total: season.fixtures.length, created: inserts.length, updated: updates.length, unchanged },
    refused: plan.refused,
    clubs_created: clubsCreated,
    results_recorded: changedResults.length,
    shift_days: plan.shiftDays,
  };
}
