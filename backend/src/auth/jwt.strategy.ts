import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectDataSource } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import type { AuthUser, JwtPayload } from './jwt-payload';

/** Bearer JWT; a token whose version is older than the user's (password changed) is refused. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_ENV) env: AppEnv,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: env.jwtSecret, ignoreExpiration: false });
  }

  async validate(payload: JwtPayload): Promise<AuthUser> {
    const user = await resolveTokenUser(this.db, payload);
    if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    return user;
  }
}

/** The user a verified token speaks for, or null when it was revoked. Shared with the socket handshake. */
export async function resolveTokenUser(db: DataSource, payload: JwtPayload): Promise<AuthUser | null> {
  if (typeof payload?.sub !== 'number' || typeof payload?.tv !== 'number') return null;
  const rows: { id: number; username: string; role: 'user' | 'admin'; token_version: number }[] = await db.query(
    `SELECT id, username, role, token_version FROM users WHERE id = $1`,
    [payload.sub],
  );
  const user = rows[0];
  if (!user || user.token_version !== payload.tv) return null;
  return { id: user.id, username: user.username, role: user.role };
}
