import * as argon2 from 'argon2';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LOGIN_FREE_FAILURES, loginDelayMs } from '@scoreline/backend/auth/login-throttle';
import { errorShapeProblem } from '../api/api-helpers';
import { newUserInput } from '../support/factories';
import { freePort } from '../support/owned-processes';
import { PrivateRedis } from '../support/private-redis';
import { AppProcess, startAppProcess, waitForHealth } from '../support/processes';

jest.setTimeout(120_000);

/** How long Redis is paused (DEBUG SLEEP), and how much of it the attack may use (the rest is margin). */
const SLEEP_SECONDS = 6;
const ATTACK_MS = 3_500;
/** Rounds of attempts per outage, at most (the time above bounds them too). */
const MAX_ROUNDS = 8;
/** No answer may take this long: a limit that cannot count must refuse at once, not hang. */
const SLOW_MS = 3_000;

type Kind = 'sign-in' | 'verify-otp' | 'reset-password' | 'resend-otp' | 'forgot-password' | 'league-join';
/** Answers that mean the attempt reached the password or code check (or sent a code). */
const GOT_THROUGH: Record<Kind, number[]> = {
  'sign-in': [200, 401, 403],
  'verify-otp': [200, 400],
  'reset-password': [200, 400],
  'resend-otp': [200],
  'forgot-password': [200],
  'league-join': [200, 404, 409, 410],
};

/**
 * An attacker makes Redis slow (or it dies) to lift the brute-force bounds: every limit that
 * bounds guessing a password, an emailed code or an invite code must then refuse (503 with a
 * retry hint) rather than let attempts through unbounded, while the rest of the app answers.
 * The built API runs against a Redis of this test's own, paused with DEBUG SLEEP from another
 * connection and then killed by PID.
 */
