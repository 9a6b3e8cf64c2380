import type { DataSource, EntityManager } from 'typeorm';
import type { LeagueKind, LeagueRole } from '@scoreline/contracts/api/leagues';

import { queryPrepared } from '../database/database.queries';
import type { TableUser } from './league-tables.queries';
import type { KeyCount } from './key-ranks';
import type { StoredStanding } from './standings.queries';
import { histogramOf, pageKeyRanks, standingsOf, storedRank, tableKey, tableOrder } from './table-ranking.queries';

type Q = DataSource | EntityManager;

/** A stored row of the table with the member's name and club. */
export type StandingRow = StoredStanding & TableUser;

export type LeaderboardHead = Partial<StandingRow> & {
  type: LeagueKind;
  role: LeagueRole | null;
  total: number | null;
  recent_gameweek_number: number | null;
  computed_at: Date | null;
};

/**
 * The league's kind, the viewer's membership and stored row, and the summary's version: one small
 * query per read, prepared (planning its joins cost more than running them).
 */
const LEADERBOARD_HEAD_SQL = `
  SELECT l.type, m.role, sm.member_count AS total, sm.recent_gameweek_number, sm.computed_at,
         s.user_id, ${storedRank('s')} AS rank, s.previous_rank, s.total_points, s.recent_points, s.provisional,
         u.username, u.first_name, u.last_name, c.name AS team
  FROM leagues l
  LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
  LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
  LEFT JOIN league_standings s ON s.league_id = l.id AND s.user_id = $2
  LEFT JOIN users u ON u.id = s.user_id
  LEFT JOIN clubs c ON c.id = u.club_id
  WHERE l.id = $1`;

export async function selectLeaderboardHead(db: DataSource, leagueId: number, viewerId: number): Promise<LeaderboardHead | undefined> {
  const [head] = await queryPrepared<LeaderboardHead>(db, 'leaderboard_head', LEADERBOARD_HEAD_SQL, [leagueId, viewerId]);
  return head;
}

/**
 * One page of the stored season table in rank order (ties by user id). Pages within the
 * summary's leading rows (`topRows`) read them from its jsonb (no sort); deeper pages take the
 * league's stored rows in key order (a top-N sort, no rank over the league) and derive each
 * one's rank from the histogram.
 */
export async function selectStandingsPage(q: Q, leagueId: number, pageSize: number, offset: number, topRows: number): Promise<StandingRow[]> {
  const page =
    offset + pageSize <= topRows
      ? `SELECT t.user_id, t.rank, t.previous_rank, t.total_points, t.recent_points, t.provisional
         FROM league_standings_summary sm
         CROSS JOIN LATERAL jsonb_to_recordset(sm.top) AS t(user_id int, rank int, previous_rank int, total_points int, recent_points int, provisional boolean)
         WHERE sm.league_id = $1
         ORDER BY t.rank, t.user_id LIMIT $2 OFFSET $3`
      : `WITH page AS (
           SELECT s.user_id, s.previous_rank, s.total_points, s.exact, s.correct, s.recent_points, s.provisional
           FROM league_standings s WHERE s.league_id = $1
           ORDER BY ${tableOrder(standingsOf('s'))}, s.user_id LIMIT $2 OFFSET $3
         ),
         ranks AS (${pageKeyRanks('$1', 'page', standingsOf('page'))})
         SELECT p.user_id, r.rank, p.previous_rank, p.total_points, p.recent_points, p.provisional
         FROM page p LEFT JOIN ranks r ON ${tableKey(histogramOf('r'))} = ${tableKey(standingsOf('p'))}`;
  return q.query(
    `SELECT p.*, u.username, u.first_name, u.last_name, c.name AS team
     FROM (${page}) p
     JOIN users u ON u.id = p.user_id
     LEFT JOIN clubs c ON c.id = u.club_id
     ORDER BY p.rank, p.user_id`,
    [leagueId, pageSize, offset],
  );
}

/** The most points anyone has in the league's stored table, or null when it has no rows. */
export async function selectLeadingScore(q: Q, leagueId: number): Promise<number | null> {
  const [standing]: { leading: number | null }[] = await q.query(`SELECT max(total_points)::int AS leading FROM league_standings WHERE league_id = $1`, [leagueId]);
  return standing?.leading ?? null;
}

/** The version of the league's stored table: when its last recompute committed (null before the first). */
export async function selectTableVersion(q: Q, leagueId: number): Promise<string | null> {
  // In microseconds, as stored: two recomputes within one millisecond are still two versions.
  const [row]: { version: string }[] = await q.query(
    `SELECT (extract(epoch FROM computed_at) * 1000000)::bigint::text AS version FROM league_standings_summary WHERE league_id = $1`,
    [leagueId],
  );
  return row?.version ?? null;
}

/** The league's histogram of keys (league_key_counts): the members holding each key. */
export function selectKeyCounts(q: Q, leagueId: number): Promise<KeyCount[]> {
  return q.query(`SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1 AND n > 0`, [leagueId]);
}
