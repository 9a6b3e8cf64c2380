import { Agent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { FakeBrowser, LocalPushService } from '../push/push-service';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, seededRandom, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { errorShapeProblem, type AnswerLike } from './api-helpers';

jest.setTimeout(240_000);

/**
 * The fuzz of every operation (issue 33). Every path + method of the app's own OpenAPI document
 * (GET /api/docs-json) is called with its path parameters valid (a seeded user, league, fixture)
 * and junk; with every documented query parameter and every request-body field (nested ones too)
 * set to null, arrays, objects, 100 kB strings, wrong types, NUL and other awkward characters, plus
 * seeded random JSON; with whole bodies that are empty, malformed, not objects, in other encodings;
 * and with no token, junk credentials, a fan's token and an admin's. No answer may be a 5xx; every
 * 4xx is in the one error shape without internals; every answer carries Permissions-Policy and
 * every signed-in or cookie-setting /api answer `Cache-Control: no-store`.
 *
 * Deterministic: the cases are enumerated in a fixed order and the random values come from a fixed
 * seed. Nothing in the document is skipped, and two routes outside it are added (GET /metrics, which
 * the main port no longer serves but must still refuse cleanly: the scrape has its own listener,
 * metrics-and-probes.int-spec.ts; the queue board's UI); the docs pages themselves and /socket.io
 * (edges.int-spec.ts) are not operations.
 * Operations that end something (leaving the league, removing a member, deleting the account) run
 * last so that the others still find their data; the account deletion never carries the fan's
 * password, so the fan survives it. Push subscriptions point at a push service of the test's own.
 */

const SEED = 33;
const HUGE = 'x'.repeat(100 * 1024);
/** Node refuses a request head over 16 kB itself (431, before the app): query and path junk stays under it. */
const LONG_IN_URL = 'x'.repeat(6000);

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
}
interface Parameter {
  name: string;
  in: string;
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] }>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  method: string;
  template: string;
  pathParams: string[];
  queryParams: string[];
  /** The request body's schema name, when the document has one. */
  body: string | null;
  secured: boolean;
}

type AuthName = 'none' | 'junk bearer' | 'junk cookies' | 'fan' | 'admin';
const AUTHS: AuthName[] = ['none', 'junk bearer', 'junk cookies', 'fan', 'admin'];

