import { queryPrepared } from '../platform/database/database.queries';
import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { ACTIVE_COMPETITION_CODE_SQL } from './seasons.shared-sql';

/**
 * The seasons domain's data door: the seasons and gameweeks tables (a gameweek's status and
 * deadline are derived from its fixtures, read here in the same statement). The season import's
 * writes of those two tables are here too, which it calls through season-import-store.ts; its
 * fixtures go through fixtures/fixture-import-store.ts and its clubs through
 * platform/database/reference-data.queries.ts.
 */
type Queryable = DataSource | EntityManager;

export interface ActiveSeason {
  id: number;
  name: string;
  label: string;
  league_code: string;
}

/** The active season of a competition (its league code), or null (seasons_one_active_per_competition: one at most). */
export async function selectActiveSeasonOf(q: Queryable, competitionCode: string): Promise<ActiveSeason | null> {
  const rows: ActiveSeason[] = await queryPrepared(
    q,
    'active_season_of',
    `SELECT id, name, label, league_code FROM seasons WHERE league_code = $1 AND is_active`,
    [competitionCode],
  );
  return rows[0] ?? null;
}

/** The season of a gameweek when it is active, else null. */
export async function selectActiveSeasonOfGameweek(q: Queryable, gameweekId: number): Promise<ActiveSeason | null> {
  const rows: ActiveSeason[] = await q.query(
    `SELECT s.id, s.name, s.label, s.league_code FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active WHERE g.id = $1`,
    [gameweekId],
  );
  return rows[0] ?? null;
}

/** Every active season (one per competition being played), oldest first: for the sweeps that walk them all. */
export function selectActiveSeasons(q: Queryable): Promise<ActiveSeason[]> {
  return q.query(`SELECT id, name, label, league_code FROM seasons WHERE is_active ORDER BY id`);
}

export interface GameweekRow {
  id: number;
  number: number;
  /** The round as its file names it (a tournament's); null for a league's matchday. */
  name: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  statuses: FixtureStatus[];
  scored: number;
  now: Date;
}

/** Every gameweek of a season, ascending by number, with its fixtures' statuses. */
export function selectGameweeksOfSeason(q: Queryable, seasonId: number): Promise<GameweekRow[]> {
  return queryPrepared(q, 'gameweeks_of_season',
    `SELECT g.id, g.number, g.name, g.starts_at, g.ends_at,
            COALESCE(array_agg(f.status) FILTER (WHERE f.id IS NOT NULL), '{}') AS statuses,
            count(f.id) FILTER (WHERE f.status IN ('live', 'finished'))::int AS scored,
            statement_timestamp() AS now
     FROM gameweeks g LEFT JOIN fixtures f ON f.gameweek_id = g.id
     WHERE g.season_id = $1
     GROUP BY g.id ORDER BY g.number`,
    [seasonId],
  );
}

/** Every round of a season with its stored name (null for a league's matchday), for texts that name it. */
export function selectRoundsOfSeason(q: Queryable, seasonId: number): Promise<{ id: number; number: number; name: string | null }[]> {
  return q.query(`SELECT id, number, name FROM gameweeks WHERE season_id = $1 ORDER BY number`, [seasonId]);
}

/**
 * A gameweek's starts_at / ends_at are its first and last kick-off; starts_at is the prediction
 * deadline. Recompute them from the fixtures after any change of kick-off or gameweek.
 */
export async function refreshGameweekSpans(tx: EntityManager, where: { seasonId: number } | { gameweekIds: number[] }): Promise<void> {
  const [filter, param] = 'seasonId' in where ? ['g.season_id = $1', where.seasonId] : ['g.id = ANY($1::int[])', where.gameweekIds];
  await tx.query(
    `UPDATE gameweeks g SET starts_at = s.starts_at, ends_at = s.ends_at
     FROM (SELECT g.id, min(f.kickoff_at) AS starts_at, max(f.kickoff_at) AS ends_at
           FROM gameweeks g LEFT JOIN fixtures f ON f.gameweek_id = g.id
           WHERE ${filter} GROUP BY g.id) s
     WHERE g.id = s.id AND (g.starts_at IS DISTINCT FROM s.starts_at OR g.ends_at IS DISTINCT FROM s.ends_at)`,
    [param],
  );
}

