import { createSecretKey, type KeyObject } from 'node:crypto';

/** What an access token carries. `tv` is the user's token version at issue time. */
export interface JwtPayload {
  sub: number;
  tv: number;
  username: string;
  /** Set on every token we issue; a token without it is refused even when the signature is ours. */
  exp?: number;
  iat?: number;
}

/** The signed-in user as guards put it on the request (the admin guard reads the role itself, fresh). */
export interface AuthUser {
  id: number;
  username: string;
}

/** The one algorithm our tokens are signed with; verification accepts nothing else. */
export const JWT_ALGORITHM = 'HS256';

/**
 * The HMAC key as a KeyObject, made once. Given a string, jsonwebtoken first tries to parse it
 * as a PEM public key on every verify (and catches the failure): that alone cost a third of
 * the CPU of an authenticated read under load.
 */
export function jwtKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
