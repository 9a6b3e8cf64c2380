import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import type { JwtPayload } from './jwt-payload';
import { USER_AND_ADDRESS_LIMITS } from './rate-limit-buckets';
import { countRequest } from './user-and-address-rate-limit.guard';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Global guard: every write under /api counts per address and, with a validly signed token, per
 * user. It runs before the route's JwtAuthGuard, so it reads the user from the token's signature
 * alone (a revoked token still counts against its user, which is what a limit wants).
 */
@Injectable()
export class WriteRateLimitGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtService,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!WRITE_METHODS.has(req.method)) return true;
    await countRequest(this.storage, this.env, USER_AND_ADDRESS_LIMITS.writes, req, context.switchToHttp().getResponse<Response>(), this.tokenUserId(req));
    return true;
  }

  private tokenUserId(req: Request): number | null {
    const match = /^Bearer (\S{1,4096})$/i.exec(req.headers.authorization ?? '');
    if (!match) return null;
    try {
      const { sub } = this.jwt.verify<JwtPayload>(match[1]);
      return Number.isSafeInteger(sub) ? sub : null;
    } catch {
      return null;
    }
  }
}