// ---- The season import -----------------------------------------------------------------------

/** Serialises imports (and season activation) across processes. */
const IMPORT_LOCK_KEY = 7_301_001;

export async function lockImports(tx: EntityManager): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [IMPORT_LOCK_KEY]);
}

/** The season by league code and label, created or renamed; answers its id. */
export async function upsertSeason(tx: EntityManager, s: { name: string; label: string; leagueCode: string; shiftDays: number }): Promise<number> {
  const [row]: { id: number }[] = await tx.query(
    `INSERT INTO seasons (name, label, league_code, shift_days, shift_ms) VALUES ($1, $2, $3, $4::int, $4::int * 86400000::bigint)
     ON CONFLICT (league_code, label) DO UPDATE SET name = EXCLUDED.name, shift_days = EXCLUDED.shift_days, shift_ms = EXCLUDED.shift_ms, updated_at = now()
     RETURNING id`,
    [s.name, s.label, s.leagueCode, s.shiftDays],
  );
  return row.id;
}

/** A shift by whole hours (the demo World Cup's), which `shift_days` cannot hold. */
export async function updateSeasonShift(tx: EntityManager, seasonId: number, shiftMs: number): Promise<void> {
  await tx.query(`UPDATE seasons SET shift_ms = $2::bigint, shift_days = round($2::bigint / 86400000.0) WHERE id = $1`, [seasonId, shiftMs]);
}

/** The active seasons moved in time (the demo's), with how far: what the results feed's stand-in replays. */
export async function selectShiftedActiveSeasons(m: EntityManager | DataSource): Promise<{ league_code: string; shift_ms: string }[]> {
  return m.query(`SELECT league_code, shift_ms::text AS shift_ms FROM seasons WHERE is_active AND shift_ms <> 0 ORDER BY id`);
}

/** The gameweeks of this season and of its competition's active one: an import may move fixtures of either. */
export async function selectGameweekIdsTouchedByImport(tx: EntityManager, seasonId: number): Promise<number[]> {
  const rows: { id: number }[] = await tx.query(
    `SELECT g.id FROM gameweeks g JOIN seasons s ON s.id = g.season_id
     WHERE g.season_id = $1 OR (s.is_active AND s.league_code = (SELECT league_code FROM seasons WHERE id = $1))`,
    [seasonId],
  );
  return rows.map((g) => g.id);
}

/** Activates the season and deactivates its competition's other one; other competitions' seasons stay as they are. */
export async function activateSeason(tx: EntityManager, seasonId: number): Promise<void> {
  // Two statements: the one-active-per-competition partial unique index is checked row by row.
  await tx.query(
    `UPDATE seasons SET is_active = false, updated_at = now()
     WHERE is_active AND id <> $1 AND league_code = (SELECT league_code FROM seasons WHERE id = $1)`,
    [seasonId],
  );
  await tx.query(`UPDATE seasons SET is_active = true, updated_at = now() WHERE id = $1 AND NOT is_active`, [seasonId]);
}

/** The season's gameweeks, created or re-dated; answers their ids by number. */
export function upsertGameweeks(
  tx: EntityManager,
  seasonId: number,
  gameweeks: { number: number; starts_at: Date | string | null; ends_at: Date | string | null }[],
): Promise<{ id: number; number: number }[]> {
  return tx.query(
    `INSERT INTO gameweeks (season_id, number, starts_at, ends_at)
     SELECT $1, g.number, g.starts_at, g.ends_at
     FROM jsonb_to_recordset($2::jsonb) AS g(number int, starts_at timestamptz, ends_at timestamptz)
     ON CONFLICT (season_id, number) DO UPDATE SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at
     RETURNING id, number`,
    [seasonId, JSON.stringify(gameweeks)],
  );
}

export async function isSeasonActive(tx: EntityManager, seasonId: number): Promise<boolean> {
  const [active]: { is_active: boolean }[] = await tx.query(`SELECT is_active FROM seasons WHERE id = $1`, [seasonId]);
  return active.is_active;
}

// ---- The tournament import -------------------------------------------------------------------

/** What a stored season holds: a tournament's rounds carry their names, a league's matchdays do not. */
export type StoredSeasonFormat = 'none' | 'empty' | 'league' | 'tournament';

