import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../common/outage';
import type { USER_AND_ADDRESS_LIMITS } from './rate-limit-buckets';
import type { RATE_LIMITS } from './rate-limit.guard';

/** What a limit does while Redis, where it is counted, does not answer in time. */
export type WhileRedisIsDown =
  /** 503 with a retry hint: "unbounded" must never be the answer. */
  | 'refuse'
  /** The request goes on, counted in this process's memory (each replica limits on its own). */
  | 'count-in-memory';

/** Every limit counted in Redis: the per-address sign-in family, the per-user-and-address ones, the per-email ones. */
export type LimitName =
  | keyof typeof RATE_LIMITS
  | (typeof USER_AND_ADDRESS_LIMITS)[keyof typeof USER_AND_ADDRESS_LIMITS]['name']
  | 'sign-in-throttle'
  | 'code-cooldown';

/**
 * Which limits fail closed. A limit that bounds guessing a secret (a password, an emailed code,
 * an invite code) or mail sent to an address the caller names refuses while it cannot be
 * counted: an attacker who makes Redis slow must not also lift the bound. A limit that only stops
 * a flood keeps its feature up, counted per replica.
 */
export const WHILE_REDIS_IS_DOWN = {
  // Per address (RATE_LIMITS). login also covers change password, account deletion and push actions.
  login: 'refuse',
  verify: 'refuse', // verify-otp and reset-password: a code is checked
  resend: 'refuse', // mails a code
  forgotPassword: 'refuse', // mails a code
  register: 'refuse', // mails a code, or an "account exists" note, to the address given
  refresh: 'count-in-memory', // 256 random bits, nothing to guess; signed-in fans must stay signed in
  // Per user and address (USER_AND_ADDRESS_LIMITS).
  'league-join': 'refuse', // invite codes must not be guessable
  'invite-preview': 'refuse', // a preview tells whether a code exists, as a join does
  writes: 'count-in-memory',
  'account-export': 'count-in-memory',
  // Per email (LoginThrottleService).
  'sign-in-throttle': 'refuse',
  'code-cooldown': 'refuse',
} as const satisfies Record<LimitName, WhileRedisIsDown>;

/** A limit nobody classified refuses: safe rather than unbounded. */
export function whileRedisIsDown(limit: string): WhileRedisIsDown {
  return Object.hasOwn(WHILE_REDIS_IS_DOWN, limit) ? WHILE_REDIS_IS_DOWN[limit as LimitName] : 'refuse';
}

/** Every counter's key starts with its limit's name and a colon ('league-join:user:42'); '' when it does not. */
export function limitOfKey(key: string): string {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(0, colon) : '';
}

/** The 503 a refusing limit answers while Redis is away (the filter adds Retry-After). */
export function limitUnavailableError(): ApiError {
  const message = 'Scoreline is briefly unavailable. Please try again in a few seconds.';
  return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, message, { retry_after_seconds: OUTAGE_RETRY_AFTER_SECONDS });
}

/**
 * Says once when Redis stops answering and once when it is back, however many requests notice
 * either meanwhile: an attacker who keeps Redis busy must not also flood the log.
 */
export class OutageNotice {
  private down = false;

  constructor(
    private readonly log: { warn(message: string): void; log(message: string): void },
    private readonly whileDown: string,
    private readonly whenBack: string,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  failed(reason: string): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(`Redis unreachable (${reason}): ${this.whileDown}`);
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.log(`Redis is back: ${this.whenBack}`);
  }
}
