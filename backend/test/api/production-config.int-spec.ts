import request from 'supertest';
import { freePort } from '../support/owned-processes';
import { PrivateRedis } from '../support/private-redis';
import { AppProcess, startAppProcess, waitForHealth } from '../support/processes';
import { expectErrorShape, expectSecurityHeaders } from './api-helpers';

jest.setTimeout(60_000);

/**
 * The API as production runs it (a separate process of the real build, NODE_ENV=production,
 * real limits, no TRUST_PROXY, on a Redis with AOF and noeviction as production requires): no API
 * docs, and X-Forwarded-For is nobody's word. On a Redis that keeps nothing on disk it refuses to start.
 */
describe('the API in production configuration', () => {
  let api: AppProcess | undefined;
  let redis: PrivateRedis | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    redis = await PrivateRedis.start({ persistent: true });
    api = startAppProcess('backend', {
      NODE_ENV: 'production',
      PORT: String(port),
      VAPID_PUBLIC_KEY: 'BI7p9fCWg28OOQoBKsrcxkde92qCHRd4zVuwWtUbWyxl5hdWKRMsJ01DtpbIi7E4jNMEWhS8AzPmE44SobCgVDk',
      VAPID_PRIVATE_KEY: 'WmdZQyQPhzhxCiWhU6S-UEkutejBhjVK27mRfKXfw4g',
      REDIS_URL: redis.url,
      RATE_LIMIT_FACTOR: '1',
      TRUST_PROXY: '',
      API_DOCS: '',
      // Counters of its own: the other suites' sign-ins from 127.0.0.1 must not count here.
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-production`,
    });
    await waitForHealth(baseUrl, api);
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    await redis?.stop();
  });

  it('serves no API docs: /api/docs and /api/docs-json are 404 in the error shape, with the security headers', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json']) {
      const res = await request(baseUrl).get(path);
      expectErrorShape(res, 404);
      expectSecurityHeaders(res);
    }
  });

  it('counts a spoofed X-Forwarded-For from 127.0.0.1 against the real peer: the 11th sign-in is refused', async () => {
    const attempt = (i: number) =>
      request(baseUrl).post('/api/auth/login/').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: `nobody${i}@example.com`, password: 'wrong-password' }) // an email each: the per-account throttle is not what is tested;
    for (let i = 1; i <= 10; i++) {
      const res = await attempt(i);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    const limited = await attempt(11);
    expectErrorShape(limited, 429);
    expect(limited.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expectSecurityHeaders(limited);
  });

  async function exitOf(proc: AppProcess): Promise<number | null> {
    return new Promise<number | null>((resolve) => {
      if (proc.child.exitCode !== null) resolve(proc.child.exitCode);
      else proc.child.once('exit', (c) => resolve(c));
    });
  }

  it('refuses to start on a Redis that keeps nothing on disk, saying why', async () => {
    // The shared test Redis runs without persistence.
    const bad = startAppProcess('backend', {
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      VAPID_PUBLIC_KEY: 'BI7p9fCWg28OOQoBKsrcxkde92qCHRd4zVuwWtUbWyxl5hdWKRMsJ01DtpbIi7E4jNMEWhS8AzPmE44SobCgVDk',
      VAPID_PRIVATE_KEY: 'WmdZQyQPhzhxCiWhU6S-UEkutejBhjVK27mRfKXfw4g',
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-nopersist`,
    });
    try {
      expect(await exitOf(bad)).not.toBe(0);
      expect(bad.output.join('')).toContain('persistence is off');
      expect(bad.output.join('')).toContain('refusing to start with NODE_ENV=production');
    } finally {
      await bad.stop();
    }
  });

  it('refuses to start with a TRUST_PROXY it cannot read, naming the variable', async () => {
    const bad = startAppProcess('backend', { NODE_ENV: 'production', PORT: String(await freePort()), TRUST_PROXY: '1', REDIS_URL: redis!.url });
    try {
      expect(await exitOf(bad)).toBe(1);
      expect(bad.output.join('')).toContain('Configuration error: TRUST_PROXY must be "none" or a comma list of IPs, CIDRs');
    } finally {
      await bad.stop();
    }
  });
});
