import type { LeagueKind } from '@scoreline/contracts/api/leagues';
import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { Side } from '@scoreline/contracts/game/knockout';
import type { PredictionOutcome } from '@scoreline/contracts/game/scoring';
import { advancedSideSql } from '../scoring/knockout.shared-sql';
import { queryPrepared } from '../platform/database/database.queries';
import { userNameStartsWith } from '../users/users.shared-sql';
import { tableOrder, totalsOf } from '../standings/table-ranking.shared-sql';
import { FIXTURE_STATES_VERSION_SQL } from '../seasons/season-context.shared-sql';

type Db = DataSource | EntityManager;

/** Namespace of the advisory lock under which one gameweek's crowd figures are computed. */
const CROWD_LOCK = 7_306;

/**
 * A user's predictions of a gameweek as one JSON array (the predictions_user_gameweek_idx lookup).
 * json, not jsonb: it is only sent on to be parsed, and building jsonb (then writing it out as
 * text) made the grid's one query per request slower (pgbench on a loaded machine, alternating:
 * 0.24–0.36 ms a run against 0.13–0.26 ms).
 */
const PICKS_JSON = (user: string, gameweek: string) => `coalesce((
  SELECT json_agg(json_build_object('fixture_id', p.fixture_id, 'home_score', p.home_score, 'away_score', p.away_score,
                                      'is_banker', p.is_banker, 'advance', p.advance, 'points', p.points, 'outcome', p.outcome,
                                      'is_final', p.is_final)
                   ORDER BY p.fixture_id)
  FROM predictions p WHERE p.user_id = ${user} AND p.gameweek_id = ${gameweek}), '[]'::json)`;

export interface PicksHead {
  type: LeagueKind;
  role: string | null;
  /** The standings recompute's stamp: the version of the league's gameweek order and points. */
  computed_at: Date | null;
  /** When the stored figures were last recomputed (computed_at also moves with a join ranked in place). */
  recomputed_at: Date | null;
  /** The league's season: the active season of its competition; null when it has none. */
  season_id: number | null;
  /** Null when the league's season has no gameweek of that number. */
  gameweek_id: number | null;
  /** Moves with any change of the season's fixtures or of this gameweek's dates. */
  fixtures_version: string | null;
  /** The stored table's size (null before its first recompute). */
  member_count: number | null;
  /** The version of the fixtures' rows (live tables' context: whether a match is open). */
  fixture_states_version: string;
  /** The caller's own row when a member (null fields otherwise). */
  me: PickRowData | null;
}

/**
 * Everything a grid request needs fresh, in one round trip: the league and the caller's
 * membership, the versions the cached parts are keyed by, and the caller's own row (their
 * totals and picks of the gameweek, by index lookups). A prepared statement: planning this
 * join cost Postgres about three times as much as running it, on every grid request.
 */
export async function selectPicksHead(db: DataSource, leagueId: number, viewerId: number, gameweekNumber: number): Promise<PicksHead | null> {
  const [row] = await queryPrepared<Omit<PicksHead, 'me'> & Partial<PickRowData>>(
    db,
    'picks_head',
    `SELECT l.type, m.role, sm.computed_at, sm.recomputed_at, sm.member_count, ${FIXTURE_STATES_VERSION_SQL} AS fixture_states_version,
            se.id AS season_id, gw.id AS gameweek_id,
            concat_ws('|', gw.season_id, gw.starts_at, gw.ends_at, (SELECT max(f.updated_at) FROM fixtures f WHERE f.season_id = gw.season_id)) AS fixtures_version,
            u.id AS user_id, u.username, u.first_name, u.last_name,
            coalesce(t.points, 0) AS points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
            coalesce(t.provisional, false) AS provisional,
            ${PICKS_JSON('u.id', 'gw.id')} AS picks
     FROM leagues l
     LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
     LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
     -- The gameweek of that number in the league's competition's season (one row: one active season per competition).
     LEFT JOIN seasons se ON se.league_code = l.competition_code AND se.is_active
     LEFT JOIN gameweeks gw ON gw.season_id = se.id AND gw.number = $3
     LEFT JOIN users u ON u.id = m.user_id
     LEFT JOIN user_gameweek_totals t ON t.user_id = u.id AND t.gameweek_id = gw.id
     WHERE l.id = $1`,
    [leagueId, viewerId, gameweekNumber],
  );
  if (!row) return null;
  const { type, role, computed_at, recomputed_at, season_id, gameweek_id, fixtures_version, member_count, fixture_states_version, ...me } = row;
  return { type, role, computed_at, recomputed_at, season_id, gameweek_id, fixtures_version, member_count, fixture_states_version, me: me.user_id ? (me as PickRowData) : null };
}

