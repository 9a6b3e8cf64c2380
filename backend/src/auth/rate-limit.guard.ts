import { ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';

/**
 * @nestjs/throttler with every limit multiplied by RATE_LIMIT_FACTOR, so test suites and load
 * benchmarks that sign up many users from one address can raise them.
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

/** Per client address, per minute. */
export const RATE_LIMITS = {
  login: { default: { limit: 10, ttl: 60_000 } },
  register: { default: { limit: 5, ttl: 60_000 } },
  verify: { default: { limit: 10, ttl: 60_000 } },
  resend: { default: { limit: 5, ttl: 60_000 } },
  forgotPassword: { default: { limit: 5, ttl: 60_000 } },
  // Renewals come every 15 minutes per tab; this only stops a flood.
  refresh: { default: { limit: 30, ttl: 60_000 } },
} as const;
