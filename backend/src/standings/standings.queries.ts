import type { DataSource, EntityManager } from 'typeorm';
import type { RankClimb } from '../activity/activity-writer.service';
import { histogramOf, standingsOf, tableKey, tableOrder } from './table-ranking.queries';

/** The only SQL of the standings tables (league_standings, league_standings_summary). */

type Q = DataSource | EntityManager;

/** How many leading rows the summary keeps, so the leaderboard's first pages need no sort. */
export const TOP_ROWS = 100;

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
  return removed > 0;
}

/**
 * Every league with a member who predicted the match, plus every league whose "recent
 * gameweek" this result moves on (its members' recent points all change).
 */
export async function selectLeaguesAffectedByScores(q: Q, fixtureId: number, gameweekId: number): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(
    `SELECT DISTINCT m.league_id FROM predictions p JOIN league_members m ON m.user_id = p.user_id WHERE p.fixture_id = $1
     UNION
     SELECT s.league_id FROM league_standings_summary s
     WHERE s.recent_gameweek_id IS DISTINCT FROM $2
       AND $2 = (SELECT g.id FROM gameweeks g JOIN seasons se ON se.id = g.season_id AND se.is_active
                 WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
                 ORDER BY g.number DESC LIMIT 1)`,
    [fixtureId, gameweekId],
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
 * The league's rewrite lock if nobody holds it (a recompute running or a join beside it), for
 * the rest of the transaction; answers whether it was taken.
 */
export async function tryLockLeagueStandings(tx: EntityManager, lockNamespace: number, leagueId: number): Promise<boolean> {
  const [{ locked }]: { locked: boolean }[] = await tx.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS locked`, [lockNamespace, leagueId]);
  return locked;
}

/**
 * For the rest of the transaction: sorting a big league's 100k rows wants more than the default
 * 4 MB; JIT compilation costs more than it saves on these statements.
 */
export async function tuneForBigLeagueSorts(tx: EntityManager): Promise<void> {
  await tx.query(`SET LOCAL work_mem = '64MB'`);
  await tx.query(`SET LOCAL jit = off`);
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
 * The season table of one league as the difference to what is stored, with ranks derived
 * (table-ranking.queries.ts): one UPDATE of the rows whose figures changed (HOT: no index covers
 * these columns), an INSERT of members without a row, and the histogram of keys
 * (league_key_counts) moved by those rows only — a goal writes the fans whose points changed
 * and the buckets they left and entered, never a rank. Ranks before and after come from the
 * histogram as this statement found it and as it leaves it: a rank per distinct key (one sort of
 * the league's keys, not of its members), looked up per member. When the league's recent
 * gameweek moved on, every row keeps its rank at that moment as `previous_rank` (the arrows show
 * the movement since the last gameweek ended). Answers the counts, the leading rows (for the
 * summary), the climbs into the top 10 and the rows whose rank or figures changed (live push).
 * $1 league, $2 season, $3 recent gameweek, $4 whether previous ranks may roll.
 */
const KEY_ORDER = tableOrder((f) => f);
const RECOMPUTE_LEAGUE_STANDINGS_SQL = `WITH cur AS (
   SELECT m.user_id,
          coalesce(t.points, 0) AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
          coalesce(g.points, 0) AS recent_points,
          (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional
   FROM league_members m
   LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
   LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
   WHERE m.league_id = $1
 ),
 -- Each member's new figures beside the stored ones (none yet: o_points is null).
 pairs AS (
   SELECT c.*, o.total_points AS o_points, o.exact AS o_exact, o.correct AS o_correct,
          o.recent_points AS o_recent, o.provisional AS o_provisional, o.previous_rank
   FROM cur c LEFT JOIN league_standings o ON o.league_id = $1 AND o.user_id = c.user_id
 ),
 old_counts AS (
   SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1
 ),
 -- The rank of every key as the histogram stood before this statement.
 old_ranks AS (
   SELECT points, exact, correct, (1 + sum(n) OVER (ORDER BY ${KEY_ORDER}) - n)::int AS rank FROM old_counts
 ),
 roll AS (
   SELECT $4::boolean AND (SELECT recent_gameweek_id FROM league_standings_summary WHERE league_id = $1) IS DISTINCT FROM $3 AS moved_on
 ),
 -- The stored rows to write (figures changed, or the previous rank rolls): found in the
 -- statement's snapshot first, so a replay joins nothing to the table it writes.
 to_write AS MATERIALIZED (
   SELECT p.*, CASE WHEN (SELECT moved_on FROM roll) THEN r.rank ELSE p.previous_rank END AS next_previous_rank
   FROM pairs p LEFT JOIN old_ranks r ON ${tableKey(histogramOf('r'))} = (p.o_points, p.o_exact, p.o_correct)
   WHERE p.o_points IS NOT NULL
     AND ((p.total_points, p.exact, p.correct, p.recent_points, p.provisional) IS DISTINCT FROM (p.o_points, p.o_exact, p.o_correct, p.o_recent, p.o_provisional)
          OR ((SELECT moved_on FROM roll) AND p.previous_rank IS DISTINCT FROM r.rank))
 ),
 updated AS (
   UPDATE league_standings s
   SET total_points = w.total_points, exact = w.exact, correct = w.correct, recent_points = w.recent_points,
       provisional = w.provisional, previous_rank = w.next_previous_rank, updated_at = now()
   FROM to_write w
   WHERE s.league_id = $1 AND s.user_id = w.user_id
   RETURNING s.user_id
 ),
 inserted AS (
   INSERT INTO league_standings (league_id, user_id, previous_rank, total_points, exact, correct, recent_points, provisional, updated_at)
   SELECT $1, p.user_id, NULL, p.total_points, p.exact, p.correct, p.recent_points, p.provisional, now() FROM pairs p
   WHERE p.o_points IS NULL
   ORDER BY p.user_id
   RETURNING user_id
 ),
 -- The histogram's change: the keys the written rows left and entered.
 delta AS (
   SELECT points, exact, correct, sum(d)::int AS d FROM (
     SELECT p.o_points AS points, p.o_exact AS exact, p.o_correct AS correct, -1 AS d FROM updated u JOIN pairs p USING (user_id)
     UNION ALL
     SELECT p.total_points, p.exact, p.correct, 1 FROM updated u JOIN pairs p USING (user_id)
     UNION ALL
     SELECT p.total_points, p.exact, p.correct, 1 FROM inserted i JOIN pairs p USING (user_id)
   ) x GROUP BY points, exact, correct HAVING sum(d) <> 0
 ),
 counted AS (
   INSERT INTO league_key_counts AS k (league_id, points, exact, correct, n)
   SELECT $1, points, exact, correct, d FROM delta ORDER BY points, exact, correct
   ON CONFLICT (league_id, points, exact, correct) DO UPDATE SET n = k.n + EXCLUDED.n
   RETURNING 1
 ),
 -- The rank of every key as the histogram stands after it.
 new_ranks AS (
   SELECT points, exact, correct, (1 + sum(n) OVER (ORDER BY ${KEY_ORDER}) - n)::int AS rank
   FROM (SELECT coalesce(o.points, d.points) AS points, coalesce(o.exact, d.exact) AS exact, coalesce(o.correct, d.correct) AS correct,
                coalesce(o.n, 0) + coalesce(d.d, 0) AS n
         FROM old_counts o FULL JOIN delta d USING (points, exact, correct)) h
   WHERE n > 0
 ),
 ranked AS (
   SELECT p.*, nr.rank, orr.rank AS old_rank,
          CASE WHEN (SELECT moved_on FROM roll) AND p.o_points IS NOT NULL THEN orr.rank ELSE p.previous_rank END AS new_previous_rank
   FROM pairs p
   JOIN new_ranks nr ON ${tableKey(histogramOf('nr'))} = (p.total_points, p.exact, p.correct)
   LEFT JOIN old_ranks orr ON ${tableKey(histogramOf('orr'))} = (p.o_points, p.o_exact, p.o_correct)
 )
 SELECT (SELECT count(*) FROM cur)::int AS members,
        (SELECT max(total_points) FROM cur)::int AS leading,
        (SELECT count(*) FROM updated)::int AS updated,
        (SELECT count(*) FROM inserted)::int AS inserted,
        (SELECT count(*) FROM counted)::int AS buckets,
        (SELECT json_agg(json_build_object('user_id', top.user_id, 'rank', top.rank, 'previous_rank', top.new_previous_rank,
                                           'total_points', top.total_points, 'recent_points', top.recent_points, 'provisional', top.provisional)
                         ORDER BY top.rank, top.user_id)
         FROM (SELECT * FROM ranked ORDER BY ${tableOrder(standingsOf('ranked'))}, user_id LIMIT ${TOP_ROWS}) top) AS top,
        (SELECT json_agg(json_build_object('userId', r.user_id, 'rank', r.rank, 'previousRank', r.old_rank))
         FROM ranked r WHERE r.rank <= 10 AND NOT r.provisional AND r.old_rank > r.rank) AS climbs,
        (SELECT json_agg(json_build_object('userId', c.user_id, 'rank', c.rank, 'previousRank', c.old_rank,
                                           'totalPoints', c.total_points, 'recentPoints', c.recent_points) ORDER BY c.rank, c.user_id)
         FROM (SELECT * FROM ranked r
               WHERE r.o_points IS NOT NULL
                 AND (r.rank <> r.old_rank
                      OR (r.total_points, r.exact, r.correct, r.recent_points, r.provisional) IS DISTINCT FROM (r.o_points, r.o_exact, r.o_correct, r.o_recent, r.o_provisional))
               ORDER BY r.rank, r.user_id LIMIT ${CHANGED_ROWS_LIMIT + 1}) c) AS changed`;

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
              coalesce(t.points, 0) AS total_points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct,
              coalesce(g.points, 0) AS recent_points,
              (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
              EXISTS (SELECT 1 FROM league_standings s WHERE s.league_id = $1 AND s.user_id = m.user_id) AS stored
       FROM league_members m
       LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
       WHERE m.league_id = $1 AND m.user_id = $5
     ),
     sm AS (${CURRENT_BIG_SUMMARY}),
     l AS (${LAST_LEADING_ROW}),
     fits AS (
       SELECT j.* FROM joiner j CROSS JOIN l WHERE NOT j.stored AND ${SORTS_AFTER_LAST_LEADING('j', tableKey(standingsOf('j')))}
     ),
     inserted AS (
       INSERT INTO league_standings (league_id, user_id, previous_rank, total_points, exact, correct, recent_points, provisional, updated_at)
       SELECT $1, user_id, NULL, total_points, exact, correct, recent_points, provisional, now() FROM fits
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
  total_points: number;
  recent_points: number;
  provisional: boolean;
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

export async function recomputeLeagueStandings(
  tx: EntityManager,
  p: { leagueId: number; seasonId: number | null; recentGameweekId: number | null; rollPreviousRanks: boolean },
): Promise<RecomputedTable> {
  const [result]: RecomputedTable[] = await tx.query(RECOMPUTE_LEAGUE_STANDINGS_SQL, [p.leagueId, p.seasonId, p.recentGameweekId, p.rollPreviousRanks]);
  if (result.buckets > 0) await tx.query(`DELETE FROM league_key_counts WHERE league_id = $1 AND n = 0`, [p.leagueId]);
  return result;
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
 SELECT (SELECT count(*) FROM gone)::int AS removed,
        coalesce((SELECT array_agg(DISTINCT league_id) FROM uncounted WHERE n = 0), '{}') AS emptied`;

/** Runs a DELETE … RETURNING as `gone` with UNCOUNT_GONE, then drops the buckets it emptied. */
async function deleteAndUncount(q: Q, gone: string, params: unknown[]): Promise<number> {
  const [{ removed, emptied }]: { removed: number; emptied: number[] }[] = await q.query(`WITH gone AS (${gone})${UNCOUNT_GONE}`, params);
  if (emptied.length > 0) await q.query(`DELETE FROM league_key_counts WHERE league_id = ANY($1::int[]) AND n = 0`, [emptied]);
  return removed;
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

export async function deleteStrangerRows(tx: EntityManager, leagueId: number): Promise<number> {
  return deleteAndUncount(
    tx,
    `DELETE FROM league_standings s
     WHERE s.league_id = $1 AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = s.user_id)
     RETURNING s.league_id, s.total_points, s.exact, s.correct`,
    [leagueId],
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

export async function upsertSummary(tx: EntityManager, v: SummaryValues): Promise<void> {
  await tx.query(
    `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top, computed_at, recomputed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())
     ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
       recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
       leading_score = EXCLUDED.leading_score, top = EXCLUDED.top, computed_at = EXCLUDED.computed_at, recomputed_at = EXCLUDED.recomputed_at`,
    [v.leagueId, v.seasonId, v.recentGameweekId, v.recentGameweekNumber, v.members, v.leading, JSON.stringify(v.top)],
  );
}

/** Standings have no user foreign key: deleting an account takes the user's rows at once rather than when the worker gets there. */
export async function deleteStandingsOfUser(tx: EntityManager, userId: number): Promise<void> {
  await deleteAndUncount(tx, `DELETE FROM league_standings WHERE user_id = $1 RETURNING league_id, total_points, exact, correct`, [userId]);
}
