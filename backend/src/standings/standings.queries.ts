import type { DataSource, EntityManager } from 'typeorm';
import type { RankClimb } from '../activity/activity-writer.service';
import { histogramOf, standingsOf, tableKey, tableOrder } from './table-ranking.shared-sql';
import { seasonOfLeagueSql } from '../seasons/season-context.shared-sql';
import { seasonBonusJoins, seasonBonusOf } from './season-bonus.shared-sql';
import { TOP_ROWS } from './standings.shared-sql';

/** The only SQL of the standings tables (league_standings, league_standings_summary). */

type Q = DataSource | EntityManager;

/** Rows whose rank or points changed, for the live leaderboard (at most this many are sent). */
export const CHANGED_ROWS_LIMIT = 100;

/** A member who left: their row goes at once (unless they are back already); answers whether it went. */
export async function deleteFormerMemberRow(q: Q, leagueId: number, userId: number): Promise<boolean> {
  const removed = await deleteAndUncount(
    q,
    `DELETE FROM league_standings s WHERE s.league_id = $1 AND s.user_id = $2
       AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = $2)
     RETURNING s.league_id, s.total_points, s.exact, s.correct`,
    [leagueId, userId],
  );
  return removed.size > 0;
}

/**
 * The leagues of the fixture's competition (its season's league code) that its new scores move:
 * every one with a member who predicted the match, plus every one whose "recent gameweek" this
 * result moves on (its members' recent points all change) while the season is active. A fan who
 * plays two competitions has a goal in one recompute none of their leagues of the other.
 */
export async function selectLeaguesAffectedByScores(q: Q, scored: { fixtureId: number; gameweekId: number; seasonId: number }): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(
    `SELECT DISTINCT m.league_id FROM predictions p JOIN league_members m ON m.user_id = p.user_id
     JOIN leagues l ON l.id = m.league_id AND l.competition_code = (SELECT se.league_code FROM seasons se WHERE se.id = $3)
     WHERE p.fixture_id = $1
     UNION
     SELECT s.league_id FROM league_standings_summary s
     JOIN leagues l ON l.id = s.league_id AND l.competition_code = (SELECT se.league_code FROM seasons se WHERE se.id = $3)
     WHERE s.recent_gameweek_id IS DISTINCT FROM $2
       AND $2 = (SELECT g.id FROM gameweeks g JOIN seasons se ON se.id = g.season_id AND se.is_active
                 WHERE g.season_id = $3 AND EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
                 ORDER BY g.number DESC LIMIT 1)`,
    [scored.fixtureId, scored.gameweekId, scored.seasonId],
  );
  return rows.map((r) => r.league_id);
}

/**
 * The leagues whose season table a `bonus.settled` moves: the league named (its own questions),
 * when it plays that season; else every league of the season's competition with a member holding
 * points of the season (a fan whose points were taken back keeps a row at 0), while the season is
 * active (a league's table is of its competition's active season).
 */
export async function selectLeaguesAffectedByBonus(q: Q, settled: { seasonId: number; leagueId: number | null }): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(
    `SELECT l.id AS league_id FROM leagues l WHERE $2::int IS NOT NULL AND l.id = $2 AND ${seasonOfLeagueSql('l.id')} = $1
     UNION
     SELECT DISTINCT m.league_id FROM bonus_points b
     JOIN league_members m ON m.user_id = b.user_id
     JOIN leagues l ON l.id = m.league_id AND l.competition_code = (SELECT se.league_code FROM seasons se WHERE se.id = $1 AND se.is_active)
     WHERE $2::int IS NULL AND b.season_id = $1`,
    [settled.seasonId, settled.leagueId],
  );
  return rows.map((r) => r.league_id);
}

/** Serialises a league's rewrite (namespace 4201, key the league). */
export async function lockLeagueStandings(tx: EntityManager, lockNamespace: number, leagueId: number): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [lockNamespace, leagueId]);
  const exists: unknown[] = await tx.query(`SELECT 1 FROM leagues WHERE id = $1`, [leagueId]);
  return exists.length > 0;
}

/**
 * Serialises the rewrite of many small leagues at once (a sweep) against every other rewrite of a
 * small league's table: the sweep holds `(namespace, 0)` alone, a single small league's recompute
 * shares it (shareSmallLeaguesSweep). One lock, not one per league: 50,000 advisory locks would not fit in
 * Postgres's shared lock table (max_locks_per_transaction × connections, 6,400 by default). Answers
 * the leagues that exist, in league order.
 */
/** A single league's share of the sweep's lock (lockSmallLeaguesSweep), for the rest of the transaction. */
export async function shareSmallLeaguesSweep(tx: EntityManager, sweepNamespace: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared($1, 0)`, [sweepNamespace]);
}

export async function lockSmallLeaguesSweep(tx: EntityManager, sweepNamespace: number, leagueIds: number[]): Promise<number[]> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, 0)`, [sweepNamespace]);
  const rows: { id: number }[] = await tx.query(`SELECT id FROM leagues WHERE id = ANY($1::int[]) ORDER BY id`, [[...new Set(leagueIds)]]);
  return rows.map((r) => r.id);
}

/**
 * Each league's member count as its summary last stored it, counted afresh for a league without
 * one (never recomputed yet), its season (seasonOfLeagueSql) and its competition: a batch holds
 * one season and one competition.
 */
