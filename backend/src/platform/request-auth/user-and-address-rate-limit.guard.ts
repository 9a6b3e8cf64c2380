import { applyDecorators, CanActivate, ExecutionContext, HttpStatus, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, normalizeIp, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import type { AuthUser } from './jwt-payload';
import { rateLimitBuckets, UserAndAddressLimit } from './rate-limit-buckets';

const RATE_LIMIT_METADATA = 'scoreline:user-and-address-rate-limit';
const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

/**
 * Count one request against a limit per address and (when signed in) per user, in the shared
 * throttler storage; a full counter answers 429 with `retry_after_seconds` and Retry-After. While
 * Redis is down the storage refuses (503) or counts in memory, as the limit's rule says
 * (rate-limit-outage.ts; the bucket keys start with the limit's name).
 */
export async function countRequest(
  storage: ThrottlerStorage,
  env: AppEnv,
  limit: UserAndAddressLimit,
  req: Request,
  res: Response,
  userId: number | null,
): Promise<void> {
  // req.ip is the socket peer unless TRUST_PROXY names it; IPv6 counts per /64 like the throttler's own guard.
  const address = normalizeIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
  const buckets = rateLimitBuckets(limit, { userId, address }, env.rateLimitFactor);
  const records = await Promise.all(buckets.map((b) => storage.increment(b.key, b.ttlMs, b.limit, b.ttlMs, limit.name)));
  const blocked = records.filter((r) => r.isBlocked);
  if (blocked.length === 0) return;
  const retryAfterSeconds = Math.max(1, ...blocked.map((r) => r.timeToBlockExpire));
  res.setHeader('Retry-After', retryAfterSeconds);
  throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, TOO_MANY, { retry_after_seconds: retryAfterSeconds });
}

/** Applies the route's per-user-and-address limit; put it after JwtAuthGuard so the user is known. */
@Injectable()
export class UserAndAddressRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.get<UserAndAddressLimit | undefined>(RATE_LIMIT_METADATA, context.getHandler());
    if (!limit) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    await countRequest(this.storage, this.env, limit, req, context.switchToHttp().getResponse<Response>(), req.user?.id ?? null);
    return true;
  }
}

/** Limit this route per signed-in user and per address (`USER_AND_ADDRESS_LIMITS`). */
export function RateLimitPerUserAndAddress(limit: UserAndAddressLimit): MethodDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT_METADATA, limit), UseGuards(UserAndAddressRateLimitGuard));
}
