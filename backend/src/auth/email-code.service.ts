import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OtpPurpose } from '@scoreline/contracts/api/auth';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { OutboxService } from '../platform/outbox/outbox.service';
import { UsersService } from '../users/users.service';
import { consumeEmailCode, countFailedEmailCodeAttempt, insertEmailCode, selectLatestEmailCode, type EmailCodeRow } from './auth.queries';
import {
  OTP_LOCKED_MESSAGE,
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_TTL_MS,
  generateOtpCode,
  hashOtpCode,
  otpMatches,
  secondsUntilResend,
} from './otp';
import { sealOtpCode } from './sealed-code';

interface CodeOwner {
  id: number;
  email: string;
  firstName: string;
}

/**
 * Email codes: issue (with the resend cooldown), check (three wrong attempts lock the code)
 * and consume. Only the newest code of a user and purpose counts; issuing one supersedes the
 * rest. Every method runs inside the caller's transaction.
 */
@Injectable()
export class EmailCodeService {
  constructor(
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
  ) {}

  private latest(tx: EntityManager, userId: number, purpose: OtpPurpose, lock: boolean): Promise<EmailCodeRow | null> {
    return selectLatestEmailCode(tx, userId, purpose, lock);
  }

  /** Seconds left before another code may be sent for this purpose (0: now). */
  async cooldownSeconds(tx: EntityManager, userId: number, purpose: OtpPurpose): Promise<number> {
    const last = await this.latest(tx, userId, purpose, false);
    return secondsUntilResend(last ? new Date(last.created_at) : null, new Date());
  }

  /** Create a new code and queue its email. Refused with 429 during the cooldown. */
  async issue(tx: EntityManager, user: CodeOwner, purpose: OtpPurpose, opts: { enforceCooldown: boolean }): Promise<void> {
    // Serialise issuing per user so two simultaneous resends cannot both pass the cooldown.
    await this.users.lockRow(tx, user.id);
    if (opts.enforceCooldown) {
      const wait = await this.cooldownSeconds(tx, user.id, purpose);
      if (wait > 0) {
        const message = `Please wait ${wait} seconds before requesting a new code.`;
        throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { detail: message, retry_after_seconds: wait });
      }
    }
    const code = generateOtpCode();
    const expiresAt = new Date(Date.now() + OTP_TTL_MS);
    const otpId = await insertEmailCode(tx, user.id, purpose, hashOtpCode(this.env.jwtSecret, user.id, purpose, code), expiresAt);
    // The table keeps only the code's HMAC; the event carries it sealed, for the mail sender alone.
    const sealedCode = sealOtpCode(this.env.jwtSecret, code, { otpId, userId: user.id, purpose, email: user.email });
    await this.outbox.publish(tx, 'otp.requested', {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      purpose,
      sealedCode,
      otpId,
      expiresAt: expiresAt.toISOString(),
    });
  }

  /**
   * Check a code. A wrong code counts an attempt (committed even though the call fails);
   * the third wrong attempt locks the code until a new one is issued.
   * Returns the code's id so the caller can consume it in its own transaction.
   */
  async check(tx: EntityManager, userId: number, purpose: OtpPurpose, code: string): Promise<{ ok: true; codeId: number } | { ok: false; error: ApiError }> {
    const row = await this.latest(tx, userId, purpose, true);
    const fail = (message: string) => ({ ok: false as const, error: new ApiError(HttpStatus.BAD_REQUEST, message, { detail: message }) });
    if (!row || row.consumed_at) return fail('This code is no longer valid. Please request a new code.');
    if (row.failed_attempts >= OTP_MAX_FAILED_ATTEMPTS) return fail(OTP_LOCKED_MESSAGE);
    if (new Date(row.expires_at).getTime() < Date.now()) return fail('This code has expired. Please request a new code.');
    if (!otpMatches(row.code_hash, this.env.jwtSecret, userId, purpose, code)) {
      // The row is locked FOR UPDATE, so its count plus one is the new count. (Not read back with
      // RETURNING: TypeORM answers an UPDATE as [rows, affected], not as rows.)
      await countFailedEmailCodeAttempt(tx, row.id);
      const failedAttempts = row.failed_attempts + 1;
      return fail(failedAttempts >= OTP_MAX_FAILED_ATTEMPTS ? OTP_LOCKED_MESSAGE : 'Invalid verification code.');
    }
    return { ok: true, codeId: row.id };
  }

  async consume(tx: EntityManager, codeId: number): Promise<void> {
    await consumeEmailCode(tx, codeId);
  }
}
