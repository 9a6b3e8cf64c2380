import { HttpStatus, Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { OTP_RESEND_COOLDOWN_MS } from './otp';
import { emailKey, LOGIN_FAILURES_TTL_MS, LOGIN_FIRST_DELAY_MS, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_MS } from './login-throttle';

/** How long one Redis command may take before sign-in goes on without the throttle. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

// One round trip per failure: count it, and block the next attempt for loginDelayMs(count)
// (the same rule as login-throttle.ts, which the unit spec pins).
const RECORD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local free, first, cap = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if failures >= free then
  local delay = math.min(cap, first * 2 ^ math.min(failures - free, 30))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
end
return failures`;

/**
 * Per-account sign-in throttle, counted in Redis so it holds across API replicas and keyed by a
 * hash of the email, known or not (also the resend cooldown). Own connection: no offline queue and a short command
 * timeout, so with Redis unreachable a sign-in is never held up — the check is skipped (and
 * logged), the per-address rate limit still applies.
 */
@Injectable()
export class LoginThrottleService implements OnModuleDestroy {
  private readonly logger = new Logger(LoginThrottleService.name);
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_ENV) env: AppEnv) {
    this.prefix = `${env.queuePrefix}:login`;
    this.redis = new Redis(env.redisUrl, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      lazyConnect: false,
    });
    this.redis.on('error', (error: Error) => this.logger.warn(`login throttle: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  keys(email: string): { failures: string; blocked: string } {
    const key = emailKey(email);
    return { failures: `${this.prefix}:failures:${key}`, blocked: `${this.prefix}:blocked:${key}` };
  }

  /** 429 with retry_after_seconds while this email must wait; nothing when it may try. */
  async assertMayTry(email: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = await this.redis.pttl(this.keys(email).blocked);
    } catch (error) {
      this.logger.warn(`login throttle skipped (Redis: ${(error as Error).message})`);
      return;
    }
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const message = `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`;
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { detail: message, retry_after_seconds: seconds });
    }
  }

  async recordFailure(email: string): Promise<void> {
    const { failures, blocked } = this.keys(email);
    await this.redis
      .eval(RECORD_FAILURE, 2, failures, blocked, LOGIN_FAILURES_TTL_MS, LOGIN_FREE_FAILURES, LOGIN_FIRST_DELAY_MS, LOGIN_MAX_DELAY_MS)
      .catch((error: Error) => this.logger.warn(`login failure not counted (Redis: ${error.message})`));
  }

  codeSlotKey(email: string, purpose: string): string {
    return `${this.prefix}:code-slot:${purpose}:${emailKey(email)}`;
  }

  /**
   * The resend cooldown as the answer sees it: per email, known or not, so a 429 cannot tell
   * whether an account exists. Answers 0 when a code may be sent now (and starts the cooldown),
   * otherwise the seconds left. The email_codes table keeps its own cooldown for what is sent.
   */
  async claimCodeSlot(email: string, purpose: string): Promise<number> {
    const key = this.codeSlotKey(email, purpose);
    try {
      if ((await this.redis.set(key, '1', 'PX', OTP_RESEND_COOLDOWN_MS, 'NX')) === 'OK') return 0;
      return Math.max(1, Math.ceil((await this.redis.pttl(key)) / 1000));
    } catch (error) {
      this.logger.warn(`code cooldown skipped (Redis: ${(error as Error).message})`);
      return 0;
    }
  }

  async reset(email: string): Promise<void> {
    const { failures, blocked } = this.keys(email);
    await this.redis.del(failures, blocked).catch((error: Error) => this.logger.warn(`login throttle not reset (Redis: ${error.message})`));
  }
}
