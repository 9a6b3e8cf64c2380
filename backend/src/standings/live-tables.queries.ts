import type { DataSource, EntityManager } from 'typeorm';
import { SCORING_LOCK_NAMESPACE } from '../scoring/scoring.shared-sql';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { seasonTableGameweeksSql, tableCountsBonus, tableFiguresOf, tableTotalsSql, type TableGameweekRow, type TableSource } from './league-tables.queries';
import { parseIntList } from './ranked-table';
import { intList } from './int-list.shared-sql';
import type { BaseColumns, FixtureScoreState } from './live-table';
import { type SeasonGameweekRow } from './season-context.queries';
import { FIXTURE_STATES_VERSION_SQL, seasonGameweeksSql } from '../seasons/season-context.shared-sql';

type Q = DataSource | EntityManager;

/**
 * The reads of live tables (live-table.ts). They read the game's tables (fixtures, predictions,
 * the totals and the scorer's fixture_scorings) as the rest of the standings' queries do.
 */

export interface OpenFixtureRow {
  id: number;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  kickoff_at: Date;
  updated_at: Date;
  /** False for a fixture answered only because it changed since a base's load. */
  open: boolean;
}

/** How long after its kick-off a fixture not yet marked live counts as open. */
const KICKED_OFF_WINDOW = `interval '6 hours'`;

/**
 * A fixture is open while its score can move or its stored points may lag it: in play, kicked
 * off in the last hours but not yet marked live (so a table's base holds it before its first
 * goal), or scored at another score or status than it has now (the scorer still to come, or a
 * correction).
 */
const OPEN_SQL = `(f.status = 'live' OR (f.status = 'scheduled' AND f.kickoff_at <= now() AND f.kickoff_at > now() - ${KICKED_OFF_WINDOW})
   OR (s.fixture_id IS NULL AND (f.status <> 'scheduled' OR f.home_score IS NOT NULL))
   OR (s.fixture_id IS NOT NULL AND (s.home_score, s.away_score, s.status) IS DISTINCT FROM (f.home_score, f.away_score, f.status)))`;

/**
 * A fixture-changing transaction can commit after a base's snapshot with an updated_at from
 * before it (its own start): fixtures changed this long before a base's load are read again.
 * Admin calls and imports take far less.
 */
const CHANGED_MARGIN = `interval '10 minutes'`;

export interface OpenFixtures {
  /** The open fixtures, and those changed or scored since `changedSince` (less the margin). */
  fixtures: OpenFixtureRow[];
  /** How many fixtures the gameweeks hold: a base knows the states of all of them (a new one means a new base). */
  fixture_count: number;
}

/** The fixtures of some gameweeks as one json: those open or changed since a moment, and how many each gameweek holds. */
export interface LiveFixturesJson {
  fixtures: (Omit<OpenFixtureRow, 'kickoff_at' | 'updated_at'> & { gameweek_id: number; kickoff_at: string; updated_at: string })[];
  counts: Record<string, number>;
}

/** SQL of a LiveFixturesJson: `gameweeks` an int[] expression, `since` a moment in microseconds as text (null: none). */
const liveFixturesJsonSql = (gameweeks: string, since: string) => `json_build_object(
  'fixtures', (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (
     SELECT f.id, f.gameweek_id, f.status, f.home_score, f.away_score, f.kickoff_at, f.updated_at, ${OPEN_SQL} AS open
     FROM fixtures f LEFT JOIN fixture_scorings s ON s.fixture_id = f.id
     WHERE f.gameweek_id = ANY(${gameweeks})
       AND (${OPEN_SQL} OR greatest(f.updated_at, s.scored_at) > to_timestamp(${since}::bigint / 1000000.0) - ${CHANGED_MARGIN})) x),
  'counts', (SELECT coalesce(json_object_agg(gameweek_id, n), '{}') FROM (
     SELECT gameweek_id, count(*)::int AS n FROM fixtures WHERE gameweek_id = ANY(${gameweeks}) GROUP BY gameweek_id) c))`;

/** The part of a LiveFixturesJson that concerns these gameweeks (a table's source). */
export function liveFixturesOf(json: LiveFixturesJson, gameweekIds: number[]): OpenFixtures {
  const wanted = new Set(gameweekIds);
  return {
    fixtures: json.fixtures
      .filter((f) => wanted.has(f.gameweek_id))
      .map(({ gameweek_id: _gameweek, ...f }) => ({ ...f, kickoff_at: new Date(f.kickoff_at), updated_at: new Date(f.updated_at) })),
    fixture_count: gameweekIds.reduce((sum, id) => sum + (json.counts[String(id)] ?? 0), 0),
  };
}


/** The SQL condition "the season has an open fixture" (`season` an SQL expression of its id). */
const seasonHasOpenFixtureSql = (season: string) => `EXISTS (
  SELECT 1 FROM fixtures f
  LEFT JOIN fixture_scorings s ON s.fixture_id = f.id
  WHERE f.season_id = ${season} AND ${OPEN_SQL})`;

/**
 * The live tables' context of a season at one version of the fixtures' rows: whether a
 * fixture is open, the season's gameweeks, the fixtures open or changed since `since` (as
 * as LiveFixturesJson), and when the clock alone will change what is open (a kick-off, or the end
 * of a kicked-off fixture's window; null: never).
 */
export interface LiveContextRow {
  version: string;
  open: boolean;
  gameweeks: SeasonGameweekRow[];
  /** The same gameweeks as the period tables show them. */
  table_gameweeks: TableGameweekRow[];
  fixtures: LiveFixturesJson;
  valid_until: Date | null;
}

