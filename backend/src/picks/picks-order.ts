import { compareTableFigures, type TableFigures } from '@scoreline/contracts/game/table-ranking';

/** A member's place in a gameweek, as the order query returns it. */
export interface OrderedMember extends TableFigures {
  user_id: number;
}

/** The order of a gameweek packed for the page cache: user ids and their shared ranks. */
export interface PackedOrder {
  userIds: Int32Array;
  ranks: Int32Array;
}

/**
 * Ranks of members already sorted by the table ranking rule (points, exact scores, correct
 * results: contracts/src/game/table-ranking.ts): members equal on all three share a rank, the
 * next one takes its position (1, 2, 2, 4).
 */
export function packOrder(rows: readonly OrderedMember[]): PackedOrder {
  const userIds = new Int32Array(rows.length);
  const ranks = new Int32Array(rows.length);
  rows.forEach((r, i) => {
    userIds[i] = r.user_id;
    const prev = rows[i - 1];
    ranks[i] = prev && compareTableFigures(prev, r) === 0 ? ranks[i - 1] : i + 1;
  });
  return { userIds, ranks };
}

/** Indexes (into the order) of one page, among all members or only those `only` keeps. */
export function pageIndexes(order: PackedOrder, offset: number, limit: number, only: ReadonlySet<number> | null): { indexes: number[]; total: number } {
  if (only === null) {
    const indexes: number[] = [];
    for (let i = offset; i < Math.min(order.userIds.length, offset + limit); i++) indexes.push(i);
    return { indexes, total: order.userIds.length };
  }
  const indexes: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.userIds.length; i++) {
    if (!only.has(order.userIds[i])) continue;
    if (seen >= offset && indexes.length < limit) indexes.push(i);
    seen += 1;
  }
  return { indexes, total: seen };
}

/** Where a user stands in the order, or -1. */
export function indexOfUser(order: PackedOrder, userId: number): number {
  return order.userIds.indexOf(userId);
}
