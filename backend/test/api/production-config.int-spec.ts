import { createServer } from 'node:net';
import request from 'supertest';
import { AppProcess, startAppProcess, waitForHealth } from '../support/processes';
import { expectErrorShape, expectSecurityHeaders } from './api-helpers';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

jest.setTimeout(30_000);

/**
 * The API as production runs it (a separate process of the real build, NODE_ENV=production,
 * real limits, no TRUST_PROXY): no API docs, and X-Forwarded-For is nobody's word.
 */
describe('the API in production configuration', () => {
  let api: AppProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startAppProcess('backend', {
      NODE_ENV: 'production',
      PORT: String(port),
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
      request(baseUrl).post('/api/auth/login/').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: 'nobody@example.com', password: 'wrong-password' });
    for (let i = 1; i <= 10; i++) {
      const res = await attempt(i);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    const limited = await attempt(11);
    expectErrorShape(limited, 429);
    expect(limited.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expectSecurityHeaders(limited);
  });

  it('refuses to start with a TRUST_PROXY it cannot read, naming the variable', async () => {
    const bad = startAppProcess('backend', { NODE_ENV: 'production', PORT: String(await freePort()), TRUST_PROXY: '1' });
    try {
      const code = await new Promise<number | null>((resolve) => {
        if (bad.child.exitCode !== null) resolve(bad.child.exitCode);
        else bad.child.once('exit', (c) => resolve(c));
      });
      expect(code).toBe(1);
      expect(bad.output.join('')).toContain('Configuration error: TRUST_PROXY must be "none" or a comma list of IPs, CIDRs');
    } finally {
      await bad.stop();
    }
  });
});
