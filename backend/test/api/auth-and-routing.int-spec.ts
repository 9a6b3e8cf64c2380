import { JwtService } from '@nestjs/jwt';
import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, writeSnapshot } from './api-helpers';

jest.setTimeout(60_000);

const PROTECTED: { method: 'get' | 'post' | 'put'; path: string; body?: object }[] = [
  { method: 'get', path: '/api/auth/profile/' },
  { method: 'put', path: '/api/auth/profile/', body: { first_name: 'Eve', last_name: 'Intruder' } },
  { method: 'post', path: '/api/auth/change-password/', body: { current_password: 'x', new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' } },
  { method: 'get', path: '/api/onboarding/status/' },
  { method: 'get', path: '/api/onboarding/countries/' },
  { method: 'get', path: '/api/onboarding/clubs/' },
  { method: 'get', path: '/api/onboarding/preferences/' },
  { method: 'post', path: '/api/onboarding/complete/', body: { country_id: 1, club_id: 1 } },
  { method: 'post', path: '/api/onboarding/skip/' },
];

const OTHER_SECRET = new JwtService({ secret: 'some-other-secret-0123456789abcdef' });
const OUR_SECRET = new JwtService({ secret: process.env.JWT_SECRET });
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

let victim: { id: number; username: string; token: string };

/** Authorization headers that must not get anyone in. */
const BAD_CREDENTIALS: [string, () => Record<string, string>][] = [
  ['no token', () => ({})],
  ['an empty bearer token', () => ({ Authorization: 'Bearer ' })],
  ['a garbage token', () => ({ Authorization: 'Bearer not.a.jwt' })],
  ['a token under another scheme', () => ({ Authorization: `Basic ${victim.token}` })],
  ['a token signed with another secret', () => bearer(OTHER_SECRET.sign({ sub: victim.id, tv: 0, username: victim.username }))],
  ['an expired token', () => bearer(OUR_SECRET.sign({ sub: victim.id, tv: 0, username: victim.username, exp: Math.floor(Date.now() / 1000) - 60 }))],
  ['an unsigned (alg none) token', () => bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: victim.id, tv: 0, username: victim.username })}.`)],
  ['a tampered token', () => bearer(victim.token.replace(/\.([^.]+)\./, `.${b64({ sub: victim.id, tv: 0, username: 'admin' })}.`))],
  ['a token without a token version', () => bearer(OUR_SECRET.sign({ sub: victim.id, username: victim.username }))],
  ['a token for a user who does not exist', () => bearer(OUR_SECRET.sign({ sub: 2147483000, tv: 0, username: 'ghost' }))],
  ['a token whose user id is not a whole number', () => bearer(OUR_SECRET.sign({ sub: 1.5, tv: 0, username: 'ghost' }))],
];

describe('authentication, routing, health and docs', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
    victim = await createVerifiedUser(sys);
  });
  afterAll(async () => {
    await sys.close();
  });

  const cases = PROTECTED.flatMap((e) => BAD_CREDENTIALS.map(([label, headers]) => [`${e.method.toUpperCase()} ${e.path} with ${label}`, e, headers] as const));

  it('accepts the real token on every protected call (the refusals below are about the token)', async () => {
    for (const e of PROTECTED.filter((p) => p.method === 'get')) {
      await sys.http.get(e.path).set(bearer(victim.token)).expect(200);
    }
  });

  it.each(cases)('refuses %s with 401 in the error shape, writing nothing', async (_title, endpoint, headers) => {
    const before = await writeSnapshot(sys);
    let req = sys.http[endpoint.method](endpoint.path).set(headers());
    if (endpoint.body) req = req.send(endpoint.body);
    const res = await req;
    expectErrorShape(res, 401);
    expect(await writeSnapshot(sys)).toEqual(before);
  });

  it('ignores an Authorization header on the public auth calls', async () => {
    const res = await sys.http
      .post('/api/auth/verify-otp/')
      .set(bearer('not.a.jwt'))
      .send({ email: 'nobody-here@example.com', otp_code: '123456', purpose: 'email_verification' });
    expectErrorShape(res, 400);
    expect(res.body.message).toBe('Invalid verification code.');
    await sys.http.post('/api/auth/login/').set(bearer('not.a.jwt')).send({ email: victim.username, password: 'x' }).expect(401);
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/auth/nope/'],
    ['POST', '/api/onboarding/nope/'],
    ['GET', '/api/auth/login/'],
    ['DELETE', '/api/auth/profile/'],
    ['PATCH', '/api/onboarding/complete/'],
  ])('answers an unknown route %s %s with 404 in the error shape', async (method, path) => {
    const res = await sys.http[method.toLowerCase() as 'get' | 'post' | 'delete' | 'patch'](path).set(bearer(victim.token));
    expectErrorShape(res, 404);
    expect(res.body.message).toBe(`No such endpoint: ${method} ${path}`);
  });

  it('does not let __proto__ or constructor keys in a body reach any object', async () => {
    const raw = `{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "first_name": "Alex", "last_name": "Morgan"}`;
    const res = await sys.http.put('/api/auth/profile/').set(bearer(victim.token)).set('Content-Type', 'application/json').send(raw);
    // Nest strips both keys; the rest of the body is an ordinary update.
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Alex', last_name: 'Morgan' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports health with the database and Redis up', async () => {
    const res = await sys.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('serves the OpenAPI page, and its JSON lists every auth and onboarding call', async () => {
    const page = await sys.http.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toMatch(/swagger/i);

    const doc = await sys.http.get('/api/docs-json').expect(200);
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    const operations = new Set(Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\/?$/, '/')}`)));
    for (const op of [
      'POST /api/auth/login/',
      'POST /api/auth/register/',
      'POST /api/auth/verify-otp/',
      'POST /api/auth/resend-otp/',
      'POST /api/auth/forgot-password/',
      'POST /api/auth/reset-password/',
      'POST /api/auth/change-password/',
      'GET /api/auth/profile/',
      'PUT /api/auth/profile/',
      'GET /api/onboarding/status/',
      'GET /api/onboarding/countries/',
      'GET /api/onboarding/clubs/',
      'GET /api/onboarding/preferences/',
      'POST /api/onboarding/complete/',
      'POST /api/onboarding/skip/',
    ]) {
      expect(operations).toContain(op);
    }
    expect(doc.body.components.securitySchemes).toHaveProperty('bearer');
    const login = paths['/api/auth/login'] ?? paths['/api/auth/login/'];
    expect(JSON.stringify(login)).toContain('LoginDto');
  });
});
