import type { Response } from 'supertest';
import { newUserInput } from '../support/factories';
import type { TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, writeSnapshot } from './api-helpers';

// The rest of the run uses RATE_LIMIT_FACTOR=1000; this file boots its own system with the real
// limits, trusting X-Forwarded-For from the test's own loopback connection (TRUST_PROXY). The
// environment is parsed when the app is created (ConfigModule's load factory), so setting it
// before startTestSystem() is enough; it is put back afterwards.
const previous = { RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR, TRUST_PROXY: process.env.TRUST_PROXY };

jest.setTimeout(60_000);

/** A 429 in the error shape that says, in the body and the Retry-After header, when to come back. */
function expectLimited(res: Response, maxSeconds: number): void {
  expectErrorShape(res, 429);
  expect(res.body.message).toBe('Too many requests. Please wait a moment and try again.');
  expect(res.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
  expect(res.body.retry_after_seconds).toBeLessThanOrEqual(maxSeconds);
  expect(Number(res.headers['retry-after'])).toBe(res.body.retry_after_seconds);
}

describe('rate limits (RATE_LIMIT_FACTOR=1)', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    process.env.RATE_LIMIT_FACTOR = '1';
    process.env.TRUST_PROXY = '127.0.0.1';
    const { startTestSystem } = await import('../support/test-system');
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.close();
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  // Counters are kept per client address (X-Forwarded-For from 127.0.0.1 is trusted here), so
  // each test gets addresses of its own and other suites' requests from 127.0.0.1 don't count.
  let octet = 0;
  const address = () => `198.51.100.${(octet += 1)}`;

  /** Sign up, verify and sign in from an address of its own (the sign-up limit is per address). */
  async function createUserFrom(ip: string): Promise<{ id: number; token: string }> {
    const input = newUserInput();
    await sys.http.post('/api/auth/register/').set('X-Forwarded-For', ip).send({ ...input, password_confirm: input.password }).expect(201);
    const code = await sys.smtp.waitForCode(input.email);
    await sys.http
      .post('/api/auth/verify-otp/')
      .set('X-Forwarded-For', ip)
      .send({ email: input.email, otp_code: code, purpose: 'email_verification' })
      .expect(200);
    const login = await sys.http.post('/api/auth/login/').set('X-Forwarded-For', ip).send({ email: input.email, password: input.password }).expect(200);
    return { id: login.body.data.user.id, token: login.body.data.tokens.access };
  }

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

  it('honours X-Forwarded-For from a proxy named in TRUST_PROXY: each forwarded client has its own counter', async () => {
    const attempt = (ip: string) => sys.http.post('/api/auth/forgot-password/').set('X-Forwarded-For', ip).send({ email: 'nobody@example.com' });
    const first = address();
    for (let i = 1; i <= 5; i++) expect((await attempt(first)).status).toBe(200);
    expectLimited(await attempt(first), 60);
    // The proxy appends the peer it saw; the client is the rightmost address not trusted.
    expect((await attempt(`203.0.113.9, ${first}`)).status).toBe(429);
    expect((await attempt(address())).status).toBe(200);
  });

  it('limits writes to 300 a minute per address, signed in or not', async () => {
    const ip = address();
    // An anonymous write still counts: the limit is checked before authentication.
    for (let i = 1; i <= 300; i++) {
      const res = await sys.http.post('/api/leagues/join/').set('X-Forwarded-For', ip).send({ type: 'public', league_id: 1 });
      if (res.status !== 401) throw new Error(`write ${i} answered ${res.status}`);
    }
    expectLimited(await sys.http.put('/api/auth/preferences/').set('X-Forwarded-For', ip).send({ preferences: { theme: 'dark' } }), 60);
    expectLimited(await sys.http.delete('/api/leagues/1/members/2/').set('X-Forwarded-For', ip), 60);
    // Reads are not writes.
    expect((await sys.http.get('/api/health').set('X-Forwarded-For', ip)).status).toBe(200);
  });

  it('limits writes to 60 a minute per signed-in user, from whatever addresses', async () => {
    const fan = await createUserFrom(address());
    const save = () => sys.http.put('/api/auth/preferences/').set('X-Forwarded-For', address()).set(bearer(fan.token)).send({ preferences: { theme: 'dark' } });
    for (let i = 1; i <= 60; i++) {
      const res = await save();
      if (res.status !== 200) throw new Error(`write ${i} answered ${res.status} ${res.text}`);
    }
    expectLimited(await save(), 60);
    // Another user is not affected, and reads go on for this one.
    const other = await createUserFrom(address());
    expect((await sys.http.put('/api/auth/preferences/').set('X-Forwarded-For', address()).set(bearer(other.token)).send({ preferences: { theme: 'dark' } })).status).toBe(200);
    expect((await sys.http.get('/api/auth/preferences/').set(bearer(fan.token))).status).toBe(200);
  });

  it('limits league joins (invite codes and public ids) to 10 per user and 30 per address in 10 minutes', async () => {
    const shared = address();
    const fans = [];
    for (let i = 0; i < 4; i++) fans.push(await createUserFrom(address()));
    const guess = (token: string, ip: string, n: number) =>
      sys.http.post('/api/leagues/join/').set('X-Forwarded-For', ip).set(bearer(token)).send({ type: 'private', code: `ZZ${String(n).padStart(6, '0')}`.slice(0, 8) });

    // Per user: the 11th guess is refused, from any address.
    for (let n = 1; n <= 10; n++) expect((await guess(fans[0].token, address(), n)).status).toBe(404);
    expectLimited(await guess(fans[0].token, address(), 11), 600);
    const publicJoin = await sys.http.post('/api/leagues/join/').set('X-Forwarded-For', address()).set(bearer(fans[0].token)).send({ type: 'public', league_id: 999999 });
    expectLimited(publicJoin, 600);

    // Per address: three users guess 10 times each from one address; a fourth user is refused there.
    for (const fan of fans.slice(1)) {
      for (let n = 1; n <= 10; n++) expect((await guess(fan.token, shared, n)).status).toBe(404);
    }
    const fourth = await createUserFrom(address());
    expectLimited(await guess(fourth.token, shared, 1), 600);
    expect((await guess(fourth.token, address(), 1)).status).toBe(404);
  });

  it('limits the data export to 5 an hour per user and 20 per address', async () => {
    const shared = address();
    const exportFrom = (token: string, ip: string) => sys.http.get('/api/account/export/').set('X-Forwarded-For', ip).set(bearer(token));
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await createUserFrom(address()));
    for (let n = 1; n <= 5; n++) expect((await exportFrom(fans[0].token, shared)).status).toBe(200);
    expectLimited(await exportFrom(fans[0].token, address()), 3600);

    for (const fan of fans.slice(1, 4)) {
      for (let n = 1; n <= 5; n++) expect((await exportFrom(fan.token, shared)).status).toBe(200);
    }
    expectLimited(await exportFrom(fans[4].token, shared), 3600);
    expect((await exportFrom(fans[4].token, address())).status).toBe(200);
  });
});
