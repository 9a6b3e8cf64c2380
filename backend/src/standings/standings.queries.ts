import type { DataSource, EntityManager } from 'typeorm';
import type { RankClimb } from '../activity/activity-writer.service';
import { tableRank, totalsOf } from './table-ranking.queries';

/** The only SQL of the standings tables (league_standings, league_standings_summary). */

type Q = DataSource | EntityManager;

/** How many leading rows the summary keeps, so the leaderboard's first pages need no sort. */
export const TOP_ROWS = 100;

/** Rows whose rank or points changed, for the live leaderboard (at most this many are sent). */
export const CHANGED_ROWS_LIMIT = 100;

/** A member who left: their row goes at once (unless they are back already). */
export async function deleteFormerMemberRow(q: Q, leagueId: number, userId: number): Promise<void> {
  await q.query(
    `DELETE FROM league_standings s WHERE s.league_id = $1 AND s.user_id = $2
       AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = $2)`,
    [leagueId, userId],
  );
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
 * The season table of one league, ranked by the table rule over the season totals, written as
 * the difference to what is stored: one UPDATE of the rows whose figures changed (HOT: no index
 * covers these columns) and, when `insertMissing`, an INSERT of members without a row, in
 * primary-key order. Answers the counts, the leading rows (for the summary), the climbs into
 * the top 10 and the changed rows (for the live push).
 * $1 league, $2 season, $3 recent gameweek, $4 insert missing rows.
 */
const RECOMPUTE_LEAGUE_STANDINGS_SQL = `WITH ranked AS (
   SELECT m.user_id,
          coalesce(t.points, 0) AS total_points,
          coalesce(g.points, 0) AS recent_points,
          (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
          ${tableRank(totalsOf('t'))} AS rank
   FROM league_members m
   LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
   LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
   WHERE m.league_id = $1
 ),
 updated AS (
   -- Existing rows whose figures changed, in one set-based UPDATE (HOT: no index covers these columns).
   UPDATE league_standings s SET rank = r.rank,
          previous_rank = CASE WHEN s.rank <> r.rank THEN s.rank ELSE s.previous_rank END,
          total_points = r.total_points, recent_points = r.recent_points, provisional = r.provisional, updated_at = now()
   FROM ranked r
   WHERE s.league_id = $1 AND s.user_id = r.user_id
     AND (s.rank <> r.rank OR s.total_points <> r.total_points OR s.recent_points <> r.recent_points OR s.provisional <> r.provisional)
   RETURNING s.user_id, s.rank, s.provisional, s.total_points, s.recent_points
 ),
 inserted AS (
   INSERT INTO league_standings (league_id, user_id, rank, previous_rank, total_points, recent_points, provisional, updated_at)
   SELECT $1, r.user_id, r.rank, NULL, r.total_points, r.recent_points, r.provisional, now() FROM ranked r
   WHERE $4::boolean AND NOT EXISTS (SELECT 1 FROM league_standings s WHERE s.league_id = $1 AND s.user_id = r.user_id)
   ORDER BY r.user_id
   RETURNING 1
 )
 -- The main query still sees the table as it was before this statement: old ranks.
 SELECT (SELECT count(*) FROM ranked)::int AS members,
        (SELECT max(total_points) FROM ranked)::int AS leading,
        (SELECT count(*) FROM updated)::int AS updated,
        (SELECT count(*) FROM inserted)::int AS inserted,
        (SELECT json_agg(json_build_object('user_id', top.user_id, 'rank', top.rank,
                                           'previous_rank', CASE WHEN o.rank IS NULL THEN NULL WHEN o.rank <> top.rank THEN o.rank ELSE o.previous_rank END,
                                           'total_points', top.total_points, 'recent_points', top.recent_points, 'provisional', top.provisional)
                         ORDER BY top.rank, top.user_id)
         FROM (SELECT * FROM ranked ORDER BY rank, user_id LIMIT ${TOP_ROWS}) top
         LEFT JOIN league_standings o ON o.league_id = $1 AND o.user_id = top.user_id) AS top,
        (SELECT json_agg(json_build_object('userId', u.user_id, 'rank', u.rank, 'previousRank', o.rank))
         FROM updated u JOIN league_standings o ON o.league_id = $1 AND o.user_id = u.user_id
         WHERE u.rank <= 10 AND NOT u.provisional AND o.rank > u.rank) AS climbs,
        (SELECT json_agg(json_build_object('userId', c.user_id, 'rank', c.rank, 'previousRank', o.rank,
                                           'totalPoints', c.total_points, 'recentPoints', c.recent_points) ORDER BY c.rank)
         FROM (SELECT * FROM updated ORDER BY rank LIMIT ${CHANGED_ROWS_LIMIT + 1}) c
         JOIN league_standings o ON o.league_id = $1 AND o.user_id = c.user_id) AS changed`;

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
  top: StoredStanding[] | null;
  climbs: RankClimb[] | null;
  /** Up to CHANGED_ROWS_LIMIT + 1, so the caller can tell there were more. */
  changed: ChangedRow[] | null;
}

export async function recomputeLeagueStandings(
  tx: EntityManager,
  p: { leagueId: number; seasonId: number | null; recentGameweekId: number | null; insertMissing: boolean },
): Promise<RecomputedTable> {
  const [result]: RecomputedTable[] = await tx.query(RECOMPUTE_LEAGUE_STANDINGS_SQL, [p.leagueId, p.seasonId, p.recentGameweekId, p.insertMissing]);
  return result;
}

export async function deleteStrangerRows(tx: EntityManager, leagueId: number): Promise<number> {
  const [, affected]: [unknown[], number] = await tx.query(
    `DELETE FROM league_standings s
     WHERE s.league_id = $1 AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = s.user_id)`,
    [leagueId],
  );
  return affected;
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
    `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top, computed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
       recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
       leading_score = EXCLUDED.leading_score, top = EXCLUDED.top, computed_at = EXCLUDED.computed_at`,
    [v.leagueId, v.seasonId, v.recentGameweekId, v.recentGameweekNumber, v.members, v.leading, JSON.stringify(v.top)],
  );
}

/** Standings have no user foreign key: deleting an account takes the user's rows at once rather than when the worker gets there. */
export async function deleteStandingsOfUser(tx: EntityManager, userId: number): Promise<void> {
  await tx.query(`DELETE FROM league_standings WHERE user_id = $1`, [userId]);
}
