/** One counting window: at most `limit` requests per `ttlMs`. */
export interface RateWindow {
  limit: number;
  ttlMs: number;
}

/** A limit counted twice: once per signed-in user, once per client address. */
export interface UserAndAddressLimit {
  /** Names the counters in Redis; unique per limit. */
  name: string;
  perUser: RateWindow;
  perAddress: RateWindow;
}

/** One counter a request adds to, with its limit already scaled. */
export interface RateBucket {
  key: string;
  limit: number;
  ttlMs: number;
}

/** Every limit is multiplied by RATE_LIMIT_FACTOR (tests and load benchmarks raise it); never below 1. */
export function scaledLimit(limit: number, factor: number): number {
  return Math.max(1, Math.ceil(limit * factor));
}

/**
 * The counters a request adds to: its address always, its user when signed in. Counting both
 * means neither many accounts from one address nor one account from many addresses escapes.
 */
export function rateLimitBuckets(limit: UserAndAddressLimit, who: { userId: number | null; address: string }, factor: number): RateBucket[] {
  const buckets: RateBucket[] = [
    { key: `${limit.name}:address:${who.address}`, limit: scaledLimit(limit.perAddress.limit, factor), ttlMs: limit.perAddress.ttlMs },
  ];
  if (who.userId !== null) {
    buckets.push({ key: `${limit.name}:user:${who.userId}`, limit: scaledLimit(limit.perUser.limit, factor), ttlMs: limit.perUser.ttlMs });
  }
  return buckets;
}

const MINUTE = 60_000;

/** The limits counted per user and per address (the sign-in family is per address: RATE_LIMITS). */
export const USER_AND_ADDRESS_LIMITS = {
  /** Every POST/PUT/PATCH/DELETE under /api. */
  writes: { name: 'writes', perUser: { limit: 60, ttlMs: MINUTE }, perAddress: { limit: 300, ttlMs: MINUTE } },
  /** Joining by invite code or public id: tight, so codes cannot be guessed. */
  leagueJoin: { name: 'league-join', perUser: { limit: 10, ttlMs: 10 * MINUTE }, perAddress: { limit: 30, ttlMs: 10 * MINUTE } },
  /**
   * Invite link previews (API and the link pages chat apps unfurl) answer a league's name for a
   * code: limited like joins, a little looser since every chat member's app may fetch the card.
   */
  invitePreview: { name: 'invite-preview', perUser: { limit: 30, ttlMs: 10 * MINUTE }, perAddress: { limit: 120, ttlMs: 10 * MINUTE } },
  /** The data export reads everything about a user: a few an hour. */
  accountExport: { name: 'account-export', perUser: { limit: 5, ttlMs: 60 * MINUTE }, perAddress: { limit: 20, ttlMs: 60 * MINUTE } },
} as const satisfies Record<string, UserAndAddressLimit>;
