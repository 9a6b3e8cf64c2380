import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { JWT_ALGORITHM, jwtKey, type AuthUser, type JwtPayload } from '../platform/request-auth/jwt-payload';
import { TokenUsersService } from './token-users.service';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/** About one token per active user of a busy replica; ~0.3 kB each. */
const MAX_VERIFIED_TOKENS = 20_000;

/**
 * How long from `nowMs` a token verified then may skip verification: until the second its `exp`
 * names, from which jsonwebtoken refuses it (`floor(now / 1000) >= exp`); an LRUCache entry goes
 * stale once older than its ttl, hence the 1 ms. 0: not to be kept (no expiry, or expired).
 */
export function verifiedTokenTtl(payload: JwtPayload, nowMs: number): number {
  return typeof payload.exp === 'number' ? Math.max(0, Math.ceil(payload.exp) * 1000 - nowMs - 1) : 0;
}

/**
 * Bearer JWT; a token whose version is older than the user's (password changed) is refused.
 * A token verified once is not verified again until it expires; its version is checked on every
 * request all the same.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  /**
   * Access tokens whose signature has been checked, with their payload, until they expire: every
   * signed-in request shows the same token again for its 15 minutes, and checking the HMAC and
   * parsing the claims each time was a tenth of a read's CPU. Keyed by the whole token text, so
   * only a token already verified can hit; the expiry is checked on every hit by the wall clock,
   * as jsonwebtoken checks it (Date, exactly: no cached time). The least recently used goes when full.
   */
  private readonly verified = new LRUCache<string, JwtPayload>({ max: MAX_VERIFIED_TOKENS, perf: Date, ttlResolution: 0 });

  constructor(
    @Inject(APP_ENV) env: AppEnv,
    private readonly tokenUsers: TokenUsersService,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // passport-jwt hands the key to jsonwebtoken untouched, which takes a KeyObject; its typings lag.
      secretOrKey: jwtKey(env.jwtSecret) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** A token verified before skips passport-jwt's check and goes straight to validate(). */
  override authenticate(req: Request, options?: unknown): void {
    const token = bearerToken(req);
    const payload = token ? this.verified.get(token) : undefined;
    if (payload === undefined) return super.authenticate(req, options);
    this.validate(req, payload).then(
      (user) => this.success(user),
      (error: unknown) => this.error(error as Error),
    );
  }

  async validate(req: Request, payload: JwtPayload): Promise<AuthUser> {
    const user = await this.tokenUsers.resolve(payload);
    if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    const token = bearerToken(req);
    if (token && !this.verified.has(token)) {
      const now = Date.now();
      const ttl = verifiedTokenTtl(payload, now);
      if (ttl > 0) this.verified.set(token, payload, { ttl, start: now });
    }
    return user;
  }
}
