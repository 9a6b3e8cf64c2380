import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 3;
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;

export const OTP_LOCKED_MESSAGE = 'Too many failed attempts. Please request a new verification code.';

/** Six random digits from the CSPRNG, leading zeros kept. */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Keyed hash of a code: a leaked table cannot be brute-forced offline without the secret,
 * and binding user and purpose stops a code being replayed elsewhere.
 */
export function hashOtpCode(secret: string, userId: number, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('hex');
}

export function otpMatches(expectedHash: string, secret: string, userId: number, purpose: string, code: string): boolean {
  const actual = Buffer.from(hashOtpCode(secret, userId, purpose, code), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whole seconds until a new code may be sent, 0 when it may be sent now. */
export function secondsUntilResend(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
