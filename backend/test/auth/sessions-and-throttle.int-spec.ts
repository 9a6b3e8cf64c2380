import argon2 from 'argon2';
import type Redis from 'ioredis';
import jwt from 'jsonwebtoken';
import { createServer, type Server, type Socket } from 'node:net';
import type { Response } from 'supertest';
import { TOKEN_EXPIRED } from '@scoreline/contracts/api/auth';
import { LoginThrottleService } from '@scoreline/backend/auth/login-throttle.service';
import { REFRESH_COOKIE } from '@scoreline/backend/auth/refresh-token';
import { APP_ENV } from '@scoreline/backend/platform/config/config.module';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { bearer, expectErrorShape, login } from '../api/api-helpers';
import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';

jest.setTimeout(60_000);

/** The refresh token a response set, or undefined; null when it cleared the cookie. */
function refreshCookieOf(res: Response): string | null | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = raw?.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) return undefined;
  const value = cookie.slice(REFRESH_COOKIE.length + 1, cookie.indexOf(';'));
  return value === '' ? null : value;
}

describe('sessions: access and refresh tokens, sign-in throttle, password hashing', () => {
  let sys: TestSystem;
  let env: AppEnv;
  let throttle: LoginThrottleService;
  let redis: Redis;
  beforeAll(async () => {
    sys = await startTestSystem();
    env = sys.api.get<AppEnv>(APP_ENV);
    throttle = sys.api.get(LoginThrottleService);
    redis = sys.api.get<Redis>(REDIS);
  });
  afterAll(async () => {
    await sys.close();
  });

  const refresh = (token?: string | null) => {
    const req = sys.http.post('/api/auth/refresh/');
    return token ? req.set('Cookie', `${REFRESH_COOKIE}=${token}`) : req;
  };
  const profile = (access: string) => sys.http.get('/api/auth/profile/').set(bearer(access));
  const signIn = async (email: string, password: string) => {
    const res = await login(sys, email, password).expect(200);
    const cookie = refreshCookieOf(res);
    if (!cookie) throw new Error('sign-in set no refresh cookie');
    return { access: res.body.data.tokens.access as string, cookie, res };
  };

  it('refuses a token without exp even though our key signed it, and issues 15-minute tokens', async () => {
    const user = await createVerifiedUser(sys);
    const payload = jwt.decode(user.token) as unknown as { sub: number; tv: number; username: string; exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(15 * 60);
    const key = env.jwtSecret;
    const withoutExp = jwt.sign({ sub: payload.sub, tv: payload.tv, username: payload.username }, key, { algorithm: 'HS256' });
    const withExp = jwt.sign({ sub: payload.sub, tv: payload.tv, username: payload.username }, key, { algorithm: 'HS256', expiresIn: 60 });
    await profile(withExp).expect(200);
    expectErrorShape(await profile(withoutExp), 401);

    const expired = jwt.sign({ sub: payload.sub, tv: payload.tv, username: payload.username, exp: Math.floor(Date.now() / 1000) - 5 }, key, {
      algorithm: 'HS256',
    });
    const res = await profile(expired);
    expectErrorShape(res, 401);
    expect(res.body.detail).toBe(TOKEN_EXPIRED);
  });

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie on /api/auth and stores only its hash', async () => {
    const user = await createVerifiedUser(sys);
    const { cookie, res } = await signIn(user.email, user.password);
    const header = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(header).toMatch(new RegExp(`${REFRESH_COOKIE}=[^;]+; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=2592000`));
    expect(res.text).not.toContain(cookie);
    const rows: { token_hash: string; days: number }[] = await sys.db.query(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM refresh_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(rows.map((r) => r.days)).toEqual([30, 30]); // createVerifiedUser signed in once too
    expect(rows.some((r) => r.token_hash === cookie)).toBe(false);
  });

  it('renews with a rotated refresh token; a reused one (after the two-tab grace) revokes the whole family', async () => {
    const user = await createVerifiedUser(sys);
    const first = await signIn(user.email, user.password);

    const renewed = await refresh(first.cookie).expect(200);
    const second = refreshCookieOf(renewed)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.cookie);
    await profile(renewed.body.data.tokens.access).expect(200);

    // Two tabs renewing at once: the late one gets an access token, and no new refresh token.
    const race = await refresh(first.cookie).expect(200);
    expect(refreshCookieOf(race)).toBeUndefined();
    await profile(race.body.data.tokens.access).expect(200);

    // Later, the used token again means someone else holds it: every token of the family ends.
    await sys.db.query(`UPDATE refresh_tokens SET used_at = used_at - interval '11 seconds' WHERE user_id = $1 AND used_at IS NOT NULL`, [user.id]);
    const reuse = await refresh(first.cookie);
    expectErrorShape(reuse, 401);
    expect(refreshCookieOf(reuse)).toBeNull();
    expectErrorShape(await refresh(second), 401);

    // Another session of the same user (another family) is unaffected.
    const other = await signIn(user.email, user.password);
    await refresh(other.cookie).expect(200);
    expectErrorShape(await refresh(), 401);
    expectErrorShape(await refresh('not-a-token'), 401);
  });

  it('ends every refresh token on password change (the changer gets a new one), reset, sign-out and account deletion', async () => {
    const user = await createVerifiedUser(sys);
    const a = await signIn(user.email, user.password);
    const b = await signIn(user.email, user.password);

    const changed = await sys.http
      .post('/api/auth/change-password/')
      .set(bearer(a.access))
      .send({ current_password: user.password, new_password: 'changed-pass-22', new_password_confirm: 'changed-pass-22' })
      .expect(200);
    expectErrorShape(await refresh(a.cookie), 401);
    expectErrorShape(await refresh(b.cookie), 401);
    const kept = refreshCookieOf(changed)!;
    const keptRenewal = await refresh(kept).expect(200);

    // Sign-out ends that session only.
    const c = await signIn(user.email, 'changed-pass-22');
    const out = await sys.http.post('/api/auth/logout/').set('Cookie', `${REFRESH_COOKIE}=${c.cookie}`).expect(200);
    expect(refreshCookieOf(out)).toBeNull();
    expectErrorShape(await refresh(c.cookie), 401);
    await refresh(refreshCookieOf(keptRenewal)!).expect(200);

    // A password reset ends every session.
    const d = await signIn(user.email, 'changed-pass-22');
    await sys.http.post('/api/auth/forgot-password/').send({ email: user.email }).expect(200);
    const code = await sys.smtp.waitForCode(user.email, sys.smtp.mailsTo(user.email).length + 1);
    await sys.http
      .post('/api/auth/reset-password/')
      .send({ email: user.email, otp_code: code, new_password: 'reset-pass-333', new_password_confirm: 'reset-pass-333' })
      .expect(200);
    expectErrorShape(await refresh(d.cookie), 401);

    // Deleting the account deletes its refresh tokens.
    const e = await signIn(user.email, 'reset-pass-333');
    await sys.http.delete('/api/account/').set(bearer(e.access)).send({ password: 'reset-pass-333' }).expect(200);
    expectErrorShape(await refresh(e.cookie), 401);
    const left: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1`, [user.id]);
    expect(left[0].n).toBe(0);
  });

  it('makes an email wait, doubling, after 5 failed sign-ins, also for an unknown email; success resets it', async () => {
    const user = await createVerifiedUser(sys);
    const unknown = `nobody_${Date.now()}@example.com`;
    // Time passing, without sleeping through it: the block ends, the count stays.
    const blockEnds = (email: string) => redis.del(throttle.keys(email).blocked);

    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 5; i++) expectErrorShape(await login(sys, email, 'wrong-password'), 401);
      const waits: number[] = [];
      for (let i = 0; i < 3; i++) {
        // Even the right password waits: that is what bounds guessing.
        const blocked = await login(sys, email, user.password);
        expectErrorShape(blocked, 429);
        expect(blocked.body.message).toMatch(/wait \d+ seconds/);
        waits.push(blocked.body.retry_after_seconds);
        await blockEnds(email);
        expectErrorShape(await login(sys, email, 'wrong-password'), 401);
      }
      expect({ email, waits }).toEqual({ email, waits: [1, 2, 4] });
      const [failures] = await Promise.all([redis.get(throttle.keys(email).failures)]);
      expect(failures).toBe('8');
      await blockEnds(email);
    }

    // Really waiting out a one-second block works too, and success forgets every failure.
    const other = await createVerifiedUser(sys);
    for (let i = 0; i < 5; i++) expectErrorShape(await login(sys, other.email, 'wrong-password'), 401);
    expectErrorShape(await login(sys, other.email, other.password), 429);
    await new Promise((r) => setTimeout(r, 1100));
    await login(sys, other.email, other.password).expect(200);
    expect(await redis.exists(throttle.keys(other.email).failures)).toBe(0);
    for (let i = 0; i < 4; i++) expectErrorShape(await login(sys, other.email, 'wrong-password'), 401);
    await login(sys, other.email, other.password).expect(200);
  });

  it('refuses sign-in and code requests at once (503) while Redis is unreachable or silent: the throttle fails closed', async () => {
    // Both listeners are this test's own: one that never answers, one closed again (so connecting is refused).
    const silent: Server = createServer((socket: Socket) => socket.on('data', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const statusOf = (call: Promise<unknown>) =>
      call.then(
        () => 'let through',
        (error: { getStatus?: () => number; getResponse?: () => unknown }) => ({ status: error.getStatus?.(), body: error.getResponse?.() }),
      );
    try {
      for (const redisUrl of [`redis://127.0.0.1:${closedPort}`, `redis://127.0.0.1:${silentPort}`]) {
        const offline = new LoginThrottleService({ ...env, redisUrl });
        try {
          // Once connected (silent server) or refused: either way every call answers quickly.
          await new Promise((r) => setTimeout(r, 200));
          const start = Date.now();
          const refused = { status: 503, body: { message: expect.stringMatching(/try again/), retry_after_seconds: expect.any(Number) } };
          expect({ redisUrl, answer: await statusOf(offline.claimAttempt('fan@example.com')) }).toEqual({ redisUrl, answer: refused });
          expect({ redisUrl, answer: await statusOf(offline.claimCodeSlot('fan@example.com', 'email_verification')) }).toEqual({ redisUrl, answer: refused });
          // Forgetting failures after a success is not possible either; that is no reason to refuse the success.
          await offline.reset('fan@example.com');
          expect({ redisUrl, fast: Date.now() - start < 3000 }).toEqual({ redisUrl, fast: true });
        } finally {
          await offline.onModuleDestroy();
        }
      }
    } finally {
      await new Promise((r) => silent.close(r));
    }
  });

  it('hashes with argon2id at the OWASP minimum and re-hashes an older hash at the next sign-in', async () => {
    const user = await createVerifiedUser(sys);
    const stored = async () => ((await sys.db.query(`SELECT password_hash FROM users WHERE id = $1`, [user.id])) as { password_hash: string }[])[0].password_hash;
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    const old = await argon2.hash(user.password, { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    await sys.db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, old]);
    expectErrorShape(await login(sys, user.email, 'wrong-password'), 401);
    expect(await stored()).toBe(old); // a failed sign-in changes nothing
    await login(sys, user.email, user.password).expect(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await login(sys, user.email, user.password).expect(200);
    expect(await stored()).toBe(upgraded);
  });
});
