import { createHash, randomBytes } from 'node:crypto';

import { readCookie, REFRESH_COOKIE } from '../platform/request-auth/cookies';

// The refresh cookie's name and reader are the request layer's (platform/request-auth/cookies.ts):
// it tells a signed-in request by them. The cookie is HttpOnly, SameSite=Strict, Path=/api/auth.
export { readCookie, REFRESH_COOKIE };
export const REFRESH_COOKIE_PATH = '/api/auth';
/** Sliding: every renewal gives the new token this long again. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;
/** Access tokens are short: a stolen one is worth little, and a revocation catches up quickly. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/**
 * Two tabs renewing at the same moment send the same token; the second, within this window of
 * the first, gets an access token (and no new refresh token: the cookie already holds the
 * successor) instead of being treated as a thief.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** 256 random bits, URL-safe. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash is stored: a leaked table holds nothing that can be presented. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token as newRefreshToken makes them (anything else is not even looked up). */
export function isWellFormedRefreshToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The Set-Cookie value that stores (or, with token null, clears) the refresh token. */
export function refreshCookie(token: string | null, secure: boolean): string {
  const parts = [
    `${REFRESH_COOKIE}=${token ?? ''}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    token ? `Max-Age=${Math.floor(REFRESH_TTL_MS / 1000)}` : 'Max-Age=0',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
