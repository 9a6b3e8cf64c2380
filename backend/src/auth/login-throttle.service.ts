import { HttpStatus, Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { OTP_RESEND_COOLDOWN_MS } from './otp';
import { emailKey, LOGIN_FAILURES_TTL_MS, LOGIN_FIRST_DELAY_MS, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_MS } from './login-throttle';
import { type LimitName, limitUnavailableError, OutageNotice, whileRedisIsDown } from '../platform/request-auth/rate-limit-outage';
import { whenReady } from '../platform/redis/redis-outage';

/** How long one Redis command may take before it counts as Redis being unreachable. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

// One round trip per attempt, before the password is checked: while the email must wait, answer
// the wait (and count nothing); otherwise count the attempt as a failure and, when it is one too
// many, block the next for loginDelayMs(count) (the rule of login-throttle.ts, which the unit spec
// pins). A success deletes both keys. Counting first means every attempt that reaches the password
// check was counted, also when attempts race or Redis fails right after.
const CLAIM_ATTEMPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local failures = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local free, first, cap = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if failures >= free then
  local delay = math.min(cap, first * 2 ^ math.min(failures - free, 30))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
end
return 0`;

/**
 * Per-account sign-in throttle, counted in Redis so it holds across API replicas and keyed by a
 * hash of the email, known or not (also the resend cooldown). Own connection: no offline queue
 * and a short command timeout, so with Redis unreachable a call fails at once, and the attempt is
 * refused with 503 (rate-limit-outage.ts): an attacker who makes Redis slow gets no unbounded
 * guessing. Logged once per outage.
 */
@Injectable()
export class LoginThrottleService implements OnModuleDestroy {
  private readonly logger = new Logger(LoginThrottleService.name);
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly notice = new OutageNotice(
    this.logger,
    'sign-in and code requests answer 503 until it is back',
    'the per-account sign-in throttle counts again',
  );

  constructor(@Inject(APP_ENV) env: AppEnv) {
    this.prefix = `${env.queuePrefix}:login`;
    this.redis = new Redis(env.redisUrl, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      lazyConnect: false,
    });
    // Failures surface (once per outage) where a command fails; ioredis would log each retry.
    this.redis.on('error', () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  keys(email: string): { failures: string; blocked: string } {
    const key = emailKey(email);
    return { failures: `${this.prefix}:failures:${key}`, blocked: `${this.prefix}:blocked:${key}` };
  }

  /**
   * Count a sign-in attempt for this email before its password is checked: 429 with
   * retry_after_seconds while the email must wait, 503 while Redis cannot count it.
   */
  async claimAttempt(email: string): Promise<void> {
    const { failures, blocked } = this.keys(email);
    const waitMs = await this.counted<unknown>('sign-in-throttle', 0, () =>
      this.redis.eval(CLAIM_ATTEMPT, 2, failures, blocked, LOGIN_FAILURES_TTL_MS, LOGIN_FREE_FAILURES, LOGIN_FIRST_DELAY_MS, LOGIN_MAX_DELAY_MS),
    );
    if (typeof waitMs === 'number' && waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const message = `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`;
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { detail: message, retry_after_seconds: seconds });
    }
  }

  codeSlotKey(email: string, purpose: string): string {
    return `${this.prefix}:code-slot:${purpose}:${emailKey(email)}`;
  }

  /**
   * The resend cooldown as the answer sees it: per email, known or not, so a 429 cannot tell
   * whether an account exists. Answers 0 when a code may be sent now (and starts the cooldown),
   * otherwise the seconds left; 503 while Redis cannot tell. The email_codes table keeps its own
   * cooldown for what is sent.
   */
  async claimCodeSlot(email: string, purpose: string): Promise<number> {
    const key = this.codeSlotKey(email, purpose);
    return this.counted('code-cooldown', 0, async () => {
      if ((await this.redis.set(key, '1', 'PX', OTP_RESEND_COOLDOWN_MS, 'NX')) === 'OK') return 0;
      return Math.max(1, Math.ceil((await this.redis.pttl(key)) / 1000));
    });
  }

  /** After a success: the email's failures are forgotten. Not done while Redis is away (logged once): the count stays, which errs on the safe side. */
  async reset(email: string): Promise<void> {
    const { failures, blocked } = this.keys(email);
    await this.redis.del(failures, blocked).then(
      () => this.notice.answered(),
      (error: Error) => this.notice.failed(error.message),
    );
  }

  /** A command of a limit: on failure, refused (503) or let through with `fallback`, as the limit's rule says. */
  private async counted<T>(limit: LimitName, fallback: T, command: () => Promise<T>): Promise<T> {
    try {
      // A connection still being made (this process's first requests, a reconnect) gets the
      // command timeout to become ready: without an offline queue the command would fail outright.
      await whenReady(this.redis, REDIS_COMMAND_TIMEOUT_MS);
      const answer = await command();
      this.notice.answered();
      return answer;
    } catch (error) {
      this.notice.failed((error as Error).message);
      if (whileRedisIsDown(limit) === 'refuse') throw limitUnavailableError();
      return fallback;
    }
  }
}