export async function selectSeasonFormat(tx: EntityManager, leagueCode: string, label: string): Promise<StoredSeasonFormat> {
  const [row]: { format: StoredSeasonFormat }[] = await tx.query(
    `SELECT CASE WHEN EXISTS (SELECT 1 FROM gameweeks g WHERE g.season_id = s.id AND g.name IS NOT NULL) THEN 'tournament'
                 WHEN EXISTS (SELECT 1 FROM gameweeks g WHERE g.season_id = s.id) THEN 'league'
                 ELSE 'empty' END AS format
     FROM seasons s WHERE s.league_code = $1 AND s.label = $2`,
    [leagueCode, label],
  );
  return row?.format ?? 'none';
}

/** The season by league code and label, created, or renamed when its name changed; nothing is written otherwise. */
export async function ensureSeason(tx: EntityManager, s: { name: string; label: string; leagueCode: string }): Promise<{ id: number; is_active: boolean }> {
  const [created]: { id: number; is_active: boolean }[] = await tx.query(
    `INSERT INTO seasons (name, label, league_code) VALUES ($1, $2, $3) ON CONFLICT (league_code, label) DO NOTHING RETURNING id, is_active`,
    [s.name, s.label, s.leagueCode],
  );
  if (created) return created;
  await tx.query(`UPDATE seasons SET name = $3, updated_at = now() WHERE league_code = $1 AND label = $2 AND name IS DISTINCT FROM $3`, [
    s.leagueCode,
    s.label,
    s.name,
  ]);
  const [found]: { id: number; is_active: boolean }[] = await tx.query(`SELECT id, is_active FROM seasons WHERE league_code = $1 AND label = $2`, [
    s.leagueCode,
    s.label,
  ]);
  return found;
}

/** A tournament's rounds, created or updated where their name, kind or legs changed; answers every round's id by number. */
export async function upsertTournamentRounds(
  tx: EntityManager,
  seasonId: number,
  rounds: { number: number; name: string; kind: string; two_legged: boolean }[],
): Promise<{ id: number; number: number }[]> {
  await tx.query(
    `INSERT INTO gameweeks (season_id, number, name, kind, two_legged)
     SELECT $1, r.number, r.name, r.kind, r.two_legged
     FROM jsonb_to_recordset($2::jsonb) AS r(number int, name text, kind text, two_legged boolean)
     ON CONFLICT (season_id, number) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, two_legged = EXCLUDED.two_legged
     WHERE (gameweeks.name, gameweeks.kind, gameweeks.two_legged) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.kind, EXCLUDED.two_legged)`,
    [seasonId, JSON.stringify(rounds)],
  );
  return tx.query(`SELECT id, number FROM gameweeks WHERE season_id = $1 ORDER BY number`, [seasonId]);
}

/**
 * A tournament's rounds span their first and last kick-off, as refreshGameweekSpans does, except
 * that a round's deadline (starts_at) moves only while the round has not started at `now`: a
 * later kick-off moved in a started round does not reopen or close it. Writes only what moves.
 */
export async function refreshTournamentRoundSpans(tx: EntityManager, seasonId: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE gameweeks g SET starts_at = n.starts_at, ends_at = n.ends_at
     FROM (SELECT g.id,
                  CASE WHEN g.starts_at IS NULL OR g.starts_at > $2 THEN s.starts_at ELSE g.starts_at END AS starts_at,
                  s.ends_at
           FROM gameweeks g
           JOIN (SELECT g.id, min(f.kickoff_at) AS starts_at, max(f.kickoff_at) AS ends_at
                 FROM gameweeks g LEFT JOIN fixtures f ON f.gameweek_id = g.id
                 WHERE g.season_id = $1 GROUP BY g.id) s ON s.id = g.id) n
     WHERE g.id = n.id AND (g.starts_at IS DISTINCT FROM n.starts_at OR g.ends_at IS DISTINCT FROM n.ends_at)`,
    [seasonId, now],
  );
}

// ---- The competition played ------------------------------------------------------------------

/** The active season's competition (its league code), or the home competition while none is active (ACTIVE_COMPETITION_CODE_SQL). */
export async function selectActiveCompetitionCode(q: Queryable): Promise<string> {
  const [row]: { code: string }[] = await q.query(`SELECT ${ACTIVE_COMPETITION_CODE_SQL} AS code`);
  return row.code;
}
