import { hashRefreshToken, isWellFormedRefreshToken, newRefreshToken, readCookie, REFRESH_COOKIE, refreshCookie } from './refresh-token';

describe('refresh tokens', () => {
  it('are random, well formed, and stored as a hash that differs from the token', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a).not.toBe(b);
    expect(isWellFormedRefreshToken(a)).toBe(true);
    expect(hashRefreshToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(a)).toBe(hashRefreshToken(a));
    expect(hashRefreshToken(a)).not.toBe(a);
    expect(isWellFormedRefreshToken('short')).toBe(false);
    expect(isWellFormedRefreshToken(`${a}x`)).toBe(false);
    expect(isWellFormedRefreshToken(42)).toBe(false);
  });

  it('reads one cookie from a Cookie header', () => {
    expect(readCookie(`a=1; ${REFRESH_COOKIE}=abc; b=2`, REFRESH_COOKIE)).toBe('abc');
    expect(readCookie(`x${REFRESH_COOKIE}=abc`, REFRESH_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, REFRESH_COOKIE)).toBeUndefined();
    expect(readCookie(`${REFRESH_COOKIE}=%E0%A4%A`, REFRESH_COOKIE)).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Strict cookie on /api/auth, Secure over https, and clears it', () => {
    expect(refreshCookie('tok', false)).toBe(`${REFRESH_COOKIE}=tok; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=2592000`);
    expect(refreshCookie('tok', true)).toMatch(/; Secure$/);
    expect(refreshCookie(null, false)).toBe(`${REFRESH_COOKIE}=; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=0`);
  });
});
