import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { repoRoot, type AppEnv } from '../platform/config/env';
import { writeSeasonImport } from '../season-import/import-season';
import { prepareSeasonImport } from '../season-import/prepare-season-import';
import { anyFixtures } from '../fixtures/fixture-import-store';
import { updateSeasonShift } from '../seasons/season-import-store';
import { OutboxService } from '../platform/outbox/outbox.service';
import type { DemoWorldSummary } from './demo-world';

/** The latest bundled season: imported shifted to now on a first start, as the live demo. */
export const DEMO_SEASON_FILE = join('backend', 'data', 'openfootball', '2025-26', 'en.1.json');

/**
 * The World Cup beside it: the file as it stood at the end of 28 June 2026, when the group stage
 * was played, the Round of 32 had its teams (one of its matches played, a result the shift takes
 * away) and every later round still named its sides by placeholder ("W73"). Shifted to now, its
 * Round of 32 is open: sixteen matches with a "who goes through" pick each, complete group tables
 * behind it and the bracket still to fill. A group day would open four to six matches and no
 * knockout pick: only the current round takes predictions.
 */
export const DEMO_TOURNAMENT_FILE = join('backend', 'data', 'openfootball', '2026', 'worldcup-2026-06-28.json');

/** The demo's competitions, each an active season: the league first (the default of a fan who plays neither), then the World Cup. */
export interface DemoSeasons {
  season: ImportSeasonResult;
  tournament: ImportSeasonResult;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(repoRoot(), file), 'utf8'));

function writeDemoLeagueSeason(tx: EntityManager, db: DataSource, now: Date): Promise<ImportSeasonResult> {
  const prepared = prepareSeasonImport(readJson(DEMO_SEASON_FILE), { shiftToNow: true, leagueCode: 'en.1', now });
  if (!prepared.ok) throw new Error(`demo season: ${prepared.message}`);
  // OutboxService.publish only writes SQL in the caller's transaction: usable without Nest.
  return writeSeasonImport(tx, prepared.plan, { activate: true }, new OutboxService(db));
}

/**
 * The demo World Cup through the tournament import, its kick-offs shifted first
 * (shiftTournamentToNow): the file's dates still key its matches, so a later snapshot or the
 * final file imported by an operator merges into it as it would into the real one.
 */
async function writeDemoTournament(tx: EntityManager, db: DataSource, now: Date): Promise<ImportSeasonResult> {
  // Loaded only when seeding, as the demo world is (seedDemoIfEmpty): the tournament reader needs
  // the contracts' @scoreline/* paths, which the test setup's migration step does not map.
  const { prepareTournamentImport, writeTournamentImport } = await import('../season-import/import-tournament');
  const { shiftTournamentToNow } = await import('./demo-tournament');
  const { readSquadsBeside } = await import('../season-import/squads-file');
  // worldcup.squads.json beside it: the top scorer is answered with a player of the squads.
  const squads = readSquadsBeside(join(repoRoot(), DEMO_TOURNAMENT_FILE));
  const prepared = prepareTournamentImport(readJson(DEMO_TOURNAMENT_FILE), { squads: squads?.raw });
  if (!prepared.ok) throw new Error(`demo tournament: ${prepared.message}`);
  const shifted = shiftTournamentToNow(prepared.plan.tournament, now);
  const result = await writeTournamentImport(tx, { ...prepared.plan, tournament: shifted.tournament }, { now, activate: true }, new OutboxService(db));
  await updateSeasonShift(tx, result.season.id, shifted.shiftMs);
  return { ...result, shift_days: Math.round(shifted.shiftMs / (24 * 60 * 60 * 1000)) };
}

/**
 * Imports the demo season shifted to now, as the active season. Works on a bare DataSource
 * (no Nest container): the start-up migration step calls it before the apps boot.
 */
export async function seedDemoSeason(db: DataSource, now = new Date()): Promise<ImportSeasonResult> {
  return db.transaction((tx) => writeDemoLeagueSeason(tx, db, now));
}

/**
 * The demo's two competitions, both shifted to `now` and active, in one transaction (a failed
 * start leaves neither, so the next one seeds again): the Premier League with a gameweek open
 * about two days ahead, the World Cup with its Round of 32 open and kicking off within hours.
 */
export async function seedDemoSeasons(db: DataSource, now = new Date()): Promise<DemoSeasons> {
  return db.transaction(async (tx) => {
    // The league first: the lower season id is the default competition of a fan who plays none.
    const season = await writeDemoLeagueSeason(tx, db, now);
    const tournament = await writeDemoTournament(tx, db, now);
    return { season, tournament };
  });
}

/**
 * On first start (no fixtures at all) and unless SEED_DEMO=false, import the demo's competitions
 * so a new user has a current gameweek to predict, past gameweeks with real results and upcoming
 * ones, and people them with demo fans (demo/demo-world.ts): leagues with tables, picks and rivals.
 * Only on that first start: a database that already has a season never gets demo fans.
 * Returns the league's import summary, or null when nothing was done.
 */
export async function seedDemoIfEmpty(db: DataSource, env: Pick<AppEnv, 'seedDemo'>): Promise<ImportSeasonResult | null> {
  if (!env.seedDemo) return null;
  if (await anyFixtures(db)) return null;
  const { season } = await seedDemoSeasons(db);
  // Loaded only when seeding: the migration step's usual path (and the test setup, which runs
  // outside jest's @scoreline/* path mapping) then needs none of the game's services.
  const { seedDemoWorld } = await import('./demo-world');
  await seedDemoWorld(db);
  return season;
}

/** What `npm run ops -- seed-demo` made: the competitions and their world, or nothing (already there). */
export type DemoSeedResult =
  | { seeded: true; season: ImportSeasonResult; tournament: ImportSeasonResult; world: DemoWorldSummary | null }
  | { seeded: false; demoFans: true };

/**
 * The whole demo (the competitions shifted to now, then their demo fans, leagues, tables and
 * winners), on any database, as the first start makes it. Once only: when demo fans exist it
 * changes nothing (not even the seasons' dates), so running it again makes no duplicates.
 */
export async function seedDemoSeasonAndWorld(db: DataSource): Promise<DemoSeedResult> {
  const { demoWorldSeeded, seedDemoWorld } = await import('./demo-world');
  if (await demoWorldSeeded(db)) return { seeded: false, demoFans: true };
  const { season, tournament } = await seedDemoSeasons(db);
  // seedDemoWorld checks again inside its transaction: of two concurrent runs one makes the fans.
  return { seeded: true, season, tournament, world: await seedDemoWorld(db) };
}
