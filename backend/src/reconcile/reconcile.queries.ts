import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  DRIFTING_FIXTURES_SQL,
  DRIFTING_STANDINGS_SQL,
  DRIFTING_TOTALS_SQL,
  RECONCILE_LOCK,
  REPAIR_GAMEWEEK_TOTALS_SQL,
  REPAIR_SEASON_TOTALS_SQL,
} from './reconcile.sql';

/**
 * The reconciler's data door: running the checks and repairs of reconcile.sql.ts. It writes only
 * the totals tables' repairs itself; predictions and standings are repaired through their writers.
 */

// ---- The pass lock (a session lock on the pass's own connection) -----------------------------

export async function lockPass(connection: QueryRunner): Promise<void> {
  await connection.query(`SELECT pg_advisory_lock($1, $2)`, [...RECONCILE_LOCK]);
}

export async function tryLockPass(connection: QueryRunner): Promise<boolean> {
  const [row]: { locked: boolean }[] = await connection.query(`SELECT pg_try_advisory_lock($1, $2) AS locked`, [...RECONCILE_LOCK]);
  return row.locked;
}

export async function unlockPass(connection: QueryRunner): Promise<void> {
  await connection.query(`SELECT pg_advisory_unlock($1, $2)`, [...RECONCILE_LOCK]);
}

// ---- Finding drift ---------------------------------------------------------------------------

/**
 * A finding query: one read over up to every prediction or member, so (as in scoring) no JIT
 * compilation, which costs more than it saves, and room for its hash joins and sorts.
 */
function find<T>(db: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL jit = off`);
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    return tx.query(sql, params) as Promise<T[]>;
  });
}

export function findDriftingFixtures(db: DataSource, graceSeconds: number): Promise<{ fixture_id: number }[]> {
  return find(db, DRIFTING_FIXTURES_SQL, [graceSeconds]);
}

export type TotalsDrift = { kind: 'gameweek' | 'season'; user_id: number; key_id: number; season_id: number };

export function findDriftingTotals(db: DataSource): Promise<TotalsDrift[]> {
  return find(db, DRIFTING_TOTALS_SQL, []);
}

export function findDriftingStandings(
  db: DataSource,
  seasonId: number | null,
  recent: { id: number; number: number } | null,
  graceSeconds: number,
): Promise<{ league_id: number; rows: number }[]> {
  return find(db, DRIFTING_STANDINGS_SQL, [seasonId, recent?.id ?? null, recent?.number ?? null, graceSeconds]);
}

// ---- Repairing totals ------------------------------------------------------------------------

export async function withoutJit(tx: EntityManager): Promise<void> {
  await tx.query(`SET LOCAL jit = off`);
}

/** Answers how many rows were repaired. */
export async function repairGameweekTotals(tx: EntityManager, userIds: number[], gameweekIds: number[]): Promise<number> {
  const [{ repaired }]: { repaired: number }[] = await tx.query(REPAIR_GAMEWEEK_TOTALS_SQL, [userIds, gameweekIds]);
  return repaired;
}

export async function repairSeasonTotals(tx: EntityManager, userIds: number[], seasonIds: number[]): Promise<number> {
  const [{ repaired }]: { repaired: number }[] = await tx.query(REPAIR_SEASON_TOTALS_SQL, [userIds, seasonIds]);
  return repaired;
}

// ---- The passes' reports ---------------------------------------------------------------------

/** Reports kept: the console shows the latest ten; a few more say what came before. */
const REPORTS_KEPT = 100;

/** One pass's report; the oldest beyond REPORTS_KEPT go in the same statement. */
export async function insertReport(db: DataSource, repaired: number, summary: string): Promise<void> {
  await db.query(
    `WITH written AS (INSERT INTO reconciler_reports (repaired, summary) VALUES ($1, $2) RETURNING id)
     DELETE FROM reconciler_reports WHERE id <= (SELECT id FROM written) - $3`,
    [repaired, summary, REPORTS_KEPT],
  );
}

export function selectLatestReports(db: DataSource, limit: number): Promise<{ at: Date; repaired: number; summary: string }[]> {
  return db.query(`SELECT at, repaired, summary FROM reconciler_reports ORDER BY id DESC LIMIT $1`, [limit]);
}
