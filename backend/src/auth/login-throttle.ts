import { createHash } from 'node:crypto';

/** Failed sign-ins for one email that are free; every further failure makes the next attempt wait. */
export const LOGIN_FREE_FAILURES = 5;
/** The wait after the first counted failure; it doubles with each further failure… */
export const LOGIN_FIRST_DELAY_MS = 1_000;
/** …up to this cap, so an attacker can slow an account down but never lock its owner out for long. */
export const LOGIN_MAX_DELAY_MS = 5 * 60_000;
/** Failures are forgotten this long after the last one (and at once after a successful sign-in). */
export const LOGIN_FAILURES_TTL_MS = 60 * 60_000;

/** How long the next attempt must wait after `failures` consecutive failures (0: at once). */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const doublings = failures - LOGIN_FREE_FAILURES;
  // 2^30 ms is far beyond the cap; stop doubling there so the number stays finite.
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** Math.min(doublings, 30));
}

/**
 * The Redis key part for an email: a hash of the normalised address, so Redis holds no
 * addresses and an unknown email is counted exactly like a known one.
 */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
