import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { repoRoot, type AppEnv } from '../config/env';
import { writeSeasonImport } from './import/import-season';
import { prepareSeasonImport } from './import/prepare-season-import';
import { anyFixtures } from '../fixtures/fixtures.queries';
import { OutboxService } from '../outbox/outbox.service';
import type { DemoWorldSummary } from '../demo/demo-world';

/** The latest bundled season: imported shifted to now on a first start, as the live demo. */
export const DEMO_SEASON_FILE = join('backend', 'data', 'openfootball', '2025-26', 'en.1.json');

/**
 * Imports the demo season shifted to now, as the active season. Works on a bare DataSource
 * (no Nest container): the start-up migration step calls it before the apps boot.
 */
export async function seedDemoSeason(db: DataSource, now = new Date()): Promise<ImportSeasonResult> {
  const raw: unknown = JSON.parse(readFileSync(join(repoRoot(), DEMO_SEASON_FILE), 'utf8'));
  const prepared = prepareSeasonImport(raw, { shiftToNow: true, leagueCode: 'en.1', now });
  if (!prepared.ok) throw new Error(`demo season: ${prepared.message}`);
  // OutboxService.publish only writes SQL in the caller's transaction: usable without Nest.
  return db.transaction((tx) => writeSeasonImport(tx, prepared.plan, { activate: true }, new OutboxService(db)));
}

/**
 * On first start (no fixtures at all) and unless SEED_DEMO=false, import the demo season so a
 * new user has a current gameweek to predict, past gameweeks with real results and upcoming
 * ones, and people it with demo fans (demo/demo-world.ts): leagues with tables, picks and rivals.
 * Only on that first start: a database that already has a season never gets demo fans.
 * Returns the import summary, or null when nothing was done.
 */
export async function seedDemoIfEmpty(db: DataSource, env: Pick<AppEnv, 'seedDemo'>): Promise<ImportSeasonResult | null> {
  if (!env.seedDemo) return null;
  if (await anyFixtures(db)) return null;
  const season = await seedDemoSeason(db);
  // Loaded only when seeding: the migration step's usual path (and the test setup, which runs
  // outside jest's @scoreline/* path mapping) then needs none of the game's services.
  const { seedDemoWorld } = await import('../demo/demo-world');
  await seedDemoWorld(db);
  return season;
}

/** What `npm run ops -- seed-demo` made: the season and its world, or nothing (already there). */
export type DemoSeedResult = { seeded: true; season: ImportSeasonResult; world: DemoWorldSummary | null } | { seeded: false; demoFans: true };

/**
 * The whole demo (season shifted to now, then its demo fans, leagues, tables and winners), on
 * any database, as the first start makes it. Once only: when demo fans exist it changes nothing
 * (not even the season's dates), so running it again makes no duplicates.
 */
export async function seedDemoSeasonAndWorld(db: DataSource): Promise<DemoSeedResult> {
  const { demoWorldSeeded, seedDemoWorld } = await import('../demo/demo-world');
  if (await demoWorldSeeded(db)) return { seeded: false, demoFans: true };
  const season = await seedDemoSeason(db);
  // seedDemoWorld checks again inside its transaction: of two concurrent runs one makes the fans.
  return { seeded: true, season, world: await seedDemoWorld(db) };
}
