import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { insertVerifiedUsers } from '../support/game-factories';
import type { TestSystem } from '../support/test-system';
import { expectErrorShape } from './api-helpers';

// The rest of the run uses RATE_LIMIT_FACTOR=1000; this file boots its own system with the real
// limits, trusting X-Forwarded-For from the test's own loopback connection (TRUST_PROXY), so each
// test reports from addresses of its own. Both are put back afterwards.
const previous = { RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR, TRUST_PROXY: process.env.TRUST_PROXY };

jest.setTimeout(60_000);

const REPORT = {
  message: "Cannot read properties of undefined (reading 'points')",
  route: '/leagues/12',
  component_stack: '\n    at LeagueTable (http://localhost/assets/league-Ab12.js:1:200)\n    at Suspense',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  build: 'index-Xy12.js',
};

describe('POST /api/client-errors', () => {
  let sys: TestSystem;
  let warnings: jest.SpyInstance;
  let octet = 0;
  const address = () => `203.0.113.${(octet += 1)}`;

  beforeAll(async () => {
    process.env.RATE_LIMIT_FACTOR = '1';
    process.env.TRUST_PROXY = '127.0.0.1';
    const { startTestSystem } = await import('../support/test-system');
    sys = await startTestSystem();
    warnings = jest.spyOn(Logger.prototype, 'warn');
  });

  afterAll(async () => {
    await sys?.close();
    jest.restoreAllMocks();
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  beforeEach(() => warnings.mockClear());

  /** The warn lines the client-errors logger wrote since the test began. */
  const clientErrorLines = () => warnings.mock.calls.filter(([, line]) => typeof line === 'string' && line.startsWith('client error:'));

  const report = (body: unknown, ip = address()) => sys.http.post('/api/client-errors').set('X-Forwarded-For', ip).send(body as object);

  it('answers 204 with no body and writes one warn line, naming no user without a token', async () => {
    const res = await report(REPORT);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(clientErrorLines()).toEqual([
      [
        {
          component_stack: 'at LeagueTable (http://localhost/assets/league-Ab12.js:1:200) < at Suspense',
          user_agent: REPORT.user_agent,
          build: REPORT.build,
        },
        "client error: /leagues/12 Cannot read properties of undefined (reading 'points')",
      ],
    ]);
  });

  it('takes the only required fields alone', async () => {
    expect((await report({ message: 'boom', route: '/home' })).status).toBe(204);
    expect(clientErrorLines()).toEqual([[{}, 'client error: /home boom']]);
  });

  it('names the user of a valid bearer token, and skips (still 204) a junk, forged or expired one', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'reporter');
    const jwt = sys.api.get(JwtService, { strict: false });
    const expired = jwt.sign({ sub: fan.id, tv: 0, username: fan.username }, { expiresIn: -10 });
    const forged = `${fan.token.slice(0, -4)}AAAA`;

    expect((await report({ message: 'signed in', route: '/dashboard' }).set(fan.auth)).status).toBe(204);
    for (const token of ['junk', forged, expired]) {
      expect((await report({ message: 'not signed in', route: '/dashboard' }).set('Authorization', `Bearer ${token}`)).status).toBe(204);
    }
    expect(clientErrorLines().map(([fields, line]) => [fields.user_id, line])).toEqual([
      [fan.id, 'client error: /dashboard signed in'],
      [undefined, 'client error: /dashboard not signed in'],
      [undefined, 'client error: /dashboard not signed in'],
      [undefined, 'client error: /dashboard not signed in'],
    ]);
  });

  it('writes one line however the text tries to break it, with no query string', async () => {
    const res = await report({
      message: 'boom\n{"level":50,"msg":"forged"}\u0000 at https://x.test/a.js?token=abc',
      route: '/join/CODE?token=secret#x',
      component_stack: 'at A\r\nat B (http://localhost:5173/src/b.tsx?t=17)',
    });
    // NUL is refused by the API as a whole (Postgres cannot store it): the same body without it is logged.
    expectErrorShape(res, 400);
    expect(clientErrorLines()).toEqual([]);

    expect(
      (
        await report({
          message: 'boom\n{"level":50,"msg":"forged"}\u001b at https://x.test/a.js?token=abc',
          route: '/join/CODE?token=secret#x',
          component_stack: 'at A\r\nat B (http://localhost:5173/src/b.tsx?t=17)',
        })
      ).status,
    ).toBe(204);
    const lines = clientErrorLines();
    expect(lines).toHaveLength(1);
    const [fields, line] = lines[0] as [Record<string, unknown>, string];
    expect(line).toBe('client error: /join/CODE boom {"level":50,"msg":"forged"} at https://x.test/a.js');
    expect(fields.component_stack).toBe('at A < at B (http://localhost:5173/src/b.tsx');
    expect(JSON.stringify(lines)).not.toMatch(/secret|token=|\\u00|\\[nrtbf]/);
  });

  it.each([
    ['no message', { route: '/home' }, 'message'],
    ['an empty message', { message: '', route: '/home' }, 'message'],
    ['a message over 500 characters', { message: 'x'.repeat(501), route: '/home' }, 'message'],
    ['a message that is a number', { message: 42, route: '/home' }, 'message'],
    ['no route', { message: 'boom' }, 'route'],
    ['a route that is not a path', { message: 'boom', route: 'https://evil.test/' }, 'route'],
    ['a route over 300 characters', { message: 'boom', route: `/${'x'.repeat(300)}` }, 'route'],
    ['a route that is an array', { message: 'boom', route: ['/home'] }, 'route'],
    ['a component stack over 2000 characters', { message: 'boom', route: '/home', component_stack: 'x'.repeat(2001) }, 'component_stack'],
    ['a component stack that is an object', { message: 'boom', route: '/home', component_stack: { a: 1 } }, 'component_stack'],
    ['a null user agent', { message: 'boom', route: '/home', user_agent: null }, 'user_agent'],
    ['a user agent over 400 characters', { message: 'boom', route: '/home', user_agent: 'x'.repeat(401) }, 'user_agent'],
    ['a build that is true', { message: 'boom', route: '/home', build: true }, 'build'],
    ['an unknown field', { message: 'boom', route: '/home', stack: 'at x' }, 'stack'],
  ])('answers 400 naming the field for %s, and logs no client error', async (_name, body, field) => {
    const res = await report(body);
    expectErrorShape(res, 400);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect(clientErrorLines()).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"message": "boom", "route": '],
    ['a JSON array', '[{"message": "boom", "route": "/home"}]'],
    ['a JSON string', '"boom"'],
  ])('answers 400 for %s', async (_name, raw) => {
    const res = await sys.http.post('/api/client-errors').set('X-Forwarded-For', address()).set('Content-Type', 'application/json').send(raw);
    expectErrorShape(res, 400);
    expect(clientErrorLines()).toEqual([]);
  });

  it('answers 429 past 10 reports a minute from one address, in the error shape, and logs no more', async () => {
    const ip = address();
    for (let i = 1; i <= 10; i++) {
      const res = await report({ message: `crash ${i}`, route: '/home' }, ip);
      expect({ report: i, status: res.status }).toEqual({ report: i, status: 204 });
    }
    const limited = await report({ message: 'crash 11', route: '/home' }, ip);
    expectErrorShape(limited, 429);
    expect(limited.body.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(limited.body.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(Number(limited.headers['retry-after'])).toBe(limited.body.retry_after_seconds);
    expect(clientErrorLines()).toHaveLength(10);

    // Another address is not affected.
    expect((await report({ message: 'elsewhere', route: '/home' })).status).toBe(204);
  });
});
