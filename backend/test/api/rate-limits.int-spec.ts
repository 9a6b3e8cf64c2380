import type { TestSystem } from '../support/test-system';
import { expectErrorShape, writeSnapshot } from './api-helpers';

// The rest of the run uses RATE_LIMIT_FACTOR=1000; this file boots its own system with the real
// limits. The environment is parsed when the app is created (ConfigModule's load factory), so
// setting it before startTestSystem() is enough; it is put back afterwards.
const previousFactor = process.env.RATE_LIMIT_FACTOR;

jest.setTimeout(30_000);

describe('rate limits (RATE_LIMIT_FACTOR=1)', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    process.env.RATE_LIMIT_FACTOR = '1';
    const { startTestSystem } = await import('../support/test-system');
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.close();
    if (previousFactor === undefined) delete process.env.RATE_LIMIT_FACTOR;
    else process.env.RATE_LIMIT_FACTOR = previousFactor;
  });

  // Counters are kept per client address (the app trusts X-Forwarded-For from loopback), so
  // each test gets addresses of its own and other suites' requests from 127.0.0.1 don't count.
  let octet = 0;
  const address = () => `198.51.100.${(octet += 1)}`;

  it('answers the 11th sign-in within a minute from one address with 429 in the error shape', async () => {
    const ip = address();
    // A new email each time: five failures for one email would meet the per-account throttle first.
    let n = 0;
    const attempt = () => sys.http.post('/api/auth/login/').set('X-Forwarded-For', ip).send({ email: `nobody${(n += 1)}@example.com`, password: 'wrong-password' });
    for (let i = 1; i <= 10; i++) {
      const res = await attempt();
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    const limited = await attempt();
    expectErrorShape(limited, 429);
    expect(limited.body.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(limited.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(limited.body.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(Number(limited.headers['retry-after'])).toBe(limited.body.retry_after_seconds);
    // Even a request that would be valid is refused while limited.
    expectErrorShape(await attempt(), 429);

    // Another address is not affected.
    const other = await sys.http.post('/api/auth/login/').set('X-Forwarded-For', address()).send({ email: 'nobody@example.com', password: 'wrong-password' });
    expectErrorShape(other, 401);
  });

  it('limits sign-ups to 5 a minute per address, and the refused one writes nothing', async () => {
    const ip = address();
    const invalid = { username: 'x', email: 'not-an-email' };
    for (let i = 1; i <= 5; i++) {
      const res = await sys.http.post('/api/auth/register/').set('X-Forwarded-For', ip).send(invalid);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 400 });
    }
    const before = await writeSnapshot(sys);
    const tag = Date.now().toString(36);
    const valid = { username: `rl_${tag}`, email: `rl_${tag}@example.com`, first_name: 'A', last_name: 'B', password: 'correct-horse-1', password_confirm: 'correct-horse-1' };
    const limited = await sys.http.post('/api/auth/register/').set('X-Forwarded-For', ip).send(valid);
    expectErrorShape(limited, 429);
    expect(await writeSnapshot(sys)).toEqual(before);
  });

  it('limits resend, forgot-password and code checks per address', async () => {
    // Resend: a new email each time, so the per-email 60 s cooldown does not answer first.
    let n = 0;
    const cases = [
      { path: '/api/auth/resend-otp/', limit: 5, body: () => ({ email: `nobody${(n += 1)}@example.com`, purpose: 'email_verification' }) },
      { path: '/api/auth/forgot-password/', limit: 5, body: { email: 'nobody@example.com' } },
      { path: '/api/auth/verify-otp/', limit: 10, body: { email: 'nobody@example.com', otp_code: '123456', purpose: 'email_verification' } },
      { path: '/api/auth/reset-password/', limit: 10, body: { email: 'nobody@example.com', otp_code: '123456', new_password: 'abcdefgh1', new_password_confirm: 'abcdefgh1' } },
    ];
    for (const { path, limit, body } of cases) {
      const ip = address();
      for (let i = 1; i <= limit; i++) {
        const res = await sys.http.post(path).set('X-Forwarded-For', ip).send(typeof body === 'function' ? body() : body);
        expect({ path, attempt: i, limited: res.status === 429 }).toEqual({ path, attempt: i, limited: false });
      }
      const limited = await sys.http.post(path).set('X-Forwarded-For', ip).send(typeof body === 'function' ? body() : body);
      expectErrorShape(limited, 429);
      expect(limited.body.message).toBe('Too many requests. Please wait a moment and try again.');
    }
  });
});