export interface OrderRow {
  user_id: number;
  points: number;
  exact: number;
  correct: number;
}

/**
 * Every member of the league in the gameweek's order: the tables' ranking order (points, then
 * exact scores, then correct results: standings/table-ranking.shared-sql.ts), then user id so that
 * pages never overlap. Members without
 * a prediction count as 0. One hash join over the members; the service keeps the result per
 * standings version.
 */
export async function selectGameweekOrder(db: Db, leagueId: number, gameweekId: number): Promise<OrderRow[]> {
  return db.query(
    `SELECT m.user_id, coalesce(t.points, 0) AS points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct
     FROM league_members m
     LEFT JOIN user_gameweek_totals t ON t.user_id = m.user_id AND t.gameweek_id = $2
     WHERE m.league_id = $1
     ORDER BY ${tableOrder(totalsOf('t'))}, m.user_id`,
    [leagueId, gameweekId],
  );
}

/** Ids of the league's members a word of whose name (or username) starts with the search text. */
export async function selectMembersMatching(db: Db, leagueId: number, search: string): Promise<number[]> {
  const rows: { user_id: number }[] = await db.query(
    `SELECT m.user_id FROM league_members m JOIN users u ON u.id = m.user_id
     WHERE m.league_id = $1 AND ${userNameStartsWith('u', '$2')}`,
    [leagueId, search],
  );
  return rows.map((r) => r.user_id);
}

export interface PickRowData {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  points: number;
  exact: number;
  correct: number;
  provisional: boolean;
  picks: { fixture_id: number; home_score: number; away_score: number; is_banker: boolean; advance: Side | null; points: number | null; outcome: PredictionOutcome | null; is_final: boolean }[];
}

/** The given users' names, gameweek totals and predictions of the gameweek (index lookups per user). */
export async function selectPickRows(db: Db, userIds: number[], gameweekId: number): Promise<PickRowData[]> {
  if (userIds.length === 0) return [];
  return db.query(
    `SELECT u.id AS user_id, u.username, u.first_name, u.last_name,
            coalesce(t.points, 0) AS points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
            coalesce(t.provisional, false) AS provisional,
            ${PICKS_JSON('u.id', '$2')} AS picks
     FROM unnest($1::int[]) AS x(id)
     JOIN users u ON u.id = x.id
     LEFT JOIN user_gameweek_totals t ON t.user_id = u.id AND t.gameweek_id = $2`,
    [userIds, gameweekId],
  );
}

export interface FixtureRow {
  id: number;
  home_team: string;
  away_team: string;
  home_short: string;
  away_short: string;
  kickoff_at: Date;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  /** Who went through, once a knockout match carrying the pick is decided (knockout.shared-sql.ts). */
  advanced: Side | null;
}

/** The gameweek's fixtures in kick-off order. */
export async function selectGameweekFixtures(db: Db, gameweekId: number): Promise<FixtureRow[]> {
  return db.query(
    `SELECT f.id, h.name AS home_team, a.name AS away_team, h.short_name AS home_short, a.short_name AS away_short,
            f.kickoff_at, f.status, f.home_score, f.away_score, f.minute, ${advancedSideSql('f', 'g')} AS advanced
     FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN clubs h ON h.id = f.home_club_id JOIN clubs a ON a.id = f.away_club_id
     WHERE f.gameweek_id = $1
     ORDER BY f.kickoff_at, f.id`,
    [gameweekId],
  );
}

