import type { JwtPayload } from './jwt-payload';

/**
 * Access tokens whose signature has been checked, with their payload, until they expire: every
 * signed-in request shows the same token again for its 15 minutes, and checking the HMAC and
 * parsing the claims each time was a tenth of a read's CPU. Keyed by the whole token text, so
 * only a token already verified can hit; the expiry is checked on every hit, and revocation is
 * not decided here (the token's version is still checked on every request). The oldest entry
 * goes when it is full.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, JwtPayload>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The payload of a token verified before and not yet expired, or null. */
  get(token: string): JwtPayload | null {
    const payload = this.entries.get(token);
    if (payload === undefined) return null;
    if (isExpired(payload, this.now())) {
      this.entries.delete(token);
      return null;
    }
    return payload;
  }

  /** Remember a token whose signature and expiry were just checked (one without an expiry is not kept). */
  remember(token: string, payload: JwtPayload): void {
    if (typeof payload.exp !== 'number' || isExpired(payload, this.now()) || this.entries.has(token)) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, payload);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** jsonwebtoken's rule: a token is expired from the second its `exp` names. */
function isExpired(payload: JwtPayload, nowMs: number): boolean {
  return typeof payload.exp !== 'number' || Math.floor(nowMs / 1000) >= payload.exp;
}
