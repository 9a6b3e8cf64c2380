import type { DataSource, EntityManager } from 'typeorm';
import { seasonBonusJoins, seasonBonusOf } from './season-bonus.shared-sql';
import { tableRank } from './table-ranking.shared-sql';

/**
 * The SQL of rank over time (tables league_rank_history, league_rank_snapshots). The only file
 * that writes or reads those tables.
 */
type Queryable = DataSource | EntityManager;

/** Namespace of the per-gameweek advisory lock held while a gameweek's rank history is written. */
export const RANK_HISTORY_LOCK = 7_308;

/** A round with fixtures, every one finished or postponed (the alias's gameweek). */
const completedRound = (g: string) => `EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = ${g}.id)
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = ${g}.id AND f.status NOT IN ('finished', 'postponed'))`;

/**
 * Each member's season figures as of the end of gameweek $1, ranked by the table rule (table-ranking.shared-sql.ts),
 * for the league $2: the season totals less whatever later gameweeks of
 * the season have scored (nothing in the usual case, when the gameweek that completes is the
 * latest one played, so the subtraction joins an empty set). Members who joined after the
 * gameweek ended are ranked with the others when it is written late (backfill, correction):
 * the table as it stands now, cut at that gameweek.
 *
 * `withBonus`: the season table's settled bonus points (season-bonus.shared-sql.ts) are added,
 * and each member's part is kept in `bonus`. They belong to no round: the season's latest
 * completed round counts them as they are now (a settlement rewrites it, recordAfterBonus), an
 * earlier round keeps what it counted while it was the latest (its stored `bonus`), so a
 * corrected result that rewrites it moves its round points only. Without (nothing settled in the
 * season and nothing kept: most of a season), the statement is the plain one and `bonus` 0.
 */
function rankedAtGameweekEnd(withBonus: boolean): string {
  const gw = `
  gw AS (
    SELECT g.id, g.season_id, g.number${
      withBonus
        ? `,
           NOT EXISTS (SELECT 1 FROM gameweeks c WHERE c.season_id = g.season_id AND c.number > g.number AND ${completedRound('c')}) AS latest`
        : ''
    }
    FROM gameweeks g WHERE g.id = $1
  ),`;
  const kept = withBonus
    ? `
  kept AS (
    SELECT k.user_id, k.bonus
    FROM gw
    JOIN league_rank_history h ON h.league_id = $2 AND h.gameweek_id = gw.id AND h.bonus IS NOT NULL
    CROSS JOIN LATERAL unnest(h.user_ids, h.bonus) AS k(user_id, bonus)
    WHERE NOT gw.latest
  ),`
    : '';
  const bonus = withBonus
    ? {
        joins: `${seasonBonusJoins({ alias: 'sb', user: 'm.user_id', league: 'm.league_id', season: 'gw.season_id' })}
    LEFT JOIN kept k ON k.user_id = m.user_id
    CROSS JOIN LATERAL (SELECT CASE WHEN gw.latest THEN ${seasonBonusOf('sb')} ELSE coalesce(k.bonus, 0) END AS points) b`,
        points: ' + b.points',
        column: 'b.points',
      }
    : { joins: '', points: '', column: '0' };
  return `${gw}${kept}
  later AS (
    SELECT t.user_id, sum(t.points)::int AS points, sum(t.exact)::int AS exact, sum(t.correct)::int AS correct
    FROM gw
    JOIN gameweeks g ON g.season_id = gw.season_id AND g.number > gw.number
    JOIN user_gameweek_totals t ON t.gameweek_id = g.id
    WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
    GROUP BY t.user_id
  ),
  figures AS (
    SELECT m.league_id, m.user_id,
           coalesce(s.points, 0) - coalesce(l.points, 0)${bonus.points} AS points,
           coalesce(s.exact, 0) - coalesce(l.exact, 0) AS exact,
           coalesce(s.correct, 0) - coalesce(l.correct, 0) AS correct,
           ${bonus.column} AS bonus
    FROM gw
    JOIN league_members m ON m.league_id = $2
    LEFT JOIN user_season_totals s ON s.user_id = m.user_id AND s.season_id = gw.season_id
    LEFT JOIN later l ON l.user_id = m.user_id${bonus.joins ? `
    ${bonus.joins}` : ''}
  ),
  ranked AS (
    SELECT league_id, user_id, points, exact, correct, bonus,
           -- One league per statement: with PARTITION BY the sort's first key would be the same
           -- league id on every row, which defeats the sort's fast first-key comparisons (measured
           -- at 100k: the sort took twice as long as rank() by points).
           ${tableRank((figure) => figure)} AS rank
    FROM figures
  )`;
}

/** Every league with members of gameweek $1's competition (the event path writes them all). */
const LEAGUES_WITH_MEMBERS_SQL = `
  SELECT l.id FROM gameweeks g
  JOIN seasons s ON s.id = g.season_id
  JOIN leagues l ON l.competition_code = s.league_code
  WHERE g.id = $1 AND EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id)
  ORDER BY l.id`;

/** Members per bucket row of league_rank_history (see the migration). */
export const RANK_HISTORY_BUCKET = 1024;

