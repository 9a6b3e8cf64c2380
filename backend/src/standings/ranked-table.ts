/** One member's line of a ranked table. */
export interface RankedMember {
  user_id: number;
  rank: number;
  points: number;
  exact: number;
  correct: number;
  provisional: boolean;
}

/**
 * What readers of a ranked table ask of it: the stored tables (RankedTable, columns in table
 * order) and the live ones (LiveRanking, runs of a base: nothing per member is rewritten) alike.
 */
export interface TableView {
  readonly size: number;
  /** The member at a position (0-based) of the table. */
  at(position: number): RankedMember;
  /** The members at positions [start, end). */
  slice(start: number, end: number): RankedMember[];
  /** The user ids and ranks in table order, whole: to read, never to change. */
  orderColumns(): { userIds: Int32Array; ranks: Int32Array };
  /** A member's position, or undefined for a user not in the table. */
  positionOf(userId: number): number | undefined;
  /** A member's position and line at once, or undefined for a user not in the table. */
  memberOf(userId: number): { position: number; member: RankedMember } | undefined;
  /** How many members have fewer points than `points`. */
  countBelow(points: number): number;
}

/** A whole table as typed columns: element i of each is one member. */
export interface RankedColumns {
  user_ids: Int32Array;
  ranks: Int32Array;
  points: Int32Array;
  exact: Int32Array;
  correct: Int32Array;
  /** 1 when the member's figures are provisional. */
  provisional: Uint8Array;
}

/**
 * The integers of a comma-separated list (as `array_to_string(…, ',')` answers), parsed straight
 * into a typed array: a million members' column costs 4 MB, not a JS array plus a string per
 * element (the array parser's way, ~40 MB of garbage per column).
 */
export function parseIntList(text: string): Int32Array {
  if (text.length === 0) return new Int32Array(0);
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  const out = new Int32Array(n);
  let k = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (c === 45) {
      negative = true;
    } else {
      value = value * 10 + (c - 48);
    }
  }
  out[k] = negative ? -value : value;
  return out;
}

/**
 * A league's whole table over one period, ranked, in table order (ties in rank by user id), held
 * as typed columns: about 25 bytes a member instead of an object each (~100 bytes with its index
 * entry), so the tables of a million-member league fit a worker's memory budget.
 */
export class RankedTable implements TableView {
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
    for (const column of [columns.ranks, columns.points, columns.exact, columns.correct, columns.provisional]) {
      if (column.length !== n) throw new Error(`a ranked table's columns differ in length (${column.length} vs ${n})`);
    }
    this.size = n;
    if (inTableOrder(columns)) {
      // The database's order (the usual case): the columns are kept as they came, no copy.
      this.userIds = columns.user_ids;
      this.ranks = columns.ranks;
      this.points = columns.points;
      this.exact = columns.exact;
      this.correct = columns.correct;
      this.provisional = columns.provisional;
    } else {
      const order = tableOrderOf(columns);
      const reorder = <T extends Int32Array | Uint8Array>(values: T): T => values.map((_, i) => values[order[i]]) as T;
      this.userIds = reorder(columns.user_ids);
      this.ranks = reorder(columns.ranks);
      this.points = reorder(columns.points);
      this.exact = reorder(columns.exact);
      this.correct = reorder(columns.correct);
      this.provisional = reorder(columns.provisional);
    }
    let maxId = 0;
    for (let i = 0; i < n; i++) if (this.userIds[i] > maxId) maxId = this.userIds[i];
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

  /** The user ids and ranks in table order: the table's own arrays, to read, never to change. */
  orderColumns(): { userIds: Int32Array; ranks: Int32Array } {
    return { userIds: this.userIds, ranks: this.ranks };
  }

  /** A member's position, or undefined for a user not in the table. */
  positionOf(userId: number): number | undefined {
    const found = this.byUser instanceof Map ? this.byUser.get(userId) : userId >= 0 && userId < this.byUser.length ? this.byUser[userId] : 0;
    return found ? found - 1 : undefined;
  }

  memberOf(userId: number): { position: number; member: RankedMember } | undefined {
    const position = this.positionOf(userId);
    return position === undefined ? undefined : { position, member: this.at(position) };
  }

  /** Points never rise down the table: a binary search for the first position with fewer. */
  countBelow(points: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.points[mid] < points) hi = mid;
      else lo = mid + 1;
    }
    return this.size - lo;
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
