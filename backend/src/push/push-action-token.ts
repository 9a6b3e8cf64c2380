import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The credential a join-request notification carries for its Approve / Reject buttons: the
 * service worker has no access token (it lives in the page's memory and expires in minutes), so
 * the push holds a token that can do exactly one thing — decide this one request as its owner —
 * for a few days. Signed with a key derived from JWT_SECRET for this purpose only, so it can
 * never pass as an access token (nor an access token as this).
 */
export interface JoinDecisionGrant {
  ownerId: number;
  leagueId: number;
  userId: number;
}

/** How long the buttons work: a request left for longer is decided in the app. */
export const ACTION_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

const PURPOSE = 'scoreline push join-decision v1';

const keyOf = (secret: string): Buffer => createHmac('sha256', secret).update(PURPOSE).digest();
const sign = (key: Buffer, body: string): string => createHmac('sha256', key).update(body).digest('base64url');

export function signJoinDecision(secret: string, grant: JoinDecisionGrant, now: Date = new Date()): string {
  const body = Buffer.from(
    JSON.stringify({ o: grant.ownerId, l: grant.leagueId, u: grant.userId, e: Math.floor(now.getTime() / 1000) + ACTION_TOKEN_TTL_SECONDS }),
  ).toString('base64url');
  return `${body}.${sign(keyOf(secret), body)}`;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647;

/** The grant a token carries, or null when it is forged, damaged or expired. */
export function verifyJoinDecision(secret: string, token: string, now: Date = new Date()): JoinDecisionGrant | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(keyOf(secret), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!isId(claims.o) || !isId(claims.l) || !isId(claims.u) || typeof claims.e !== 'number') return null;
  if (claims.e * 1000 <= now.getTime()) return null;
  return { ownerId: claims.o, leagueId: claims.l, userId: claims.u };
}
