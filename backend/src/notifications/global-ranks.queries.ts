import type { DataSource } from 'typeorm';
import { tableRank } from '../standings/table-ranking.shared-sql';
import { GLOBAL_TABLE_FIGURES, globalTableMembers } from './global-table.shared-sql';

/**
 * Rank in the global league of season $1's competition as its season table ranks it (the table
 * rule over the members' season totals and settled bonus points: global-table.shared-sql.ts).
 * Computed here rather than read from league_standings: the recompute runs beside this job and
 * may not have caught up yet. Once per job (a window over every member), not once per batch of
 * recipients.
 */
export const GLOBAL_RANKS_SQL = `
  SELECT m.user_id, ${tableRank(GLOBAL_TABLE_FIGURES)} AS rank
  ${globalTableMembers('$1')}`;

/** user id → rank in the global league of the season's competition. */
export async function globalRanks(db: DataSource, seasonId: number): Promise<Map<number, number>> {
  const rows: { user_id: number; rank: number }[] = await db.query(GLOBAL_RANKS_SQL, [seasonId]);
  return new Map(rows.map((r) => [r.user_id, r.rank]));
}
