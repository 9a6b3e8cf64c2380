import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { JWT_ALGORITHM, jwtKey, type AuthUser, type JwtPayload } from './jwt-payload';
import { TokenUsersService } from './token-users.service';

/** Bearer JWT; a token whose version is older than the user's (password changed) is refused. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_ENV) env: AppEnv,
    private readonly tokenUsers: TokenUsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands the key to jsonwebtoken untouched, which takes a KeyObject; its typings lag.
      secretOrKey: jwtKey(env.jwtSecret) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload): Promise<AuthUser> {
    const user = await this.tokenUsers.resolve(payload);
    if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    return user;
  }
}
