import { compareTableFigures, type TableFigures } from '@scoreline/contracts/game/table-ranking';

/** One bucket of a league's histogram (league_key_counts): how many members hold this key. */
export interface KeyCount extends TableFigures {
  n: number;
}

/**
 * A league's ranks by key, from its histogram: a member's rank is 1 + the members holding a
 * better key (the table rule; ties share a rank). Built once per stored table version, so a page
 * of members in any order (by name, a search) gets its ranks by lookup, not by a walk of the
 * histogram per request.
 */
export class KeyRanks {
  /** The keys, best first. */
  private readonly keys: TableFigures[];
  /** above[i]: members holding a key better than keys[i]. */
  private readonly above: number[];
  /** Every member the histogram counts. */
  readonly members: number;

  constructor(counts: readonly KeyCount[]) {
    const sorted = counts.filter((c) => c.n > 0).sort(compareTableFigures);
    this.keys = sorted;
    this.above = [];
    let members = 0;
    for (const bucket of sorted) {
      this.above.push(members);
      members += bucket.n;
    }
    this.members = members;
  }

  /** How many members hold fewer points than `points` (the member card's "better than"). */
  countBelow(points: number): number {
    // Keys are best first, so by points descending: find the first with fewer points.
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid].points >= points) low = mid + 1;
      else high = mid;
    }
    return this.members - (low < this.keys.length ? this.above[low] : this.members);
  }

  /** The rank a member holding `figures` has (also for a key no member holds). */
  rankOf(figures: TableFigures): number {
    // The first key that is not better than `figures`: every key before it is.
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareTableFigures(this.keys[mid], figures) < 0) low = mid + 1;
      else high = mid;
    }
    return 1 + (low < this.keys.length ? this.above[low] : this.members);
  }
}
