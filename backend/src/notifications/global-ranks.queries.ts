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

/**
 * Rank in the global league of season $1's competition now and before gameweek $2 (its season
 * table's rule, global-table.shared-sql.ts, over the figures as they are and less the gameweek's):
 * "up 3 places". The settled bonus points count on both sides, so the move is the round's.
 * Computed, not read from league_standings, for the reason globalRanks gives. A gameweek's final
 * mails and pushes share one (NotificationsService.gameweekFinal): each was a window over the whole league.
 */
export const GLOBAL_RANK_MOVES_SQL = `
  SELECT m.user_id, ${tableRank(GLOBAL_TABLE_FIGURES)} AS rank,
         ${tableRank((figure) => `${GLOBAL_TABLE_FIGURES(figure)} - coalesce(g.${figure}, 0)`)} AS rank_before
  ${globalTableMembers('$1', 'LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $2')}`;

/** Every member's rank now and before the gameweek in the global league of the season's competition, by user id. */
export async function globalRankMoves(db: DataSource, seasonId: number, gameweekId: number): Promise<UserRanks> {
  const [row]: { user_id: string; rank: string; rank_before: string }[] = await db.query(asIntLists(GLOBAL_RANK_MOVES_SQL, ['rank', 'rank_before']), [seasonId, gameweekId]);
  return UserRanks.of(parseIntList(row.user_id), parseIntList(row.rank), parseIntList(row.rank_before));
}