describe('limits that fail closed while Redis is slow or gone', () => {
  let redis: PrivateRedis | undefined;
  let api: AppProcess | undefined;
  let db: DataSource;
  let baseUrl: string;
  const password = 'correct-horse-1';
  let target: string; // the account under attack
  let fan: { email: string; token: string }; // a fan going about their business
  let addressSeq = 0;
  /** A client address of its own (X-Forwarded-For, believed from TRUST_PROXY): a header, no packet goes there. */
  const newAddress = () => `198.51.100.${++addressSeq}`;

  const post = (path: string, ip: string, body: object, token?: string) => {
    const req = request(baseUrl).post(path).set('X-Forwarded-For', ip);
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
  };
  const attempt = (kind: Kind, ip: string, n: number): request.Test => {
    switch (kind) {
      case 'sign-in':
        return post('/api/auth/login/', ip, { email: target, password: `wrong-password-${n}` });
      case 'verify-otp':
        return post('/api/auth/verify-otp/', ip, { email: target, otp_code: String(100000 + n), purpose: 'password_reset' });
      case 'reset-password':
        return post('/api/auth/reset-password/', ip, { email: target, otp_code: String(200000 + n), new_password: 'new-pass-4567', new_password_confirm: 'new-pass-4567' });
      case 'resend-otp':
        return post('/api/auth/resend-otp/', ip, { email: target, purpose: 'password_reset' });
      case 'forgot-password':
        return post('/api/auth/forgot-password/', ip, { email: target });
      case 'league-join':
        return post('/api/leagues/join/', ip, { type: 'private', code: `ZQ${String(n).padStart(6, '0')}` }, fan.token);
    }
  };
  async function timed<T extends { status: number }>(call: () => PromiseLike<T>): Promise<T & { ms: number }> {
    const started = Date.now();
    const res = await call();
    return Object.assign(res, { ms: Date.now() - started });
  }
  const signInFan = (ip: string) => post('/api/auth/login/', ip, { email: fan.email, password });
  const output = () => api!.output.join('');
  const count = (pattern: RegExp) => output().match(new RegExp(pattern, 'g'))?.length ?? 0;
  const OUTAGE_LINE = /Redis unreachable \([^)]*\): sign-in, code and invite limits answer 503/;
  const BACK_LINE = /Redis is back: rate limits are counted in Redis again/;

  /** Sign-in works again once Redis is back (bounded). */
  async function waitUntilSignInWorks(): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await signInFan(newAddress());
      if (res.status === 200) return;
      if (Date.now() > deadline) throw new Error(`sign-in never came back (last ${res.status}):\n${output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * Rounds of attacks until `until` (or MAX_ROUNDS): each kind from two addresses of its own, plus a
   * liveness probe, a signed-in read and a signed-in write. Answers what each kind got, by status.
   */
  async function attack(until: number, label: string): Promise<Record<Kind, Record<number, number>>> {
    const tally = Object.fromEntries(Object.keys(GOT_THROUGH).map((k) => [k, {}])) as Record<Kind, Record<number, number>>;
    const kinds = Object.keys(GOT_THROUGH) as Kind[];
    const addresses = Object.fromEntries(kinds.map((k) => [k, [newAddress(), newAddress()]])) as Record<Kind, string[]>;
    for (let round = 0, n = 0; round < MAX_ROUNDS && Date.now() < until; round++) {
      const attempts = kinds.flatMap((kind) => addresses[kind].map((ip) => ({ kind, ip, n: ++n })));
      const [answers, live, read, write] = await Promise.all([
        Promise.all(attempts.map((a) => timed(() => attempt(a.kind, a.ip, a.n)).then((res) => ({ ...a, res })))),
        timed(() => request(baseUrl).get('/api/health/live')),
        timed(() => request(baseUrl).get('/api/auth/profile/').set('Authorization', `Bearer ${fan.token}`)),
        // A write: the general write limit keeps counting, in memory, so the app stays usable.
        timed(() => request(baseUrl).put('/api/auth/preferences/').set('Authorization', `Bearer ${fan.token}`).send({})),
      ]);
      expect({ label, round, live: live.status, read: read.status, write: write.status }).toEqual({ label, round, live: 200, read: 200, write: 200 });
      for (const { kind, res } of answers) {
        tally[kind][res.status] = (tally[kind][res.status] ?? 0) + 1;
        if (res.status === 503) {
          const problem = errorShapeProblem(res, 503);
          expect({ label, kind, problem }).toEqual({ label, kind, problem: null });
          const retryAfter = Number(res.headers['retry-after']);
          expect({ label, kind, retryAfter, hint: res.body.retry_after_seconds }).toEqual({ label, kind, retryAfter: expect.any(Number), hint: retryAfter });
          expect(retryAfter).toBeGreaterThanOrEqual(1);
          expect(retryAfter).toBeLessThanOrEqual(10);
        }
      }
      const slow = [...answers.map((a) => ({ what: a.kind, ms: a.res.ms })), { what: 'live', ms: live.ms }, { what: 'read', ms: read.ms }, { what: 'write', ms: write.ms }]
        .filter((t) => t.ms >= SLOW_MS);
      expect({ label, round, slow }).toEqual({ label, round, slow: [] });
    }
    return tally;
  }
  const throughOf = (tally: Record<Kind, Record<number, number>>) =>
    Object.fromEntries(
      (Object.keys(GOT_THROUGH) as Kind[]).map((kind) => [kind, GOT_THROUGH[kind].reduce((sum, status) => sum + (tally[kind][status] ?? 0), 0)]),
    );
  const total = (tally: Record<number, number>) => Object.values(tally).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    const insertUser = async (): Promise<string> => {
      const input = newUserInput();
      await db.query(
        `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at)
         VALUES ($1, $2, 'Limit', 'Tester', $3, now(), now())`,
        [input.username, input.email, hash],
      );
      return input.email;
    };
    target = await insertUser();
    const fanEmail = await insertUser();

    redis = await PrivateRedis.start({ debugCommand: true });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startAppProcess('backend', {
      PORT: String(port),
      REDIS_URL: redis.url,
      RATE_LIMIT_FACTOR: '1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(baseUrl, api);
    fan = { email: fanEmail, token: '' };
    fan.token = (await signInFan(newAddress()).expect(200)).body.data.tokens.access;
  }, 90_000);

  afterAll(async () => {
    // Every process this file started, by PID, whatever happened.
    await api?.stop();
    await redis?.stop();
    await db?.destroy();
  });

  it('lets no more wrong passwords through than the per-account limit when attempts race from several addresses', async () => {
    // 5 attempts from each of 4 addresses at once (under the 10 a minute per address).
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/auth/login/', `203.0.113.${1 + (i % 4)}`, { email: target, password: `wrong-${i}` })),
    );
    const elapsed = Date.now() - started;
    // The throttle lets LOGIN_FREE_FAILURES through, then one more each time a wait has passed.
    let allowed = LOGIN_FREE_FAILURES;
    for (let waited = loginDelayMs(allowed); waited <= elapsed; waited += loginDelayMs(allowed)) allowed++;
    const statuses = answers.map((r) => r.status);
    const through = statuses.filter((s) => s === 401).length;
    expect({ through: through <= allowed, others: statuses.filter((s) => s !== 401 && s !== 429) }).toEqual({ through: true, others: [] });
    expect(through).toBeGreaterThanOrEqual(1);
  });

  it('refuses sign-in, code and invite attempts with 503 while Redis sleeps, and keeps the rest of the app up', async () => {
    const sleeper = new Redis(redis!.url, { maxRetriesPerRequest: 0 });
    const probe = new Redis(redis!.url, { maxRetriesPerRequest: 0, commandTimeout: 200 });
    // A probe that times out is the point; heard here, so ioredis does not print it as an unhandled error event.
    for (const client of [sleeper, probe]) client.on('error', () => undefined);
    try {
      const sleepStarted = Date.now();
      // Its answer comes when the sleep ends (an error instead, should this test fail and disconnect first).
      const slept = sleeper.call('DEBUG', 'SLEEP', String(SLEEP_SECONDS)).catch((error: Error) => error.message);
      // Paused once a PING from another connection goes unanswered.
      for (let paused = false; !paused; ) {
        if (Date.now() - sleepStarted > 2_000) throw new Error('Redis did not pause');
        paused = await probe.ping().then(
          () => false,
          () => true,
        );
      }
      const tally = await attack(sleepStarted + ATTACK_MS, 'paused');
      const sent = (Object.keys(tally) as Kind[]).map((k) => total(tally[k]));
      expect(Math.min(...sent)).toBeGreaterThanOrEqual(2);
      // Redis could count none of them, so none may reach a password or code check.
      expect({ through: throughOf(tally) }).toEqual({
        through: { 'sign-in': 0, 'verify-otp': 0, 'reset-password': 0, 'resend-otp': 0, 'forgot-password': 0, 'league-join': 0 },
      });
      expect(await slept).toBe('OK');
      expect(Date.now() - sleepStarted).toBeGreaterThanOrEqual(SLEEP_SECONDS * 1000 - 100);
    } finally {
      sleeper.disconnect();
      probe.disconnect();
    }
    await waitUntilSignInWorks();
    expect({ outages: count(OUTAGE_LINE), backs: count(BACK_LINE) }).toEqual({ outages: 1, backs: 1 });
  });

  it('refuses them the same while Redis is dead, says so once per outage, and counts again when it is back', async () => {
    await redis!.kill(); // SIGKILL by PID
    const tally = await attack(Date.now() + ATTACK_MS, 'killed');
    expect({ through: throughOf(tally) }).toEqual({
      through: { 'sign-in': 0, 'verify-otp': 0, 'reset-password': 0, 'resend-otp': 0, 'forgot-password': 0, 'league-join': 0 },
    });
    const refused = (Object.keys(tally) as Kind[]).reduce((sum, k) => sum + (tally[k][503] ?? 0), 0);
    expect(refused).toBeGreaterThanOrEqual(20);

    await redis!.start(); // empty: it had no persistence
    await waitUntilSignInWorks();
    // Two outages (paused, killed), each said once and its end once, however many requests were refused.
    expect({ outages: count(OUTAGE_LINE), backs: count(BACK_LINE), per503: count(/answered 503/) }).toEqual({ outages: 2, backs: 2, per503: 0 });
    // And the limits count in Redis again: a wrong password is a wrong password.
    expect((await post('/api/auth/login/', newAddress(), { email: fan.email, password: 'wrong-password' })).status).toBe(401);
  });
});
