import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
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
}

/** Per client address, per minute. */
export const RATE_LIMITS = {
  login: { default: { limit: 10, ttl: 60_000 } },
  register: { default: { limit: 5, ttl: 60_000 } },
  verify: { default: { limit: 10, ttl: 60_000 } },
  resend: { default: { limit: 5, ttl: 60_000 } },
  forgotPassword: { default: { limit: 5, ttl: 60_000 } },
} as const;