/** The statement of selectLiveContext: `season` an SQL expression of the season's id, $1 `since`. */
const liveContextSql = (season: string) => `SELECT ${FIXTURE_STATES_VERSION_SQL} AS version, ${seasonHasOpenFixtureSql(season)} AS open,
            (SELECT coalesce(json_agg(g), '[]') FROM (${seasonGameweeksSql(season)}) g) AS gameweeks,
            (SELECT coalesce(json_agg(g), '[]') FROM (${seasonTableGameweeksSql(season)}) g) AS table_gameweeks,
            ${liveFixturesJsonSql(`ARRAY(SELECT g.id FROM gameweeks g WHERE g.season_id = ${season})`, '$1')} AS fixtures,
            (SELECT least(min(f.kickoff_at) FILTER (WHERE f.kickoff_at > now()), min(f.kickoff_at + ${KICKED_OFF_WINDOW}) FILTER (WHERE f.kickoff_at <= now()))
             FROM fixtures f
             WHERE f.season_id = ${season} AND f.status = 'scheduled' AND f.kickoff_at > now() - ${KICKED_OFF_WINDOW}) AS valid_until`;

/**
 * The season's live context; `since` a base's load time (microseconds, as text; null: none). Read
 * once per season and version of the fixtures' rows (LiveContextService).
 */
export async function selectLiveContext(q: Q, season: number | null, since: string | null): Promise<LiveContextRow> {
  const [row] = await q.query(liveContextSql('$2::int'), [since, season]);
  return row;
}

export interface LiveBaseRows {
  columns: BaseColumns;
  /** The score and status each fixture of the gameweeks had been scored at (null: never scored). */
  states: Map<number, FixtureScoreState | null>;
  /** The load's moment (microseconds, as text). */
  loaded_at: string;
}

/**
 * The base of a live table: every member's figures over the source, in user id order, and the
 * state each fixture of the gameweeks had been scored at — read while no scorer of the season writes (its
 * advisory lock, shared), so every member's totals hold exactly what their picks gave at those
 * states (a big fixture is scored in parts that commit one by one; the lock spans them all).
 * Null at once when a scorer holds the lock.
 */
export async function selectLiveBase(
  db: DataSource,
  leagueId: number,
  source: TableSource,
  seasonId: number,
  gameweekIds: number[],
): Promise<LiveBaseRows | null> {
  return db.transaction(async (tx) => {
    const [{ locked }]: { locked: boolean }[] = await tx.query(`SELECT pg_try_advisory_xact_lock_shared($1, $2) AS locked`, [SCORING_LOCK_NAMESPACE, seasonId]);
    if (!locked) return null;
    const list = (column: string) => intList(column, 'user_id');
    // A season table's points hold the members' bonus points (fixed while matches play: the live moves add to them).
    const { figures, joins } = tableFiguresOf(source.kind, await tableCountsBonus(tx, leagueId, source));
    const [row]: (Record<keyof BaseColumns, string> & { loaded_at: string; states: { fixture_id: number; status: FixtureStatus | null; home_score: number | null; away_score: number | null; scored: boolean }[] })[] =
      await tx.query(
        `SELECT ${list('user_id')} AS user_ids, ${list('points')} AS points, ${list('exact')} AS exact,
                ${list('correct')} AS correct, ${list('live_scored')} AS live_scored,
                (SELECT coalesce(json_agg(s), '[]') FROM (
                   SELECT f.id AS fixture_id, s.status, s.home_score, s.away_score, s.fixture_id IS NOT NULL AS scored
                   FROM fixtures f LEFT JOIN fixture_scorings s ON s.fixture_id = f.id WHERE f.gameweek_id = ANY($3::int[])) s) AS states,
                (extract(epoch FROM now()) * 1000000)::bigint::text AS loaded_at
         FROM (
           SELECT m.user_id, ${figures('points')} AS points, ${figures('exact')} AS exact, ${figures('correct')} AS correct,
                  coalesce(t.live_scored, 0) AS live_scored
           FROM league_members m
           LEFT JOIN (${tableTotalsSql(source.kind)}) t ON t.user_id = m.user_id
           ${joins}
           WHERE m.league_id = $1
         ) members`,
        [leagueId, source.kind === 'season' ? source.seasonId : source.gameweekIds, gameweekIds],
      );
    const states = new Map<number, FixtureScoreState | null>();
    for (const s of row.states) {
      // (A row without a status predates that column and its backfill: its score was scored as in play.)
      states.set(s.fixture_id, s.scored ? { status: s.status ?? 'live', home: s.home_score, away: s.away_score } : null);
    }
    return {
      columns: {
        user_ids: parseIntList(row.user_ids),
        points: parseIntList(row.points),
        exact: parseIntList(row.exact),
        correct: parseIntList(row.correct),
        live_scored: parseIntList(row.live_scored),
      },
      states,
      loaded_at: row.loaded_at,
    };
  });
}

/** A fixture's picks as two columns: user ids and packed picks ((home × 100 + away) × 2 + banker). */
export async function selectFixturePicks(q: Q, fixtureId: number): Promise<{ user_ids: Int32Array; codes: Int32Array }> {
  const [row]: { user_ids: string; codes: string }[] = await q.query(
    `SELECT ${intList('user_id')} AS user_ids, ${intList('(home_score * 100 + away_score) * 2 + (CASE WHEN is_banker THEN 1 ELSE 0 END)')} AS codes
     FROM predictions WHERE fixture_id = $1`,
    [fixtureId],
  );
  return { user_ids: parseIntList(row.user_ids), codes: parseIntList(row.codes) };
}
