import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { JWT_ALGORITHM, jwtKey, type AuthUser, type JwtPayload } from './jwt-payload';
import { TokenUsersService } from './token-users.service';
import { VerifiedTokens } from './verified-tokens';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/** About one token per active user of a busy replica; ~0.3 kB each. */
const MAX_VERIFIED_TOKENS = 20_000;

/**
 * Bearer JWT; a token whose version is older than the user's (password changed) is refused.
 * A token verified once is not verified again until it expires (VerifiedTokens); its version
 * is checked on every request all the same.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  private readonly verified = new VerifiedTokens(MAX_VERIFIED_TOKENS);

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
    const payload = token ? this.verified.get(token) : null;
    if (payload === null) return super.authenticate(req, options);
    this.validate(req, payload).then(
      (user) => this.success(user),
      (error: unknown) => this.error(error as Error),
    );
  }

  async validate(req: Request, payload: JwtPayload): Promise<AuthUser> {
    const user = await this.tokenUsers.resolve(payload);
    if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    const token = bearerToken(req);
    if (token) this.verified.remember(token, payload);
    return user;
  }
}
