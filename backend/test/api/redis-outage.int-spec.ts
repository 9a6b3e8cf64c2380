import * as argon2 from 'argon2';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { newUserInput } from '../support/factories';
import { freePort } from '../support/owned-processes';
import { PrivateRedis } from '../support/private-redis';
import { AppProcess, startAppProcess, waitForHealth } from '../support/processes';
import { expectErrorShape } from './api-helpers';

jest.setTimeout(60_000);
/**
 * "At once" with Redis gone: the limiter and throttle give up on a command after 500/300 ms, so an
 * answer costs about a second at worst; a hang is ioredis' default of retrying for ever. 3 s, not
 * 2 s: one sign-in took 2,015 ms on a CI machine whose loopback Redis answered in 28 ms on average.
 */
const SLOW_MS = 3000;

/**
 * Redis goes away under a running API (its rate-limit counters live there): sign-in and sign-up
 * answer at once, never 500 and never unbounded: 503 with a retry hint, since their limits cannot
 * be counted (rate-limit-outage.ts). Limits that only stop a flood (here: refresh) count in memory
 * meanwhile; all of them are back in Redis after. backend/test/auth/limits-fail-closed.int-spec.ts
 * has the attacker's side.
 */
describe('rate limits while Redis is unreachable', () => {
  let redis: PrivateRedis | undefined;
  let api: AppProcess | undefined;
  let db: DataSource;
  let baseUrl: string;
  const password = 'correct-horse-1';
  let email: string;

  const signIn = (pass = password, ip = '127.0.0.1') => request(baseUrl).post('/api/auth/login/').set('X-Forwarded-For', ip).send({ email, password: pass });
  const refresh = (ip: string) => request(baseUrl).post('/api/auth/refresh/').set('X-Forwarded-For', ip);
  const signUp = (ip = '127.0.0.1') => {
    const input = newUserInput();
    return request(baseUrl).post('/api/auth/register/').set('X-Forwarded-For', ip).send({ ...input, password_confirm: input.password });
  };
  async function timed(call: () => request.Test): Promise<{ status: number; ms: number; res: request.Response }> {
    const started = Date.now();
    const res = await call();
    return { status: res.status, ms: Date.now() - started, res };
  }
  /** Three rounds of sign-in, sign-up, a wrong password and a refresh, from an address of this phase's own. */
  async function checkSignInAndSignUp(redis: string, ip: string): Promise<void> {
    for (let round = 1; round <= 3; round++) {
      const login = await timed(() => signIn(password, ip));
      const register = await timed(() => signUp(ip));
      const wrong = await timed(() => signIn('wrong-password', ip));
      const renew = await timed(() => refresh(ip));
      const statuses = [login.status, register.status, wrong.status, renew.status];
      expect({ redis, round, statuses }).toEqual({ redis, round, statuses: [503, 503, 503, 401] });
      const slow = Object.entries({ login, register, wrong, renew }).filter(([, t]) => t.ms >= SLOW_MS).map(([name, t]) => `${name} ${t.ms} ms`);
      expect({ redis, round, slow }).toEqual({ redis, round, slow: [] });
      for (const refused of [login, register, wrong]) {
        expectErrorShape(refused.res, 503);
        expect(refused.res.headers['retry-after']).toBe(String(refused.res.body.retry_after_seconds));
      }
    }
  }
  const outageLines = () => api!.output.join('').match(/other rate limits are counted in this process's memory/g)?.length ?? 0;
  const backLines = () => api!.output.join('').match(/rate limits are counted in Redis again/g)?.length ?? 0;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    const input = newUserInput();
    email = input.email;
    await db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at)
       VALUES ($1, $2, 'Outage', 'Tester', $3, now(), now())`,
      [input.username, email, await argon2.hash(password, { type: argon2.argon2id })],
    );

    redis = await PrivateRedis.start();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startAppProcess('backend', {
      PORT: String(port),
      REDIS_URL: redis.url,
      RATE_LIMIT_FACTOR: '1',
      // X-Forwarded-For from the test is believed, so each check has an address of its own.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(baseUrl, api);
  }, 90_000);

  afterAll(async () => {
    // Every process this file started, by PID, whatever happened.
    await api?.stop();
    await redis?.stop();
    await db?.destroy();
  });

  it('refuses sign-in and sign-up quickly (503, never a 500) while Redis hangs or is dead, then counts in Redis again when it is back', async () => {
    expect((await signIn()).status).toBe(200);
    expect((await signUp()).status).toBe(201);
    expect(outageLines()).toBe(0);

    // First Redis stops answering but keeps its connections open (as in a network partition),
    // then it dies. Each time: right away and again later, fast, and the right answers.
    process.kill(redis!.pid!, 'SIGSTOP');
    await checkSignInAndSignUp('paused', '198.51.100.10');
    await redis!.kill();
    await checkSignInAndSignUp('killed', '198.51.100.11');

    // A limit that stays up still holds, counted in this process's memory: 30 refreshes a minute per address.
    const ip = '198.51.100.77';
    for (let i = 1; i <= 30; i++) {
      const res = await refresh(ip);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    const limited = await refresh(ip);
    expectErrorShape(limited, 429);
    expect(limited.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(outageLines()).toBe(1); // logged once per outage, not per request

    // Redis comes back (empty): counting returns to it, and that is logged once too.
    await redis!.start();
    const deadline = Date.now() + 15_000;
    // Refused (503) until both of sign-in's connections have reconnected, then signed in.
    for (let n = 1, status = 0; backLines() === 0 || status !== 200; n++) {
      if (Date.now() > deadline) throw new Error(`rate limits never went back to Redis:\n${api!.output.join('').slice(-3000)}`);
      status = (await signIn(password, `192.0.2.${n}`)).status;
      expect([200, 503]).toContain(status);
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(backLines()).toBe(1);
    expect(outageLines()).toBe(1);
    // The memory counters are left behind with the outage: this address starts afresh in Redis.
    expect((await refresh(ip)).status).toBe(401);
    expect((await signIn('wrong-password', ip)).status).toBe(401);
  });
});
