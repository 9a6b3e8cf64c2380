import type { DataSource } from 'typeorm';
import { tableRank, totalsOf } from '../standings/table-ranking.shared-sql';

/**
 * Rank in the global league of season $1's competition as the standings worker computes it (the
 * table rule over season totals of the league's members, see standings/table-ranking.shared-sql.ts).
 * Computed here rather than read from league_standings: the recompute runs beside this job and
 * may not have caught up yet. Once per job (a window over every member), not once per batch of
 * recipients.
 */
export const GLOBAL_RANKS_SQL = `
  SELECT m.user_id, ${tableRank(totalsOf('t'))} AS rank
  FROM leagues l
  JOIN league_members m ON m.league_id = l.id
  LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $1
  WHERE l.type = 'global' AND l.competition_code = (SELECT s.league_code FROM seasons s WHERE s.id = $1)`;

/** user id → rank in the global league of the season's competition. */
export async function globalRanks(db: DataSource, seasonId: number): Promise<Map<number, number>> {
  const rows: { user_id: number; rank: number }[] = await db.query(GLOBAL_RANKS_SQL, [seasonId]);
  return new Map(rows.map((r) => [r.user_id, r.rank]));
}
