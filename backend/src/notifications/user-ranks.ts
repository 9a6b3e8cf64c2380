/**
 * A global league's ranks by user id, held as typed columns (user ids ascending, as the query
 * answers them): a million members' ranks cost 8 MB, 12 with the ranks before the gameweek. They
 * were a Map of the answer's row objects, built from a million-row answer: ~300 MB at its peak per
 * job, and a gameweek's final mails and pushes load one each at once (1M fans: the workers' peak
 * RSS 584 MB with one competition, over 630 with two).
 */
export class UserRanks {
  private constructor(
    private readonly users: Int32Array,
    private readonly ranks: Int32Array,
    private readonly before: Int32Array | null,
  ) {}

  /** `users` strictly ascending; `ranks` (and `before`, when given) element for element. */
  static of(users: Int32Array, ranks: Int32Array, before: Int32Array | null = null): UserRanks {
    if (ranks.length !== users.length || (before !== null && before.length !== users.length)) {
      throw new Error(`UserRanks: ${users.length} users, ${ranks.length} ranks${before === null ? '' : `, ${before.length} ranks before`}`);
    }
    for (let i = 1; i < users.length; i++) {
      if (users[i] <= users[i - 1]) throw new Error(`UserRanks: user ids not ascending at ${i} (${users[i - 1]}, ${users[i]})`);
    }
    return new UserRanks(users, ranks, before);
  }

  get size(): number {
    return this.users.length;
  }

  /** The members' user ids, ascending. */
  userIds(): number[] {
    return Array.from(this.users);
  }

  /** The member's rank; null for a user who is no member. */
  rankOf(userId: number): number | null {
    const i = this.indexOf(userId);
    return i < 0 ? null : this.ranks[i];
  }

  /** The member's rank now and before (null for a user who is no member); only for ranks loaded with their ranks before. */
  moveOf(userId: number): { rank: number; before: number } | null {
    if (this.before === null) throw new Error('UserRanks: loaded without the ranks before');
    const i = this.indexOf(userId);
    return i < 0 ? null : { rank: this.ranks[i], before: this.before[i] };
  }

  private indexOf(userId: number): number {
    let lo = 0;
    let hi = this.users.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.users[mid];
      if (at === userId) return mid;
      if (at < userId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
