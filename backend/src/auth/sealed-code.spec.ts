import { sealOtpCode, unsealOtpCode, type OtpSealBinding } from './sealed-code';

const SECRET = 'unit-test-secret-0123456789';
const binding: OtpSealBinding = { otpId: 41, userId: 7, purpose: 'password_reset', email: 'fan@example.com' };

describe('sealed email codes', () => {
  it('opens with the same secret and binding, and holds no trace of the code', () => {
    const sealed = sealOtpCode(SECRET, '123456', binding);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('123456');
    expect(unsealOtpCode(SECRET, sealed, binding)).toBe('123456');
  });

  it('seals the same code differently every time (fresh IV)', () => {
    const sealings = new Set(Array.from({ length: 20 }, () => sealOtpCode(SECRET, '000000', binding)));
    expect(sealings.size).toBe(20);
  });

  it('does not open under another secret (the JWT secret itself is not the key either)', () => {
    const sealed = sealOtpCode(SECRET, '123456', binding);
    expect(unsealOtpCode('another-secret-0123456789', sealed, binding)).toBeNull();
  });

  it.each<[string, Partial<OtpSealBinding>]>([
    ['another code row', { otpId: 42 }],
    ['another user', { userId: 8 }],
    ['another purpose', { purpose: 'email_verification' }],
    ['another address', { email: 'thief@example.com' }],
  ])('does not open when moved to %s', (_label, change) => {
    const sealed = sealOtpCode(SECRET, '123456', binding);
    expect(unsealOtpCode(SECRET, sealed, { ...binding, ...change })).toBeNull();
  });

  it('refuses damaged or malformed seals without throwing', () => {
    const sealed = sealOtpCode(SECRET, '123456', binding);
    const [format, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    for (const bad of [
      '',
      '123456',
      `v2.${iv}.${body}.${tag}`,
      `${format}.${iv}.${flipped.toString('base64url')}.${tag}`,
      `${format}.${iv}.${body}`,
      `${format}.${iv}.${body}.${tag}.extra`,
      `${format}.AAAA.${body}.${tag}`,
      `${format}.${iv}.${body}.AAAA`,
    ]) {
      expect(unsealOtpCode(SECRET, bad, binding)).toBeNull();
    }
  });
});