interface Attempt {
  op: Operation;
  what: string;
  path: string;
  auth: AuthName;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

const BODY_VALUES: [string, unknown][] = [
  ['null', null],
  ['an empty array', []],
  ['an array', [1, 'a', null]],
  ['an empty object', {}],
  ['an object', { a: { b: [1] } }],
  ['a 100 kB string', HUGE],
  ['an empty string', ''],
  ['blanks', '   '],
  ['a number', 123],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['a huge number', 1e308],
  ['2^31', 2147483648],
  ['text', 'abc'],
  ['digits as text', '123'],
  ['true', true],
  ['false', false],
  ['a NUL character', 'a\u0000b'],
  ['a noncharacter', 'a\uFFFEb'],
  ['a lone surrogate', 'a\uD800b'],
  ['markup', '<script>alert(1)</script>'],
  ['SQL', "' OR 1=1 --"],
];

/** Raw (already percent-encoded) query values; `[]` and `[a]` forms are added per parameter. */
const QUERY_VALUES = ['', 'null', '0', '-1', '1.5', '1e309', '99999999999999999999', 'abc', 'true', '%00', 'a%00b', '%FF', '%E2%82', '%EF%BF%BE', '%F0%9F%98%80', LONG_IN_URL, "'%20OR%201%3D1%20--"];

/** Raw path segments in place of a valid parameter. */
const PATH_VALUES = ['0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', 'abc', 'null', '%00', '%FF', '%E2%82', '%20', '%F0%9F%98%80', '%EF%BF%BE', '..%2F..%2Fetc%2Fpasswd', LONG_IN_URL];

/** Seeded random JSON: scalars of every type, odd code points, shallow arrays and objects. */
function randomJson(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth < 2 ? 8 : 6));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor((random() - 0.5) * 2 ** Math.floor(random() * 60));
    case 3:
      return (random() - 0.5) * 10 ** Math.floor(random() * 20);
    case 4:
    case 5: {
      const length = Math.floor(random() * 40);
      return Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0x10000))).join('');
    }
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`k${i}`, randomJson(random, depth + 1)]));
  }
}

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const ref = op.requestBody?.content['application/json']?.schema.$ref;
      ops.push({
        method,
        template,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: ref ? ref.split('/').pop()! : null,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  // Routes outside the document, fuzzed all the same: the Prometheus scrape's old path (a 404 on the main
  // port now: METRICS_PORT serves it) and the queue board UI.
  ops.push({ method: 'get', template: '/metrics', pathParams: [], queryParams: [], body: null, secured: false });
  ops.push({ method: 'get', template: '/api/admin/queues/', pathParams: [], queryParams: [], body: null, secured: false });
  // What ends something runs last: leaving the league, removing a member, deleting the account.
  const ending = (op: Operation) => (op.template === '/api/account' ? 2 : op.method === 'delete' || op.template.endsWith('/leave') ? 1 : 0);
  return ops.map((op, i) => ({ op, i })).sort((a, b) => ending(a.op) - ending(b.op) || a.i - b.i).map(({ op }) => op);
}

describe('the fuzz of every operation in the OpenAPI document', () => {
  let sys: TestSystem;
  let pushService: LocalPushService;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let fan: { id: number; username: string; auth: { Authorization: string } };
  let admin: FastUser;
  let requester: FastUser;
  let world: {
    privateLeagueId: number;
    publicLeagueId: number;
    inviteCode: string;
    fixtureId: number;
    gameweekId: number;
    countryId: number;
    clubId: number;
    feedUrl: string;
    feedFile: string;
  };
  let season: ReturnType<typeof seasonSlice>;
  let browser: FakeBrowser;

  /** Sends exactly these bytes (supertest would re-encode the path and serialise the body itself). */
  function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<AnswerLike> {
    const { port } = new URL(sys.baseUrl);
    return new Promise((resolve, reject) => {
      const withLength = body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
      const req = httpRequest({ host: '127.0.0.1', port: Number(port), method: method.toUpperCase(), path, headers: withLength, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = {};
          if (/json/.test(String(res.headers['content-type']))) {
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = text;
            }
          }
          resolve({ status: res.statusCode!, headers: res.headers, body: parsed, text } as AnswerLike);
        });
        res.on('error', reject);
      });
      req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
      req.on('error', reject);
      req.end(body);
    });
  }

  function authHeaders(auth: AuthName): Record<string, string> {
    switch (auth) {
      case 'none':
        return {};
      case 'junk bearer':
        return { Authorization: 'Bearer not.a.jwt' };
      case 'junk cookies':
        return { Cookie: 'scoreline_refresh=junk; scoreline_queue_board=junk' };
      case 'fan':
        return fan.auth;
      case 'admin':
        return admin.auth;
    }
  }

  /** The token that gets a call past its guards, so the fuzz reaches validation and the service. */
  const deepAuth = (op: Operation): AuthName => (op.template.startsWith('/api/admin/') ? 'admin' : op.secured ? 'fan' : 'none');

  function validPathValue(template: string, name: string): string {
    if (template.startsWith('/api/admin/fixtures/')) return String(world.fixtureId);
    if (template === '/api/predictions/gameweek/{id}') return String(world.gameweekId);
    if (template === '/api/invites/league/{id}') return String(world.publicLeagueId);
    if (name === 'code') return world.inviteCode;
    if (name === 'file') return world.feedFile;
    if (name === 'n') return '1';
    if (name === 'userId') return String(requester.id);
    if (name === 'player') return requester.username;
    return String(world.privateLeagueId);
  }

  function pathWith(op: Operation, junk?: { name: string; value: string }): string {
    return op.template.replace(/\{(\w+)\}/g, (_, name: string) => (junk?.name === name ? junk.value : encodeURIComponent(validPathValue(op.template, name))));
  }

  /** A plausible value of a field: the world's ids where the name says so, else the document's enum, example or type. */
  function baseValue(schemaName: string, field: string, schema: Schema, components: Record<string, Schema>): unknown {
    const known: Record<string, () => unknown> = {
      email: () => 'fuzz-nobody@example.com',
      password: () => 'fuzz-pass-12345',
      password_confirm: () => 'fuzz-pass-12345',
      current_password: () => 'not-the-password-1',
      new_password: () => 'fuzz-new-pass-1',
      new_password_confirm: () => 'fuzz-new-pass-1',
      username: () => 'fuzz_user',
      // A push service of the test's own: nothing the fuzz stores may send a push anywhere else.
      endpoint: () => pushService.endpoint('/fuzz'),
      p256dh: () => browser.subscription().keys.p256dh,
      auth: () => browser.subscription().keys.auth,
      code: () => world.inviteCode,
      league_id: () => world.publicLeagueId,
      fixture: () => world.fixtureId,
      country_id: () => world.countryId,
      club_id: () => world.clubId,
      season: () => season,
      shift_to_now: () => true,
      activate: () => true,
      replaces: () => (schemaName === 'RotateCalendarFeedDto' ? world.feedUrl : world.inviteCode),
      minute: () => 10,
    };
    if (known[field]) return known[field]();
    if (schema.$ref) return baseBody(schema.$ref.split('/').pop()!, components);
    if (schema.enum) return schema.enum[0];
    if (schema.example !== undefined) return schema.example;
    switch (schema.type) {
      case 'number':
      case 'integer':
        return schema.minimum ?? 1;
      case 'boolean':
        return false;
      case 'array':
        return [schema.items ? baseValue(schemaName, field, schema.items, components) : 1];
      case 'object':
        return {};
      default:
        return 'fuzz';
    }
  }

  function baseBody(schemaName: string, components: Record<string, Schema>): Record<string, unknown> {
    const schema = components[schemaName];
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([field, s]) => [field, baseValue(schemaName, field, s, components)]));
  }

  /** Every field's path in a body, nested objects and the first item of arrays of objects included. */
  function fieldPaths(schemaName: string, components: Record<string, Schema>, prefix: (string | number)[] = []): (string | number)[][] {
    const out: (string | number)[][] = [];
    for (const [field, s] of Object.entries(components[schemaName].properties ?? {})) {
      const path = [...prefix, field];
      out.push(path);
      if (s.$ref) out.push(...fieldPaths(s.$ref.split('/').pop()!, components, path));
      if (s.type === 'array' && s.items?.$ref) out.push(...fieldPaths(s.items.$ref.split('/').pop()!, components, [...path, 0]));
    }
    return out;
  }

  function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
    const copy = structuredClone(body) as Record<string | number, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path[path.length - 1]] = value;
    return copy;
  }

  function nullEverywhere(schemaName: string, components: Record<string, Schema>): Record<string, unknown> {
    return Object.fromEntries(Object.keys(components[schemaName].properties ?? {}).map((field) => [field, null]));
  }

  function attemptsFor(op: Operation, components: Record<string, Schema>, random: () => number): Attempt[] {
    const attempts: Attempt[] = [];
    const deep = deepAuth(op);
    const valid = pathWith(op);
    const base = op.body ? baseBody(op.body, components) : undefined;
    const json = (value: unknown) => JSON.stringify(value);
    const jsonHeaders = { 'Content-Type': 'application/json' };
    const baseAttempt = base === undefined ? {} : { body: json(base), headers: jsonHeaders };

    for (const auth of AUTHS) attempts.push({ op, what: 'a plausible call', path: valid, auth, ...baseAttempt });
    for (const name of op.pathParams) {
      for (const value of PATH_VALUES) attempts.push({ op, what: `path ${name}=${value.slice(0, 30)}`, path: pathWith(op, { name, value }), auth: deep, ...baseAttempt });
    }
    for (const name of op.queryParams) {
      const raws = [...QUERY_VALUES.map((v) => `${name}=${v}`), `${name}=1&${name}=2`, `${name}[]=1`, `${name}[a]=1`, name];
      for (const raw of raws) attempts.push({ op, what: `query ${raw.slice(0, 40)}`, path: `${valid}?${raw}`, auth: deep, ...baseAttempt });
    }
    attempts.push({ op, what: 'an unknown query parameter', path: `${valid}?zz_unknown=1`, auth: deep, ...baseAttempt });
    attempts.push({ op, what: 'a NUL query parameter name', path: `${valid}?%00=1`, auth: deep, ...baseAttempt });

    if (op.body && base) {
      for (const field of fieldPaths(op.body, components)) {
        const values: [string, unknown][] = [...BODY_VALUES, ['random', randomJson(random)], ['random', randomJson(random)]];
        for (const [what, value] of values) {
          attempts.push({ op, what: `${field.join('.')} = ${what}`, path: valid, auth: deep, body: json(withField(base, field, value)), headers: jsonHeaders });
        }
      }
      attempts.push({ op, what: 'every field null', path: valid, auth: deep, body: json(nullEverywhere(op.body, components)), headers: jsonHeaders });
      attempts.push({ op, what: 'an unknown field', path: valid, auth: deep, body: json({ ...base, zz_unknown: 1 }), headers: jsonHeaders });
      attempts.push({ op, what: 'a 100 kB unknown field', path: valid, auth: deep, body: json({ ...base, zz_unknown: HUGE }), headers: jsonHeaders });
      attempts.push({ op, what: 'the body in an array', path: valid, auth: deep, body: json([base]), headers: jsonHeaders });
      attempts.push({ op, what: 'the body as text/plain', path: valid, auth: deep, body: json(base), headers: { 'Content-Type': 'text/plain' } });
      attempts.push({ op, what: 'the body as a form', path: valid, auth: deep, body: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      attempts.push({ op, what: 'the body in latin1', path: valid, auth: deep, body: json(base), headers: { 'Content-Type': 'application/json; charset=latin1' } });
      attempts.push({ op, what: 'the body gzipped', path: valid, auth: deep, body: gzipSync(json(base)), headers: { ...jsonHeaders, 'Content-Encoding': 'gzip' } });
    }
    // Whole bodies, for every operation: a route without a body must shrug them off in the error shape too.
    const wholeBodies: [string, string | Buffer | undefined, Record<string, string>][] = [
      ['no body', undefined, {}],
      ['an empty JSON body', '', jsonHeaders],
      ['JSON null', 'null', jsonHeaders],
      ['a JSON string', '"text"', jsonHeaders],
      ['a JSON number', '42', jsonHeaders],
      ['an empty array', '[]', jsonHeaders],
      ['an empty object', '{}', jsonHeaders],
      ['malformed JSON', '{"a":', jsonHeaders],
      ['single-quoted JSON', "{'a': 1}", jsonHeaders],
      ['trailing garbage', '{}x', jsonHeaders],
      ['a __proto__ key', '{"__proto__":{"polluted":true}}', jsonHeaders],
      ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}', jsonHeaders],
      ['a NUL in a key', '{"a\\u0000b":1}', jsonHeaders],
      ['nesting 3000 deep', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, jsonHeaders],
      ['arrays 3000 deep', `${'['.repeat(3000)}${']'.repeat(3000)}`, jsonHeaders],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), jsonHeaders],
      ['an unknown encoding', '{}', { ...jsonHeaders, 'Content-Encoding': 'br2' }],
      ['broken gzip', 'not gzip at all', { ...jsonHeaders, 'Content-Encoding': 'gzip' }],
    ];
    for (const [what, body, headers] of wholeBodies) attempts.push({ op, what, path: valid, auth: deep, body, headers });
    return attempts;
  }

  function problemOf(attempt: Attempt, res: AnswerLike): string | null {
    if (res.status >= 500) return `answered ${res.status}`;
    if (res.status >= 400) {
      const shape = errorShapeProblem(res);
      if (shape) return shape;
    }
    if (!res.headers['permissions-policy']) return 'no Permissions-Policy header';
    const path = attempt.path.split('?')[0];
    const signedIn = attempt.auth !== 'none';
    if ((path === '/api' || path.startsWith('/api/')) && (signedIn || res.headers['set-cookie']) && res.headers['cache-control'] !== 'no-store') {
      return `Cache-Control "${res.headers['cache-control']}" on a signed-in or cookie-setting answer`;
    }
    return null;
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    pushService = await new LocalPushService().listen();
    browser = new FakeBrowser(pushService.endpoint('/fuzz'));
    // One fan through the real sign-up; the admin and a second fan inserted (ADMIN_EMAILS names a
    // single address for the whole run, which other suites may sign up with: the role is granted here).
    const signedUp = await createVerifiedUser(sys);
    fan = { id: signedUp.id, username: signedUp.username, auth: bearer(signedUp.token) };
    [admin, requester] = await insertVerifiedUsers(sys, 2, 'fuzz', { onboarded: true });
    await grantAdminRole(sys, admin.id);

    const countries = (await sys.http.get('/api/onboarding/countries/').set(fan.auth).expect(200)).body.data as { id: number; name: string }[];
    const countryId = countries.find((c) => c.name === 'England')!.id;
    const clubs = await sys.http.get('/api/onboarding/clubs/').query({ search: 'arsen', country_id: countryId }).set(fan.auth).expect(200);
    const clubId = clubs.body.data[0].id as number;
    await sys.http.post('/api/onboarding/complete/').set(fan.auth).send({ country_id: countryId, club_id: clubId }).expect(200);

    season = seasonSlice('2024-25/en.1.json', [1, 2], 'English Premier League 2073/74'); // a season no other suite imports
    await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season, shift_to_now: true, activate: true }).expect(201);
    const [fixture]: { id: number; gameweek_id: number }[] = await sys.db.query(
      `SELECT f.id, f.gameweek_id FROM fixtures f JOIN seasons s ON s.id = f.season_id AND s.is_active ORDER BY f.kickoff_at DESC LIMIT 1`,
    );

    const created = await sys.http.post('/api/leagues/').set(fan.auth).send({ name: 'Fuzz Private', type: 'private' }).expect(201);
    const publicLeague = await sys.http.post('/api/leagues/').set(fan.auth).send({ name: 'Fuzz Public', type: 'public' }).expect(201);
    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'public', league_id: publicLeague.body.data.id }).expect(200);
    const feed = (await sys.http.get('/api/calendar/feed/').set(fan.auth).expect(200)).body.data as { url: string };
    world = {
      privateLeagueId: created.body.data.id,
      publicLeagueId: publicLeague.body.data.id,
      inviteCode: created.body.data.code,
      fixtureId: fixture.id,
      gameweekId: fixture.gameweek_id,
      countryId,
      clubId,
      feedUrl: feed.url,
      feedFile: feed.url.split('/').pop()!,
    };
  });

  afterAll(async () => {
    agent.destroy();
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await pushService?.close();
    await sys?.close();
  });

  it('refuses an explicit null where null means nothing with a 400 naming the field, and changes nothing (issue 33: it was a 500)', async () => {
    const calls: [string, string, AuthName, unknown, string][] = [
      ['post', '/api/calendar/feed/rotate/', 'fan', { replaces: null }, 'replaces'],
      ['post', `/api/leagues/${world.privateLeagueId}/regenerate-code/`, 'fan', { replaces: null }, 'replaces'],
      ['post', '/api/admin/seasons/import', 'admin', { season, league_code: null }, 'league_code'],
      ['post', '/api/leagues/', 'fan', { name: 'Fuzz Null', type: 'private', max_members: null }, 'max_members'],
      ['post', '/api/leagues/', 'fan', { name: 'Fuzz Null', type: 'private', description: null }, 'description'],
      ['put', '/api/auth/preferences/', 'fan', { preferences: { theme: null } }, 'preferences.theme'],
    ];
    for (const [method, path, auth, body, field] of calls) {
      const res = await send(method, path, { ...authHeaders(auth), 'Content-Type': 'application/json' }, JSON.stringify(body));
      expect([path, res.status, errorShapeProblem(res, 400)]).toEqual([path, 400, null]);
      expect([path, Object.keys((res.body as { errors: object }).errors)]).toEqual([path, [field]]);
    }
    const feed = (await sys.http.get('/api/calendar/feed/').set(fan.auth).expect(200)).body.data as { url: string };
    expect(feed.url).toBe(world.feedUrl);
    const league = (await sys.http.get(`/api/leagues/${world.privateLeagueId}/`).set(fan.auth).expect(200)).body.data as { code: string };
    expect(league.code).toBe(world.inviteCode);
  });

  it('answers no call with a 5xx, every 4xx in the error shape, with the security headers', async () => {
    const docs = await send('get', '/api/docs-json', {});
    expect(docs.status).toBe(200);
    const doc = docs.body as OpenApi;
    const ops = operationsOf(doc);
    // A document that lost its routes would make this test pass on nothing.
    expect(ops.length).toBeGreaterThanOrEqual(75);
    expect(ops.filter((op) => op.body).length).toBeGreaterThanOrEqual(20);

    const random = seededRandom(SEED);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = Date.now();
    for (const op of ops) {
      for (const attempt of attemptsFor(op, doc.components.schemas, random)) {
        const headers = { ...authHeaders(attempt.auth), ...(attempt.headers ?? {}) };
        let res: AnswerLike;
        try {
          res = await send(op.method, attempt.path, headers, attempt.body);
        } catch (error) {
          problems.push(`${op.method.toUpperCase()} ${op.template} [${attempt.what}] as ${attempt.auth}: ${(error as Error).message}`);
          continue;
        }
        sent += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = problemOf(attempt, res);
        if (problem) problems.push(`${op.method.toUpperCase()} ${op.template} [${attempt.what}] as ${attempt.auth}: ${problem} — ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    process.stdout.write(`fuzz: ${ops.length} operations, ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${histogram}\n`);
    expect(sent).toBeGreaterThan(2000);
    expect(problems.slice(0, 40)).toEqual([]);
    expect(problems.length).toBe(0);
  });
});