export async function selectMemberCounts(
  q: Q,
  leagueIds: number[],
): Promise<{ members: Map<number, number>; seasons: Map<number, number | null>; competitions: Map<number, string | null> }> {
  const rows: { league_id: number; member_count: number; season_id: number | null; competition_code: string | null }[] = await q.query(
    `SELECT l.id AS league_id, coalesce(sm.member_count, (SELECT count(*) FROM league_members m WHERE m.league_id = l.id))::int AS member_count,
            ${seasonOfLeagueSql('l.id')} AS season_id, lg.competition_code
     FROM unnest($1::int[]) AS l(id) LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
     LEFT JOIN leagues lg ON lg.id = l.id`,
    [leagueIds],
  );
  return {
    members: new Map(rows.map((r) => [r.league_id, r.member_count])),
    seasons: new Map(rows.map((r) => [r.league_id, r.season_id])),
    competitions: new Map(rows.map((r) => [r.league_id, r.competition_code])),
  };
}

/**
 * The league's rewrite lock if nobody holds it (a recompute running or a join beside it), for
 * the rest of the transaction; answers whether it was taken.
 */
export async function tryLockLeagueStandings(tx: EntityManager, lockNamespace: number, leagueId: number): Promise<boolean> {
  const [{ locked }]: { locked: boolean }[] = await tx.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS locked`, [lockNamespace, leagueId]);
  return locked;
}

/**
 * For the rest of the transaction: sorting a big league's 100k rows wants more than the default
 * 4 MB; JIT compilation costs more than it saves on these statements (a batch of small leagues'
 * recompute, 130 ms of work at 1M, spent 1.7 s compiling: the planner's estimates over the
 * statement's CTEs are far above the JIT threshold).
 */
export async function tuneForTableStatements(tx: EntityManager): Promise<void> {
  await tx.query(`SET LOCAL work_mem = '64MB'`);
  await tx.query(`SET LOCAL jit = off`);
}

/**
 * A point in the transaction to come back to: a table ranked with a stranger's row in it is
 * undone whole (rows, histogram, previous ranks), not patched.
 */
export async function markTablePass(tx: EntityManager): Promise<void> {
  await tx.query(`SAVEPOINT table_pass`);
}

export async function undoTablePass(tx: EntityManager): Promise<void> {
  await tx.query(`ROLLBACK TO SAVEPOINT table_pass`);
}

export async function countMembersAndRows(q: Q, leagueId: number): Promise<{ members: number; stored: number }> {
  const [counts]: { members: number; stored: number }[] = await q.query(
    `SELECT (SELECT count(*) FROM league_members WHERE league_id = $1)::int AS members,
            (SELECT count(*) FROM league_standings WHERE league_id = $1)::int AS stored`,
    [leagueId],
  );
  return counts;
}

/**
 * The season table of one league (many small ones: sweepSmallLeaguesSql), as the
 * difference to what is stored, with ranks derived (table-ranking.shared-sql.ts): one UPDATE of the
 * rows whose figures changed (HOT: no index covers these columns), an INSERT of members without a
 * row, and the histogram of keys (league_key_counts) moved by those rows only — a goal writes the
 * fans whose points changed and the buckets they left and entered, never a rank. Ranks before and
 * after come from the histogram as this statement found it and as it leaves it: a rank per
 * distinct key (one sort of the league's keys, not of its members), looked up per member. When a
 * league's recent gameweek moved on, every row keeps its rank at that moment as `previous_rank`
 * (the arrows show the movement since the last gameweek ended). Every step carries the league, so
 * one statement serves many small leagues (issue 12: 50,000 leagues of 20 took ~25 ms each alone,
 * mostly round trips, planning and the commit). The tail answers, per league, the counts, the
 * leading rows (for the summary), the climbs into the top 10 and the rows whose rank or figures
 * changed (live push). $1 the league (LeagueScope), $2 season, $3 recent gameweek.
 */
const KEY_ORDER = tableOrder((f) => f);

/**
 * The statement's league ($1 a league id): every join says "of league $1" as a constant and
 * carries no league condition between its own steps (matching on the league and three figures,
 * the planner guesses a handful of rows and nests loops over a big league's members).
 */
interface LeagueScope {
  /** Rows of the table `a` in the statement's leagues. */
  rows(a: string): string;
  /** Rows of the table `a` in the league of the row `b`. */
  join(a: string, b: string): string;
  /** "`a` and `b` of one league AND " between two steps of the statement ('' with one league). */
  same(a: string, b: string): string;
  /** A window's partition ('' with one league). */
  partition: string;
  /** The league of the member row `m`, as SQL. */
  leagueOf(m: string): string;
  /** Whether the member `m`'s league's previous ranks roll (its recent gameweek moved on), and the join it needs. */
  movedOn: string;
  summaryJoin: string;
}
const ONE_LEAGUE: LeagueScope = {
  rows: (a) => `${a}.league_id = $1`,
  join: (a) => `${a}.league_id = $1`,
  same: () => '',
  partition: '',
  leagueOf: () => '$1',
  // Once for the statement, not a join per member.
  movedOn: `(SELECT recent_gameweek_id FROM league_standings_summary WHERE league_id = $1) IS DISTINCT FROM $3`,
  summaryJoin: '',
};
const recomputeStandingsSql = (scope: LeagueScope, tail: string, bonus: boolean) => `WITH cur AS (
   SELECT m.league_id, m.user_id,
          coalesce(t.points, 0) + ${bonus ? seasonBonusOf('bn') : '0'} AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
          ${bonus ? seasonBonusOf('bn') : '0'} AS bonus_points,
          coalesce(g.points, 0) AS recent_points,
          (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
          ${scope.movedOn} AS moved_on
   FROM league_members m
   LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
   LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
   ${bonus ? seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: scope.leagueOf('m'), season: '$2' }) : ''}
   ${scope.summaryJoin}
   WHERE ${scope.rows('m')}
 ),
 -- Each member's new figures beside the stored ones (none yet: o_points is null).
 pairs AS (
   SELECT c.*, o.total_points AS o_points, o.exact AS o_exact, o.correct AS o_correct,
          o.recent_points AS o_recent, o.provisional AS o_provisional, o.bonus_points AS o_bonus, o.previous_rank
   FROM cur c LEFT JOIN league_standings o ON ${scope.join('o', 'c')} AND o.user_id = c.user_id
 ),
 old_counts AS (
   SELECT k.league_id, k.points, k.exact, k.correct, k.n FROM league_key_counts k WHERE ${scope.rows('k')}
 ),
 -- The rank of every key as the histogram stood before this statement.
 old_ranks AS (
   SELECT league_id, points, exact, correct, (1 + sum(n) OVER (${scope.partition}ORDER BY ${KEY_ORDER}) - n)::int AS rank FROM old_counts
 ),
 -- The stored rows to write (figures changed, or the previous rank rolls): found in the
 -- statement's snapshot first, so a replay joins nothing to the table it writes.
 to_write AS MATERIALIZED (
   SELECT p.*, CASE WHEN p.moved_on THEN r.rank ELSE p.previous_rank END AS next_previous_rank
   FROM pairs p
   LEFT JOIN old_ranks r ON ${scope.same('r', 'p')}${tableKey(histogramOf('r'))} = (p.o_points, p.o_exact, p.o_correct)
   WHERE p.o_points IS NOT NULL
     AND ((p.total_points, p.exact, p.correct, p.recent_points, p.provisional, p.bonus_points)
            IS DISTINCT FROM (p.o_points, p.o_exact, p.o_correct, p.o_recent, p.o_provisional, p.o_bonus)
          OR (p.moved_on AND p.previous_rank IS DISTINCT FROM r.rank))
 ),
 updated AS (
   UPDATE league_standings s
   SET total_points = w.total_points, exact = w.exact, correct = w.correct, recent_points = w.recent_points,
       provisional = w.provisional, bonus_points = w.bonus_points, previous_rank = w.next_previous_rank, updated_at = now()
   FROM to_write w
   WHERE ${scope.join('s', 'w')} AND s.user_id = w.user_id
   RETURNING s.league_id, s.user_id
 ),
 inserted AS (
   INSERT INTO league_standings (league_id, user_id, previous_rank, total_points, exact, correct, recent_points, provisional, bonus_points, updated_at)
   SELECT p.league_id, p.user_id, NULL, p.total_points, p.exact, p.correct, p.recent_points, p.provisional, p.bonus_points, now() FROM pairs p
   WHERE p.o_points IS NULL
   ORDER BY p.league_id, p.user_id
   RETURNING league_id, user_id
 ),
 -- The histogram's change: the keys the written rows left and entered.
 delta AS (
   SELECT league_id, points, exact, correct, sum(d)::int AS d FROM (
     SELECT p.league_id, p.o_points AS points, p.o_exact AS exact, p.o_correct AS correct, -1 AS d FROM updated u JOIN pairs p ON ${scope.same('p', 'u')}p.user_id = u.user_id
     UNION ALL
     SELECT p.league_id, p.total_points, p.exact, p.correct, 1 FROM updated u JOIN pairs p ON ${scope.same('p', 'u')}p.user_id = u.user_id
     UNION ALL
     SELECT p.league_id, p.total_points, p.exact, p.correct, 1 FROM inserted i JOIN pairs p ON ${scope.same('p', 'i')}p.user_id = i.user_id
   ) x GROUP BY league_id, points, exact, correct HAVING sum(d) <> 0
 ),
 counted AS (
   INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
   SELECT league_id, points, exact, correct, d FROM delta ORDER BY league_id, points, exact, correct
   ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = k.n + EXCLUDED.n
   RETURNING k.league_id
 ),
 -- The rank of every key as the histogram stands after it.
 new_ranks AS (
   SELECT league_id, points, exact, correct, (1 + sum(n) OVER (${scope.partition}ORDER BY ${KEY_ORDER}) - n)::int AS rank
   FROM (SELECT league_id, coalesce(o.points, d.points) AS points, coalesce(o.exact, d.exact) AS exact, coalesce(o.correct, d.correct) AS correct,
                coalesce(o.n, 0) + coalesce(d.d, 0) AS n
         FROM old_counts o FULL JOIN delta d USING (league_id, points, exact, correct)) h
   WHERE n > 0
 ),
 ranked AS (
   SELECT p.*, nr.rank, orr.rank AS old_rank,
          CASE WHEN p.moved_on AND p.o_points IS NOT NULL THEN orr.rank ELSE p.previous_rank END AS new_previous_rank
   FROM pairs p
   JOIN new_ranks nr ON ${scope.same('nr', 'p')}${tableKey(histogramOf('nr'))} = (p.total_points, p.exact, p.correct)
   LEFT JOIN old_ranks orr ON ${scope.same('orr', 'p')}${tableKey(histogramOf('orr'))} = (p.o_points, p.o_exact, p.o_correct)
 )
 ${tail}`;

/** A leading row of the summary, and a changed row of the live push, from a `ranked` row. */
const TOP_ROW = (r: string) => `json_build_object('user_id', ${r}.user_id, 'rank', ${r}.rank, 'previous_rank', ${r}.new_previous_rank,
   'total_points', ${r}.total_points, 'recent_points', ${r}.recent_points, 'provisional', ${r}.provisional, 'bonus_points', ${r}.bonus_points)`;
const CLIMB = (r: string) => `json_build_object('userId', ${r}.user_id, 'rank', ${r}.rank, 'previousRank', ${r}.old_rank)`;
const CHANGED_ROW = (r: string) => `json_build_object('userId', ${r}.user_id, 'rank', ${r}.rank, 'previousRank', ${r}.old_rank,
   'totalPoints', ${r}.total_points, 'recentPoints', ${r}.recent_points)`;
/** A member of the top 10 now who was lower before (not while provisional). */
const IS_CLIMB = (r: string) => `${r}.rank <= 10 AND NOT ${r}.provisional AND ${r}.old_rank > ${r}.rank`;
/** A stored row whose rank or figures changed. */
const IS_CHANGED = (r: string) => `${r}.o_points IS NOT NULL
   AND (${r}.rank <> ${r}.old_rank
        OR (${r}.total_points, ${r}.exact, ${r}.correct, ${r}.recent_points, ${r}.provisional) IS DISTINCT FROM (${r}.o_points, ${r}.o_exact, ${r}.o_correct, ${r}.o_recent, ${r}.o_provisional))`;

/** A statement in two forms: with the bonus points' joins (while a member of the leagues has any, seasonBonusCounts) and without. */
const withAndWithoutBonus = (sql: (bonus: boolean) => string) => ({ bonus: sql(true), none: sql(false) });

/**
 * One league: its leading rows by a top-N sort (a million members are never sorted whole).
 */
const RECOMPUTE_LEAGUE_STANDINGS_SQL = withAndWithoutBonus((bonus) => recomputeStandingsSql(ONE_LEAGUE, `SELECT
        (SELECT count(*) FROM cur)::int AS members,
        (SELECT max(total_points) FROM cur)::int AS leading,
        (SELECT count(*) FROM updated)::int AS updated,
        (SELECT count(*) FROM inserted)::int AS inserted,
        (SELECT count(*) FROM counted)::int AS buckets,
        (SELECT json_agg(${TOP_ROW('top')} ORDER BY top.rank, top.user_id)
         FROM (SELECT * FROM ranked ORDER BY ${tableOrder(standingsOf('ranked'))}, user_id LIMIT ${TOP_ROWS}) top) AS top,
        (SELECT json_agg(${CLIMB('r')}) FROM ranked r WHERE ${IS_CLIMB('r')}) AS climbs,
        (SELECT json_agg(${CHANGED_ROW('c')} ORDER BY c.rank, c.user_id)
         FROM (SELECT * FROM ranked r WHERE ${IS_CHANGED('r')} ORDER BY r.rank, r.user_id LIMIT ${CHANGED_ROWS_LIMIT + 1}) c) AS changed`, bonus));

/**
 * Many small leagues at once (issue 37: every small league a goal touched, 50,000 of 20 at 1M, in
 * one statement rather than 250 batches that each read the whole totals tables). The same table,
 * rows, histogram and answers as the statement of one league, per league, shaped for many small
 * tables and for plans that stay right when the planner guesses a data-modifying step's output
 * at a few rows (it then nests loops; no step here joins two of them):
 * - each member's figures and stored row in one pass of hash joins (a league without members as
 *   one row without a user, so that its summary is written too);
 * - ranks now and before by windows over the league's members (one sort each, 20 rows a league;
 *   the histogram would give the same ranks, it counts the same rows);
 * - the histogram moved where the written rows moved it, each touched bucket's count read from
 *   the stored rows it counts (one aggregate, no probe per key): an emptied bucket takes one of the
 *   league's new keys (an UPDATE, where a DELETE and an INSERT would also check the league's
 *   foreign key), the rest deleted or inserted;
 * - the summaries written here (their leading rows never travel to Node and back), every
 *   aggregate fed in table order (so none sorts its group again).
 * - a league where nothing can differ from what is stored (no member's figures, no summary's season,
 *   round or count) is skipped after the first pass: its summary and its version (computed_at) stay.
 * Answers per league its members, rows written, climbs into the top 10 and every row whose rank or
 * figures changed (live push). $1 the leagues (existing; the caller holds the sweep lock),
 * $2 season, $3 recent gameweek id, $4 its number, $5 the leagues whose strangers' rows were just removed.
 */
const sweepSmallLeaguesSql = (bonus: boolean) => `WITH cur AS (
   SELECT lg.league_id, m.user_id,
          coalesce(t.points, 0) + ${bonus ? seasonBonusOf('bn') : '0'} AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
          ${bonus ? seasonBonusOf('bn') : '0'} AS bonus_points,
          coalesce(g.points, 0) AS recent_points,
          (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
          sm.recent_gameweek_id IS DISTINCT FROM $3 AS moved_on,
          sm.league_id IS NULL OR sm.season_id IS DISTINCT FROM $2 OR sm.recent_gameweek_number IS DISTINCT FROM $4 AS stale_summary,
          sm.member_count AS summary_members,
          o.total_points AS o_points, o.exact AS o_exact, o.correct AS o_correct,
          o.recent_points AS o_recent, o.provisional AS o_provisional, o.bonus_points AS o_bonus, o.previous_rank
   FROM unnest($1::int[]) AS lg(league_id)
   LEFT JOIN league_members m ON m.league_id = lg.league_id
   LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
   LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
   ${bonus ? seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: 'm.league_id', season: '$2' }) : ''}
   LEFT JOIN league_standings_summary sm ON sm.league_id = lg.league_id
   LEFT JOIN league_standings o ON o.league_id = m.league_id AND o.user_id = m.user_id
 ),
 -- Per league its members, and whether anything of its table or summary can differ from what is stored: a
 -- member without a row or with other figures, its recent gameweek moved on (previous ranks roll), a summary
 -- missing or of another season, round or member count, rows of strangers removed ($5). The rest are skipped
 -- whole: no rank, no write, no push (a replay, a goal that moved no member of the league).
 leagues AS (
   SELECT c.league_id, count(c.user_id)::int AS members,
          bool_or(c.user_id IS NOT NULL
                  AND (c.o_points IS NULL
                       OR (c.total_points, c.exact, c.correct, c.recent_points, c.provisional, c.bonus_points)
                            IS DISTINCT FROM (c.o_points, c.o_exact, c.o_correct, c.o_recent, c.o_provisional, c.o_bonus)))
            OR bool_or(c.moved_on) OR bool_or(c.stale_summary) OR count(c.user_id) IS DISTINCT FROM min(c.summary_members)
            OR c.league_id = ANY($5::int[]) AS touched
   FROM cur c GROUP BY c.league_id
 ),
 -- Ranks now (every member) and before (the members with a stored row), and each member's place in the table.
 ranked AS (
   SELECT c.*,
          rank() OVER (PARTITION BY c.league_id ORDER BY ${tableOrder(standingsOf('c'))})::int AS rank,
          row_number() OVER (PARTITION BY c.league_id ORDER BY ${tableOrder(standingsOf('c'))}, c.user_id) AS position,
          CASE WHEN c.o_points IS NOT NULL
               THEN rank() OVER (PARTITION BY c.league_id, c.o_points IS NULL ORDER BY ${tableOrder((f) => `c.o_${f}`)})::int END AS old_rank
   FROM cur c JOIN leagues t ON t.league_id = c.league_id AND t.touched
 ),
 -- A stored row to write: figures changed, or its previous rank rolls (the recent gameweek moved on).
 marked AS MATERIALIZED (
   SELECT r.*,
          r.user_id IS NOT NULL AND r.o_points IS NULL AS to_insert,
          r.o_points IS NOT NULL
            AND ((r.total_points, r.exact, r.correct, r.recent_points, r.provisional, r.bonus_points)
                   IS DISTINCT FROM (r.o_points, r.o_exact, r.o_correct, r.o_recent, r.o_provisional, r.o_bonus)
                 OR (r.moved_on AND r.previous_rank IS DISTINCT FROM r.old_rank)) AS to_update
   FROM ranked r
 ),
 updated AS (
   UPDATE league_standings s
   SET total_points = w.total_points, exact = w.exact, correct = w.correct, recent_points = w.recent_points,
       provisional = w.provisional, bonus_points = w.bonus_points,
       previous_rank = CASE WHEN w.moved_on THEN w.old_rank ELSE w.previous_rank END, updated_at = now()
   FROM marked w
   WHERE w.to_update AND s.league_id = w.league_id AND s.user_id = w.user_id
   RETURNING s.league_id, w.o_points, w.o_exact, w.o_correct, w.total_points, w.exact, w.correct
 ),
 inserted AS (
   INSERT INTO league_standings (league_id, user_id, previous_rank, total_points, exact, correct, recent_points, provisional, bonus_points, updated_at)
   SELECT r.league_id, r.user_id, NULL, r.total_points, r.exact, r.correct, r.recent_points, r.provisional, r.bonus_points, now() FROM marked r
   WHERE r.to_insert
   ORDER BY r.league_id, r.user_id
   RETURNING league_id, total_points, exact, correct
 ),
 -- Each key the written rows left or entered: its change, and its bucket's count as stored (the stored rows holding it; 0: no bucket).
 keyed AS (
   SELECT league_id, points, exact, correct, sum(d)::int AS d, sum(n)::int AS n FROM (
     SELECT league_id, o_points AS points, o_exact AS exact, o_correct AS correct, -1 AS d, 0 AS n FROM updated
     UNION ALL
     SELECT league_id, total_points, exact, correct, 1, 0 FROM updated
     UNION ALL
     SELECT league_id, total_points, exact, correct, 1, 0 FROM inserted
     UNION ALL
     SELECT league_id, o_points, o_exact, o_correct, 0, 1 FROM marked WHERE o_points IS NOT NULL
   ) x GROUP BY league_id, points, exact, correct HAVING sum(d) <> 0
 ),
 -- Per league, the buckets the change empties beside the keys it opens, paired in key order: an
 -- emptied bucket with an opened key takes that key, one without is deleted, an opened key without one is inserted.
 paired AS (
   SELECT coalesce(e.league_id, o.league_id) AS league_id, e.points AS e_points, e.exact AS e_exact, e.correct AS e_correct,
          o.points, o.exact, o.correct, o.d
   FROM (SELECT league_id, points, exact, correct, row_number() OVER (PARTITION BY league_id ORDER BY points, exact, correct) AS i
         FROM keyed WHERE n > 0 AND n + d = 0) e
   FULL JOIN (SELECT league_id, points, exact, correct, d, row_number() OVER (PARTITION BY league_id ORDER BY points, exact, correct) AS i
              FROM keyed WHERE n = 0) o
     ON o.league_id = e.league_id AND o.i = e.i
 ),
 rekeyed AS (
   UPDATE league_key_counts k SET points = p.points, exact = p.exact, correct = p.correct, n = p.d FROM paired p
   WHERE p.e_points IS NOT NULL AND p.points IS NOT NULL
     AND k.league_id = p.league_id AND k.points = p.e_points AND k.exact = p.e_exact AND k.correct = p.e_correct
   RETURNING k.league_id
 ),
 dropped AS (
   DELETE FROM league_key_counts k USING paired p
   WHERE p.points IS NULL AND k.league_id = p.league_id AND k.points = p.e_points AND k.exact = p.e_exact AND k.correct = p.e_correct
   RETURNING k.league_id
 ),
 added AS (
   INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
   SELECT league_id, points, exact, correct, d FROM paired WHERE e_points IS NULL
   ORDER BY 1, 2, 3, 4
   ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = k.n + EXCLUDED.n
   RETURNING k.league_id
 ),
 moved AS (
   UPDATE league_key_counts k SET n = k.n + f.d FROM keyed f
   WHERE f.n > 0 AND f.n + f.d <> 0 AND k.league_id = f.league_id AND k.points = f.points AND k.exact = f.exact AND k.correct = f.correct
   RETURNING k.league_id
 ),
 per_league AS (
   SELECT r.league_id, count(r.user_id)::int AS members, coalesce(max(r.total_points), 0)::int AS leading_score,
          count(*) FILTER (WHERE r.to_update)::int AS updated, count(*) FILTER (WHERE r.to_insert)::int AS inserted,
          coalesce(jsonb_agg(jsonb_build_object('user_id', r.user_id, 'rank', r.rank,
                                                'previous_rank', CASE WHEN r.moved_on AND r.o_points IS NOT NULL THEN r.old_rank ELSE r.previous_rank END,
                                                'total_points', r.total_points, 'recent_points', r.recent_points, 'provisional', r.provisional,
                                                'bonus_points', r.bonus_points))
                   FILTER (WHERE r.user_id IS NOT NULL AND r.position <= ${TOP_ROWS}), '[]') AS top,
          json_agg(${CLIMB('r')}) FILTER (WHERE ${IS_CLIMB('r')}) AS climbs,
          json_agg(${CHANGED_ROW('r')}) FILTER (WHERE ${IS_CHANGED('r')}) AS changed
   -- In table order, which every aggregate keeps (rank, then user).
   FROM (SELECT * FROM marked ORDER BY league_id, position) r
   GROUP BY r.league_id
 ),
 summarised AS (
   INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top, computed_at, recomputed_at)
   SELECT league_id, $2, $3, $4, members, leading_score, top, now(), now() FROM per_league ORDER BY league_id
   ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
     recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
     leading_score = EXCLUDED.leading_score, top = EXCLUDED.top, computed_at = EXCLUDED.computed_at, recomputed_at = EXCLUDED.recomputed_at
   RETURNING league_id
 )
 SELECT t.league_id, t.members, coalesce(p.updated, 0) AS updated, coalesce(p.inserted, 0) AS inserted, p.climbs, p.changed
 FROM leagues t LEFT JOIN per_league p ON p.league_id = t.league_id ORDER BY t.league_id`;
const SWEEP_SMALL_LEAGUES_SQL = withAndWithoutBonus(sweepSmallLeaguesSql);

/**
 * A join or a leave in a big league without the recompute, when it moves nobody's stored figures
 * and none of the summary's leading rows (issue 12, "a member joining a big league"): at 1M a
 * recompute that changes no rank took 4–9 s of a Postgres core, and every signup joins three
 * leagues. Ranks are derived from the histogram, so the others' ranks follow from the bucket
 * alone. The rest of what a recompute would write stays as it is: the newcomer or the leaver sorts
 * after the last leading row (by key, then user id), so the leading rows, their ranks and the
 * leading score are the same; the summary is of the current season and recent gameweek, so no
 * previous rank rolls; ranks only fall on a join, and on a leave below the leading rows nobody
 * enters the top 10, so there is no climb. Both move the summary's `computed_at` (the table's
 * version), so every reader's cache keyed by it takes the change, but not its `recomputed_at`:
 * a kept whole table may answer a while without the change (BIG_TABLE_MEMBERS_RELOAD). Run under
 * the league's lock.
 */
export type InPlaceOutcome = 'done' | 'nothing' | 'recompute';

/** The summary, when it is of this season and recent gameweek, of a big league, with its leading rows full. $1 league, $2 season, $3 recent gameweek, $4 big from. */
const CURRENT_BIG_SUMMARY = `SELECT sm.league_id, sm.top FROM league_standings_summary sm
   WHERE sm.league_id = $1 AND sm.member_count >= $4 AND jsonb_array_length(sm.top) = ${TOP_ROWS}
     AND sm.season_id IS NOT DISTINCT FROM $2 AND sm.recent_gameweek_id IS NOT DISTINCT FROM $3`;

/** The stored key of the summary `sm`'s last leading row. */
const LAST_LEADING_ROW = `SELECT s.user_id, s.total_points, s.exact, s.correct FROM sm
   JOIN league_standings s ON s.league_id = sm.league_id AND s.user_id = (sm.top -> -1 ->> 'user_id')::int`;

/** Whether the row `r` (its key and user_id) sorts after the last leading row `l`. */
const SORTS_AFTER_LAST_LEADING = (r: string, rowKey: string) =>
  `(${tableKey(standingsOf('l'))} > ${rowKey} OR (${tableKey(standingsOf('l'))} = ${rowKey} AND ${r}.user_id > l.user_id))`;

/**
 * The member $5's row, their key's bucket and the member count, when they join league $1 of
 * season $2 with recent gameweek $3 (big from $4 members) below its leading rows. 'nothing':
 * they have a row already (a recompute came first) or are no member any more.
 */
export async function addJoinerInPlace(
  tx: EntityManager,
  p: { leagueId: number; userId: number; seasonId: number | null; recentGameweekId: number | null; bigFrom: number },
): Promise<InPlaceOutcome> {
  const [{ outcome }]: { outcome: InPlaceOutcome }[] = await tx.query(
    `WITH joiner AS (
       SELECT m.user_id,
              coalesce(t.points, 0) + ${seasonBonusOf('bn')} AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
              ${seasonBonusOf('bn')} AS bonus_points,
              coalesce(g.points, 0) AS recent_points,
              (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
              EXISTS (SELECT 1 FROM league_standings s WHERE s.league_id = $1 AND s.user_id = m.user_id) AS stored
       FROM league_members m
       LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
       ${seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: '$1', season: '$2' })}
       WHERE m.league_id = $1 AND m.user_id = $5
     ),
     sm AS (${CURRENT_BIG_SUMMARY}),
     l AS (${LAST_LEADING_ROW}),
     fits AS (
       SELECT j.* FROM joiner j CROSS JOIN l WHERE NOT j.stored AND ${SORTS_AFTER_LAST_LEADING('j', tableKey(standingsOf('j')))}
     ),
     inserted AS (
       INSERT INTO league_standings (league_id, user_id, previous_rank, total_points, exact, correct, recent_points, provisional, bonus_points, updated_at)
       SELECT $1, user_id, NULL, total_points, exact, correct, recent_points, provisional, bonus_points, now() FROM fits
       RETURNING total_points, exact, correct
     ),
     counted AS (
       INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
       SELECT $1, total_points, exact, correct, 1 FROM inserted
       ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = k.n + 1
       RETURNING 1
     ),
     summarised AS (
       UPDATE league_standings_summary SET member_count = member_count + 1, computed_at = now()
       WHERE league_id = $1 AND EXISTS (SELECT 1 FROM inserted)
       RETURNING 1
     )
     SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM joiner WHERE NOT stored) THEN 'nothing'
                 WHEN EXISTS (SELECT 1 FROM counted) AND EXISTS (SELECT 1 FROM summarised) THEN 'done'
                 ELSE 'recompute' END AS outcome`,
    [p.leagueId, p.seasonId, p.recentGameweekId, p.bigFrom, p.userId],
  );
  return outcome;
}

/**
 * The member count of league $1 less the member $5 whose row was just removed (deleteFormerMemberRow),
 * when they sorted after its leading rows (they are not among them); answers whether it was.
 */
export async function countLeaverInPlace(
  tx: EntityManager,
  p: { leagueId: number; userId: number; seasonId: number | null; recentGameweekId: number | null; bigFrom: number },
): Promise<boolean> {
  // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
  const [shrunk]: [unknown[], number] = await tx.query(
    `WITH sm AS (${CURRENT_BIG_SUMMARY})
     UPDATE league_standings_summary s SET member_count = s.member_count - 1, computed_at = now()
     FROM sm WHERE s.league_id = sm.league_id AND NOT sm.top @> jsonb_build_array(jsonb_build_object('user_id', $5::int))
     RETURNING 1`,
    [p.leagueId, p.seasonId, p.recentGameweekId, p.bigFrom, p.userId],
  );
  return shrunk.length > 0;
}

/** One stored row of the table (the summary keeps the leading ones). */
export interface StoredStanding {
  user_id: number;
  rank: number;
  previous_rank: number | null;
  /** Bonus points included (season-bonus.shared-sql.ts). */
  total_points: number;
  recent_points: number;
  provisional: boolean;
  /** The part of total_points that is bonus (0 in a summary written before it was kept). */
  bonus_points: number;
}

export interface ChangedRow {
  userId: number;
  rank: number;
  previousRank: number | null;
  totalPoints: number;
  recentPoints: number;
}

export interface RecomputedTable {
  members: number;
  leading: number | null;
  updated: number;
  inserted: number;
  /** Histogram buckets written. */
  buckets: number;
  top: StoredStanding[] | null;
  climbs: RankClimb[] | null;
  /** Up to CHANGED_ROWS_LIMIT + 1, so the caller can tell there were more. */
  changed: ChangedRow[] | null;
}

/** `bonus`: a member of the league(s) has bonus points in the season (seasonBonusCounts): the statement joins them. */
export async function recomputeLeagueStandings(
  tx: EntityManager,
  p: { leagueId: number; seasonId: number | null; recentGameweekId: number | null; bonus: boolean },
): Promise<RecomputedTable> {
  const sql = p.bonus ? RECOMPUTE_LEAGUE_STANDINGS_SQL.bonus : RECOMPUTE_LEAGUE_STANDINGS_SQL.none;
  const [result]: RecomputedTable[] = await tx.query(sql, [p.leagueId, p.seasonId, p.recentGameweekId]);
  if (result.buckets > 0) await dropEmptyBuckets(tx, [p.leagueId]);
  return result;
}

/** A small league's table as a sweep stored it (summary included): what the worker pushes of it. */
export interface SweptTable {
  league_id: number;
  members: number;
  updated: number;
  inserted: number;
  climbs: RankClimb[] | null;
  /** Every row whose rank or figures changed (a small league's are few). */
  changed: ChangedRow[] | null;
}

/** The tables and summaries of many small leagues in one statement (SWEEP_SMALL_LEAGUES_SQL), one answer per league, in league order. */
export function sweepSmallLeaguesStandings(
  tx: EntityManager,
  p: { leagueIds: number[]; seasonId: number | null; recentGameweekId: number | null; recentGameweekNumber: number | null; bonus: boolean; strangersRemoved: number[] },
): Promise<SweptTable[]> {
  const sql = p.bonus ? SWEEP_SMALL_LEAGUES_SQL.bonus : SWEEP_SMALL_LEAGUES_SQL.none;
  return tx.query(sql, [p.leagueIds, p.seasonId, p.recentGameweekId, p.recentGameweekNumber, p.strangersRemoved]);
}

async function dropEmptyBuckets(q: Q, leagueIds: number[]): Promise<void> {
  await q.query(`DELETE FROM league_key_counts WHERE league_id = ANY($1::int[]) AND n = 0`, [leagueIds]);
}

/**
 * Takes the keys of deleted standings rows (a CTE `gone` with league_id, total_points, exact,
 * correct) out of the histogram, in key order.
 */
const UNCOUNT_GONE = `
 , uncounted AS (
   INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
   SELECT league_id, total_points, exact, correct, -count(*)::int FROM gone
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
   ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = k.n + EXCLUDED.n
   RETURNING k.league_id, k.n
 )
 SELECT (SELECT json_agg(json_build_object('league_id', league_id, 'n', n)) FROM (SELECT league_id, count(*)::int AS n FROM gone GROUP BY league_id) g) AS removed,
        coalesce((SELECT array_agg(DISTINCT league_id) FROM uncounted WHERE n = 0), '{}') AS emptied`;

/** Runs a DELETE … RETURNING as `gone` with UNCOUNT_GONE, then drops the buckets it emptied; answers the rows removed per league. */
async function deleteAndUncount(q: Q, gone: string, params: unknown[]): Promise<Map<number, number>> {
  const [{ removed, emptied }]: { removed: { league_id: number; n: number }[] | null; emptied: number[] }[] = await q.query(`WITH gone AS (${gone})${UNCOUNT_GONE}`, params);
  if (emptied.length > 0) await dropEmptyBuckets(q, emptied);
  return new Map((removed ?? []).map((r) => [r.league_id, r.n]));
}

/**
 * The histogram of league $1 rebuilt from its stored rows where they disagree (the reconciler's
 * repair; the normal path keeps both in one transaction). Answers the buckets fixed.
 */
export async function repairKeyCounts(tx: EntityManager, leagueId: number): Promise<number> {
  const [{ fixed }]: { fixed: number }[] = await tx.query(
    `WITH actual AS (
       SELECT total_points AS points, exact, correct, count(*)::int AS n FROM league_standings WHERE league_id = $1 GROUP BY 1, 2, 3
     ),
     dropped AS (
       DELETE FROM league_key_counts k WHERE k.league_id = $1
         AND NOT EXISTS (SELECT 1 FROM actual a WHERE (a.points, a.exact, a.correct) = (k.points, k.exact, k.correct))
       RETURNING 1
     ),
     set AS (
       INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
       SELECT $1, points, exact, correct, n FROM actual ORDER BY points, exact, correct
       ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = EXCLUDED.n WHERE k.n <> EXCLUDED.n
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM dropped) + (SELECT count(*) FROM set))::int AS fixed`,
    [leagueId],
  );
  return fixed;
}

/** Rows of leagues $1 whose user is no member: removed, with their keys out of the histogram; answers the rows removed per league. */
export async function deleteStrangerRows(tx: EntityManager, leagueIds: number[]): Promise<Map<number, number>> {
  return deleteAndUncount(
    tx,
    `DELETE FROM league_standings s
     WHERE s.league_id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = s.league_id AND m.user_id = s.user_id)
     RETURNING s.league_id, s.total_points, s.exact, s.correct`,
    [leagueIds],
  );
}

export interface SummaryValues {
  leagueId: number;
  seasonId: number | null;
  recentGameweekId: number | null;
  recentGameweekNumber: number | null;
  members: number;
  leading: number;
  top: unknown[];
}

/** The summaries of the leagues given (in league order, so two writers lock them alike). */
export async function upsertSummaries(tx: EntityManager, values: SummaryValues[]): Promise<void> {
  const rows = [...values].sort((a, b) => a.leagueId - b.leagueId);
  await tx.query(
    `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top, computed_at, recomputed_at)
     SELECT v."leagueId", v."seasonId", v."recentGameweekId", v."recentGameweekNumber", v.members, v."leading", v.top, now(), now()
     FROM jsonb_to_recordset($1::jsonb) AS v("leagueId" int, "seasonId" int, "recentGameweekId" int, "recentGameweekNumber" int, members int, "leading" int, top jsonb)
     ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
       recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
       leading_score = EXCLUDED.leading_score, top = EXCLUDED.top, computed_at = EXCLUDED.computed_at, recomputed_at = EXCLUDED.recomputed_at`,
    [JSON.stringify(rows)],
  );
}

/** Standings have no user foreign key: deleting an account takes the user's rows at once rather than when the worker gets there. */
export async function deleteStandingsOfUser(tx: EntityManager, userId: number): Promise<void> {
  await deleteAndUncount(tx, `DELETE FROM league_standings WHERE user_id = $1 RETURNING league_id, total_points, exact, correct`, [userId]);
}