/**
 * Writes gameweek $1's history for the league $2, set-based: one row per bucket of user ids,
 * written only when its arrays changed (a replay writes nothing); buckets left empty by former
 * members are dropped. Runs under the gameweek's advisory lock. `bonus` is NULL for a bucket
 * whose members count none.
 */
function writeGameweekHistorySql(withBonus: boolean): string {
  return `
  WITH ${rankedAtGameweekEnd(withBonus)},
  buckets AS (
    -- Plain aggregates in one pass: the arrays take the rows in the same order, so user_ids[i],
    -- ranks[i], points[i] and bonus[i] are one member (no sort: readers look a user up).
    SELECT league_id, user_id / ${RANK_HISTORY_BUCKET} AS user_bucket,
           array_agg(user_id) AS user_ids, array_agg(rank) AS ranks, array_agg(points) AS points,
           ${withBonus ? 'CASE WHEN bool_or(bonus <> 0) THEN array_agg(bonus) END' : 'NULL::int[]'} AS bonus
    FROM ranked
    GROUP BY league_id, user_id / ${RANK_HISTORY_BUCKET}
  ),
  snapshots AS (
    INSERT INTO league_rank_snapshots AS x (league_id, gameweek_id, members, written_at)
    SELECT league_id, $1, sum(cardinality(user_ids))::int, now() FROM buckets GROUP BY league_id
    ON CONFLICT (league_id, gameweek_id) DO UPDATE SET members = EXCLUDED.members, written_at = EXCLUDED.written_at
    RETURNING 1
  ),
  written AS (
    INSERT INTO league_rank_history AS h (league_id, user_bucket, gameweek_id, user_ids, ranks, points, bonus)
    SELECT league_id, user_bucket, $1, user_ids, ranks, points, bonus FROM buckets ORDER BY league_id, user_bucket
    ON CONFLICT (league_id, user_bucket, gameweek_id) DO UPDATE
      SET user_ids = EXCLUDED.user_ids, ranks = EXCLUDED.ranks, points = EXCLUDED.points, bonus = EXCLUDED.bonus
      WHERE (h.user_ids, h.ranks, h.points, h.bonus) IS DISTINCT FROM (EXCLUDED.user_ids, EXCLUDED.ranks, EXCLUDED.points, EXCLUDED.bonus)
    RETURNING cardinality(h.user_ids) AS members
  ),
  emptied AS (
    DELETE FROM league_rank_history h
    WHERE h.league_id = $2 AND h.gameweek_id = $1
      AND NOT EXISTS (SELECT 1 FROM buckets b WHERE b.league_id = h.league_id AND b.user_bucket = h.user_bucket)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM snapshots)::int AS leagues,
         (SELECT coalesce(sum(members), 0) FROM written)::int AS written,
         (SELECT count(*) FROM emptied)::int AS emptied`;
}

const WRITE_GAMEWEEK_HISTORY_SQL = writeGameweekHistorySql(false);
const WRITE_GAMEWEEK_HISTORY_WITH_BONUS_SQL = writeGameweekHistorySql(true);

/**
 * Whether gameweek $1's history in the leagues $2 has bonus points to count: someone of its season
 * has competition points or, in one of the leagues, league question points (the partial indexes of
 * migration 1766800000000), or a stored bucket of the gameweek kept some (migration 1767700000000).
 */
const BONUS_MAY_COUNT_SQL = `
  SELECT EXISTS (SELECT 1 FROM gameweeks g JOIN bonus_points b ON b.season_id = g.season_id AND b.points > 0 WHERE g.id = $1)
      OR EXISTS (SELECT 1 FROM gameweeks g JOIN league_question_points p ON p.season_id = g.season_id AND p.league_id = ANY($2::int[]) AND p.points > 0
                 WHERE g.id = $1)
      OR EXISTS (SELECT 1 FROM league_rank_history h WHERE h.league_id = ANY($2::int[]) AND h.gameweek_id = $1 AND h.bonus IS NOT NULL) AS may`;

/** The latest completed gameweek of season $1 while it is active (the one whose history counts its bonus points as they are now); none: no row. */
const LATEST_COMPLETED_SQL = `
  SELECT g.id FROM gameweeks g
  JOIN seasons s ON s.id = g.season_id AND s.is_active
  WHERE g.season_id = $1 AND ${completedRound('g')}
  ORDER BY g.number DESC LIMIT 1`;

/**
 * Completed gameweeks of the active season (every fixture finished or postponed, at least one
 * fixture), from gameweek $1's number on: the one a result completed and the later ones whose
 * stored history counted its points. Empty when gameweek $1 is not completed or not active.
 */
const COMPLETED_FROM_GAMEWEEK_SQL = `
  SELECT g.id, g.number
  FROM gameweeks g0
  JOIN seasons s ON s.id = g0.season_id AND s.is_active
  JOIN gameweeks g ON g.season_id = g0.season_id AND g.number >= g0.number
  WHERE g0.id = $1
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g0.id AND f.status NOT IN ('finished', 'postponed'))
    AND EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
    AND (g.id = g0.id OR EXISTS (SELECT 1 FROM league_rank_snapshots x WHERE x.gameweek_id = g.id))
  ORDER BY g.number`;

