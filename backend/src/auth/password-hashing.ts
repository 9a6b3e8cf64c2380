import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/**
 * Argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane). The library's defaults (64 MiB,
 * 3 passes, 4 lanes) gave ~3.4 sign-ins/s on our 2-core machine: sign-in was the bottleneck.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/**
 * The stored "hash" of an account that has no password (the demo fans): not an argon2 string,
 * so no password can ever match it. Sign-in verifies against the dummy hash instead (see
 * isUsablePasswordHash), so such an account answers like a wrong password, in the same time.
 */
export const NO_PASSWORD_HASH = '!no-password';

/** An argon2 hash a password may match; false for the no-password marker (or anything else). */
export function isUsablePasswordHash(hash: string | null | undefined): hash is string {
  return typeof hash === 'string' && hash.startsWith('$argon2');
}

/** false for a wrong password and for a hash argon2 cannot read. */
export function passwordMatches(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

/** A stored hash made with other parameters (an older default) is re-made at the next sign-in. */
export function hashNeedsUpgrade(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

/**
 * A hash of a random password with the same parameters: a sign-in for an unknown email is
 * verified against it, so it costs as long as a wrong password for a real account.
 */
export function makeDummyHash(): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64'));
}