/** Stored crowd counts of one fixture: [home, away, count] per predicted score. */
export interface StoredCrowdFixture {
  fixture_id: number;
  predictions: number;
  bankers: number;
  scores: [number, number, number][];
}

/** The stored crowd of a gameweek for a league (or everyone: null), if computed for this deadline. */
export async function selectCrowd(db: Db, gameweekId: number, leagueId: number | null, deadline: Date): Promise<StoredCrowdFixture[] | null> {
  const [row]: { fixtures: StoredCrowdFixture[] }[] = await db.query(
    `SELECT fixtures FROM crowd_figures WHERE gameweek_id = $1 AND league_id IS NOT DISTINCT FROM $2 AND deadline_at = $3`,
    [gameweekId, leagueId, deadline],
  );
  return row?.fixtures ?? null;
}

/** Serialises the computations of one gameweek's crowd figures (until the transaction ends). */
export async function lockCrowd(tx: EntityManager, gameweekId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [CROWD_LOCK, gameweekId]);
}

/**
 * The crowd of a gameweek in one set-based statement: predictions grouped by fixture and score
 * (the same pass counts bankers), then folded per fixture into the stored counts. For a league
 * only its members' predictions count. The result (a few hundred numbers) is then written by a
 * second, tiny statement: Postgres runs no parallel workers for an INSERT … SELECT, and the
 * SELECT over a million predictions wants them. Replaces what was stored for an older deadline.
 */
export async function computeCrowd(db: Db, gameweekId: number, leagueId: number | null, deadline: Date): Promise<void> {
  // Two texts rather than "$2 IS NULL OR EXISTS …": the OR turns the membership test into a
  // subplan run per prediction; on its own it is one hash semi-join over the members.
  const [members, params] =
    leagueId === null
      ? ['', [gameweekId]]
      : ['AND EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $2 AND m.user_id = p.user_id)', [gameweekId, leagueId]];
  const [{ fixtures }]: { fixtures: StoredCrowdFixture[] }[] = await db.query(
    `WITH per_score AS (
       SELECT p.fixture_id, p.home_score, p.away_score, count(*)::int AS n, count(*) FILTER (WHERE p.is_banker)::int AS banked
       FROM predictions p
       WHERE p.gameweek_id = $1 ${members}
       GROUP BY p.fixture_id, p.home_score, p.away_score
     ),
     per_fixture AS (
       SELECT fixture_id, sum(n)::int AS predictions, sum(banked)::int AS bankers,
              jsonb_agg(jsonb_build_array(home_score, away_score, n) ORDER BY n DESC, home_score, away_score) AS scores
       FROM per_score GROUP BY fixture_id
     )
     SELECT coalesce(jsonb_agg(jsonb_build_object('fixture_id', fixture_id, 'predictions', predictions, 'bankers', bankers, 'scores', scores) ORDER BY fixture_id), '[]'::jsonb) AS fixtures
     FROM per_fixture`,
    params,
  );
  await db.query(
    `INSERT INTO crowd_figures (gameweek_id, league_id, deadline_at, fixtures) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (gameweek_id, league_id) DO UPDATE
       SET deadline_at = EXCLUDED.deadline_at, fixtures = EXCLUDED.fixtures, computed_at = now()`,
    [gameweekId, leagueId, deadline, JSON.stringify(fixtures)],
  );
}

/** Gameweeks (of the given ones) whose everyone-figures are missing or stale for their deadline. */
export async function selectGameweeksWithoutCrowd(db: Db, gameweeks: { id: number; deadline: Date }[]): Promise<number[]> {
  if (gameweeks.length === 0) return [];
  const rows: { id: number }[] = await db.query(
    `SELECT g.id FROM unnest($1::int[], $2::timestamptz[]) AS g(id, deadline)
     WHERE NOT EXISTS (SELECT 1 FROM crowd_figures c WHERE c.gameweek_id = g.id AND c.league_id IS NULL AND c.deadline_at = g.deadline)`,
    [gameweeks.map((g) => g.id), gameweeks.map((g) => g.deadline)],
  );
  return rows.map((r) => r.id);
}