/**
 * Backfill: completed gameweeks of every active season and the leagues of its competition (with
 * members) that have no history for them, oldest first. A gameweek whose fixtures changed in the
 * last $1 seconds is left to the standings worker, which is about to write it.
 */
const MISSING_HISTORY_SQL = `
  SELECT g.id AS gameweek_id, g.number, array_agg(l.id ORDER BY l.id) AS league_ids
  FROM gameweeks g
  JOIN seasons s ON s.id = g.season_id AND s.is_active
  JOIN leagues l ON l.competition_code = s.league_code AND EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id)
  WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
    AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id
                    AND (f.status NOT IN ('finished', 'postponed') OR f.updated_at > now() - make_interval(secs => $1)))
    AND NOT EXISTS (SELECT 1 FROM league_rank_snapshots x WHERE x.league_id = l.id AND x.gameweek_id = g.id)
  GROUP BY g.id, g.number
  ORDER BY g.number, g.id`;

/** One user's ($1) stored history in the leagues $2 (each league's competition's active season's gameweeks), oldest first. */
const USER_HISTORY_SQL = `
  SELECT h.league_id, h.gameweek_id, g.number AS gameweek_number, g.name AS gameweek_name, h.ranks[p.i] AS rank, h.points[p.i] AS points, x.members
  FROM league_rank_history h
  CROSS JOIN LATERAL (SELECT array_position(h.user_ids, $1::int) AS i) p
  JOIN league_rank_snapshots x ON x.league_id = h.league_id AND x.gameweek_id = h.gameweek_id
  JOIN gameweeks g ON g.id = h.gameweek_id
  JOIN leagues l ON l.id = h.league_id
  JOIN seasons s ON s.id = g.season_id AND s.is_active AND s.league_code = l.competition_code
  WHERE h.league_id = ANY($2::int[]) AND h.user_bucket = $1::int / ${RANK_HISTORY_BUCKET} AND p.i IS NOT NULL
  ORDER BY h.league_id, g.number`;

/** The leagues a user is a member of, for "my rank history everywhere". */
const USER_LEAGUES_SQL = `
  SELECT l.id, l.name, l.type FROM league_members m JOIN leagues l ON l.id = m.league_id
  WHERE m.user_id = $1 AND ($2::varchar IS NULL OR l.competition_code = $2)
  ORDER BY CASE l.type WHEN 'global' THEN 0 WHEN 'country' THEN 1 WHEN 'club' THEN 2 ELSE 3 END, l.name, l.id`;

// ---- The use cases -----------------------------------------------------------------------------

/** One writer of a gameweek's history at a time (two workers on the same completion). */
export async function lockGameweekHistory(tx: EntityManager, gameweekId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [RANK_HISTORY_LOCK, gameweekId]);
}

export async function selectCompletedFromGameweek(q: Queryable, gameweekId: number): Promise<number[]> {
  const rows: { id: number }[] = await q.query(COMPLETED_FROM_GAMEWEEK_SQL, [gameweekId]);
  return rows.map((r) => r.id);
}

export async function selectLeaguesWithMembers(q: Queryable, gameweekId: number): Promise<number[]> {
  const rows: { id: number }[] = await q.query(LEAGUES_WITH_MEMBERS_SQL, [gameweekId]);
  return rows.map((r) => r.id);
}

export async function writeGameweekHistory(
  tx: EntityManager,
  gameweekId: number,
  leagueId: number,
  options: { withBonus: boolean },
): Promise<{ leagues: number; written: number }> {
  const [row]: { leagues: number; written: number }[] = await tx.query(options.withBonus ? WRITE_GAMEWEEK_HISTORY_WITH_BONUS_SQL : WRITE_GAMEWEEK_HISTORY_SQL, [
    gameweekId,
    leagueId,
  ]);
  return row;
}

export async function selectBonusMayCount(q: Queryable, gameweekId: number, leagueIds: readonly number[]): Promise<boolean> {
  const [{ may }]: { may: boolean }[] = await q.query(BONUS_MAY_COUNT_SQL, [gameweekId, leagueIds]);
  return may;
}

export async function selectLatestCompletedGameweek(q: Queryable, seasonId: number): Promise<number | null> {
  const [row]: { id: number }[] = await q.query(LATEST_COMPLETED_SQL, [seasonId]);
  return row?.id ?? null;
}

export function selectMissingHistory(q: Queryable, graceSeconds: number): Promise<{ gameweek_id: number; league_ids: number[] }[]> {
  return q.query(MISSING_HISTORY_SQL, [graceSeconds]);
}

export function selectUserHistory<T>(q: Queryable, userId: number, leagueIds: number[]): Promise<T[]> {
  return q.query(USER_HISTORY_SQL, [userId, leagueIds]);
}

export function selectUserLeagues(q: Queryable, userId: number, competitionCode: string | null = null): Promise<{ id: number; name: string; type: string }[]> {
  return q.query(USER_LEAGUES_SQL, [userId, competitionCode]);
}
