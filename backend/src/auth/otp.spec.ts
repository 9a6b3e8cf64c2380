import { generateOtpCode, hashOtpCode, otpMatches, secondsUntilResend } from './otp';

describe('email codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('match only the same user, purpose and code', () => {
    const hash = hashOtpCode('secret-secret-secret', 7, 'email_verification', '012345');
    expect(otpMatches(hash, 'secret-secret-secret', 7, 'email_verification', '012345')).toBe(true);
    expect(otpMatches(hash, 'secret-secret-secret', 7, 'email_verification', '012346')).toBe(false);
    expect(otpMatches(hash, 'secret-secret-secret', 8, 'email_verification', '012345')).toBe(false);
    expect(otpMatches(hash, 'secret-secret-secret', 7, 'password_reset', '012345')).toBe(false);
    expect(otpMatches(hash, 'another-secret-xx', 7, 'email_verification', '012345')).toBe(false);
  });

  it('count down the resend cooldown in whole seconds', () => {
    const sent = new Date('2026-01-01T10:00:00Z');
    expect(secondsUntilResend(null, sent)).toBe(0);
    expect(secondsUntilResend(sent, new Date('2026-01-01T10:00:00Z'))).toBe(60);
    expect(secondsUntilResend(sent, new Date('2026-01-01T10:00:59.500Z'))).toBe(1);
    expect(secondsUntilResend(sent, new Date('2026-01-01T10:01:00Z'))).toBe(0);
  });
});
