/** One member's line of a ranked table. */
export interface RankedMember {
  user_id: number;
  rank: number;
  points: number;
  exact: number;
  correct: number;
  provisional: boolean;
}

/** A whole table as the database answers it: one array per column, element i of each is one member. */
export interface RankedColumns {
  user_ids: number[];
  ranks: number[];
  points: number[];
  exact: number[];
  correct: number[];
  provisional: boolean[];
}

/**
 * A league's whole table over one period, ranked, in table order (ties in rank by user id), held
 * as typed columns: about 25 bytes a member instead of an object each (~100 bytes with its index
 * entry), so the tables of a million-member league fit a worker's memory budget.
 */
export class RankedTable {
  readonly size: number;
  private readonly userIds: Int32Array;
  private readonly ranks: Int32Array;
  private readonly points: Int32Array;
  private readonly exact: Int32Array;
  private readonly correct: Int32Array;
  private readonly provisional: Uint8Array;
  /** user id → position + 1: a direct array when ids are dense, else a map. */
  private readonly byUser: Int32Array | Map<number, number>;

  constructor(columns: RankedColumns) {
    const n = columns.user_ids.length;
    const order = inTableOrder(columns) ? null : tableOrderOf(columns);
    const pick = <T>(values: T[], i: number): T => values[order ? order[i] : i];
    this.size = n;
    this.userIds = new Int32Array(n);
    this.ranks = new Int32Array(n);
    this.points = new Int32Array(n);
    this.exact = new Int32Array(n);
    this.correct = new Int32Array(n);
    this.provisional = new Uint8Array(n);
    let maxId = 0;
    for (let i = 0; i < n; i++) {
      this.userIds[i] = pick(columns.user_ids, i);
      this.ranks[i] = pick(columns.ranks, i);
      this.points[i] = pick(columns.points, i);
      this.exact[i] = pick(columns.exact, i);
      this.correct[i] = pick(columns.correct, i);
      this.provisional[i] = pick(columns.provisional, i) ? 1 : 0;
      if (this.userIds[i] > maxId) maxId = this.userIds[i];
    }
    // Dense ids (the global league, a country's): 4 bytes per possible id beat a map's ~30 per member.
    if (maxId <= 4 * n + 1024) {
      const direct = new Int32Array(maxId + 1);
      for (let i = 0; i < n; i++) direct[this.userIds[i]] = i + 1;
      this.byUser = direct;
    } else {
      const map = new Map<number, number>();
      for (let i = 0; i < n; i++) map.set(this.userIds[i], i + 1);
      this.byUser = map;
    }
  }

  /** The member at a position (0-based) of the table. */
  at(position: number): RankedMember {
    return {
      user_id: this.userIds[position],
      rank: this.ranks[position],
      points: this.points[position],
      exact: this.exact[position],
      correct: this.correct[position],
      provisional: this.provisional[position] === 1,
    };
  }

  /** The members at positions [start, end). */
  slice(start: number, end: number): RankedMember[] {
    const rows: RankedMember[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.size); i++) rows.push(this.at(i));
    return rows;
  }

  /** A member's position, or undefined for a user not in the table. */
  positionOf(userId: number): number | undefined {
    const found = this.byUser instanceof Map ? this.byUser.get(userId) : userId >= 0 && userId < this.byUser.length ? this.byUser[userId] : 0;
    return found ? found - 1 : undefined;
  }
}

/** Whether the columns already come in table order: rank ascending, ties by user id. */
function inTableOrder(c: RankedColumns): boolean {
  for (let i = 1; i < c.user_ids.length; i++) {
    if (c.ranks[i] < c.ranks[i - 1] || (c.ranks[i] === c.ranks[i - 1] && c.user_ids[i] < c.user_ids[i - 1])) return false;
  }
  return true;
}

/** The positions of the columns in table order (the database's order is a plan's, not a promise). */
function tableOrderOf(c: RankedColumns): Int32Array {
  const order = Int32Array.from({ length: c.user_ids.length }, (_, i) => i);
  return order.sort((a, b) => c.ranks[a] - c.ranks[b] || c.user_ids[a] - c.user_ids[b]);
}
