import { createHash } from 'node:crypto';
import { ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';

/**
 * @nestjs/throttler with every limit multiplied by RATE_LIMIT_FACTOR, so test suites and load
 * benchmarks that sign up many users from one address can raise them. While Redis is down the
 * storage refuses or counts in memory, per limit (rate-limit-outage.ts).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Inject(APP_ENV) private readonly env: AppEnv;

  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return super.handleRequest({ ...request, limit: Math.max(1, Math.ceil(request.limit * this.env.rateLimitFactor)) });
  }

  /** A 429 in the one error shape, saying (like the Retry-After header) when to try again. */
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const message = 'Too many requests. Please wait a moment and try again.';
    throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { retry_after_seconds: Math.max(1, detail.timeToBlockExpire) });
  }
}

/**
 * One limit of the sign-in family: `limit` requests per minute per address, counted per route as
 * the throttler does, under a key that starts with the limit's name, so the storage knows which
 * limit it counts (and so whether to refuse) while Redis is down.
 */
function perAddressPerMinute<Name extends string>(name: Name, limit: number) {
  return {
    default: {
      limit,
      ttl: 60_000,
      generateKey: (context: ExecutionContext, tracker: string, throttler: string): string => {
        const route = `${context.getClass().name}-${context.getHandler().name}-${throttler}-${tracker}`;
        return `${name}:${createHash('sha256').update(route).digest('hex')}`;
      },
    },
  };
}

/** Per client address, per minute. */
export const RATE_LIMITS = {
  login: perAddressPerMinute('login', 10),
  register: perAddressPerMinute('register', 5),
  verify: perAddressPerMinute('verify', 10),
  resend: perAddressPerMinute('resend', 5),
  forgotPassword: perAddressPerMinute('forgotPassword', 5),
  // Renewals come every 15 minutes per tab; this only stops a flood.
  refresh: perAddressPerMinute('refresh', 30),
};
