import { emailKey, LOGIN_FIRST_DELAY_MS, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_MS, loginDelayMs } from './login-throttle';

describe('loginDelayMs', () => {
  it('lets the first failures through at once', () => {
    for (let failures = 0; failures < LOGIN_FREE_FAILURES; failures++) expect(loginDelayMs(failures)).toBe(0);
  });

  it('doubles the wait with each further failure, up to the cap', () => {
    const waits = [5, 6, 7, 8].map(loginDelayMs);
    expect(waits).toEqual([LOGIN_FIRST_DELAY_MS, 2 * LOGIN_FIRST_DELAY_MS, 4 * LOGIN_FIRST_DELAY_MS, 8 * LOGIN_FIRST_DELAY_MS]);
    expect(loginDelayMs(20)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(1_000_000)).toBe(LOGIN_MAX_DELAY_MS);
  });
});

describe('emailKey', () => {
  it('is the same for the same address in any case or padding, and differs between addresses', () => {
    expect(emailKey(' Fan@Example.com ')).toBe(emailKey('fan@example.com'));
    expect(emailKey('fan@example.com')).not.toBe(emailKey('fan2@example.com'));
    expect(emailKey('fan@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
