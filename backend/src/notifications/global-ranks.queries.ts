import type { DataSource } from 'typeorm';
import { parseIntList } from '../standings/ranked-table';
import { tableRank } from '../standings/table-ranking.shared-sql';
import { asIntLists, GLOBAL_TABLE_FIGURES, globalTableMembers } from './global-table.shared-sql';
import { UserRanks } from './user-ranks';

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

/** Every member's rank in the global league of the season's competition, by user id. */
export async function globalRanks(db: DataSource, seasonId: number): Promise<UserRanks> {
  const [row]: { user_id: string; rank: string }[] = await db.query(asIntLists(GLOBAL_RANKS_SQL, ['rank']), [seasonId]);
  return UserRanks.of(parseIntList(row.user_id), parseIntList(row.rank));
}
