import { join } from 'node:path';
import { FootballDataProvider } from '@scoreline/backend/feed/football-data/football-data.provider';
import { sampleMatch } from '@scoreline/backend/feed/football-data/football-data.spec-helpers';
import { ProviderFailure, type ProviderAnswer, type ProviderFailureKind, type ProviderMatch } from '@scoreline/backend/feed/provider';
import { startFootballDataStandIn, type FootballDataStandIn } from '@scoreline/backend/feed/stand-in/stand-in';

/**
 * The football-data adapter against its local stand-in, over real HTTP on 127.0.0.1: a replayed
 * World Cup match day read at chosen instants of a clock the test moves, every fault the stand-in
 * can play, the token check, the budget, the control routes, and a clean stop. No app, no database.
 */

const DATA = join(__dirname, '../../data/openfootball/2026');
const TOKEN = 'stand-in-test-token';
const MIN = 60_000;
// Round of 32 on 2026-06-29 (UTC): Brazil v Japan 17:00 (2–1), Germany v Paraguay 20:30 (1–1, 1–1 a.e.t., 3–4 on penalties).
const DAY = { from: new Date('2026-06-29T00:00:00Z'), to: new Date('2026-06-29T00:00:00Z') };
const GER_PAR_KICKOFF = Date.parse('2026-06-29T20:30:00Z');

async function failureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function expectFailure(promise: Promise<unknown>, kind: ProviderFailureKind): Promise<ProviderFailure> {
  const failure = await failureOf(promise);
  expect(failure.kind).toBe(kind);
  return failure;
}

const byName = (answer: ProviderAnswer, home: string): ProviderMatch => {
  const m = answer.matches.find((x) => x.home.name === home);
  if (!m) throw new Error(`no match of ${home} in ${JSON.stringify(answer.matches.map((x) => x.home.name))}`);
  return m;
};

/** Sockets and servers open in this process (what a stand-in that did not stop cleanly leaves). */
const openTcp = () => process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')).length;

describe('FootballDataProvider against the football-data stand-in', () => {
  let nowMs = Date.parse('2026-06-29T16:30:00Z');
  const clock = () => nowMs;
  const log: string[] = [];
  let standIn: FootballDataStandIn;
  let provider: FootballDataProvider;
  let tcpBefore = 0;

  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${standIn.url.replace(/\/v4$/, '')}/__stand-in/${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    tcpBefore = openTcp();
    standIn = await startFootballDataStandIn({ port: 0, token: TOKEN, requestsPerMinute: 1000, now: clock, log: (line) => log.push(line) });
    standIn.replay('WC', join(DATA, 'worldcup.json'), { shiftMs: 0, squadsFile: join(DATA, 'worldcup.squads.json') });
    provider = new FootballDataProvider({ baseUrl: standIn.url, token: TOKEN, timeoutMs: 5000 });
  });

  afterAll(async () => {
    await standIn?.stop();
  });

  it('binds to 127.0.0.1 on a free port, under /v4', () => {
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v4$/);
  });

  describe('a replayed match day read at several instants', () => {
    it('16:30: both matches TIMED, the sides known (the group stage is over), the budget told', async () => {
      nowMs = Date.parse('2026-06-29T16:30:00Z');
      const answer = await provider.matches('WC', DAY);
      expect(answer.matches.map((m) => [m.home.name, m.away.name, m.status, m.kickoffAt.toISOString()])).toEqual([
        ['Brazil', 'Japan', 'scheduled', '2026-06-29T17:00:00.000Z'],
        ['Germany', 'Paraguay', 'scheduled', '2026-06-29T20:30:00.000Z'],
      ]);
      expect(byName(answer, 'Germany')).toMatchObject({ stage: 'LAST_32', matchday: null, home: { tla: 'GER' }, away: { tla: 'PAR' }, regularTime: null });
      expect(answer.requestsLeft).toEqual(expect.any(Number));
      expect(answer.resetSeconds).toEqual(expect.any(Number));
    });

    it('21:13: Brazil v Japan finished 2–1; Germany v Paraguay live, 0–1 in the 43rd minute', async () => {
      nowMs = GER_PAR_KICKOFF + 42.5 * MIN;
      const answer = await provider.matches('WC', DAY);
      expect(byName(answer, 'Brazil')).toMatchObject({ status: 'finished', regularTime: { home: 2, away: 1 }, extraTime: null });
      expect(byName(answer, 'Germany')).toMatchObject({ status: 'live', minute: 43, regularTime: { home: 0, away: 1 }, extraTime: null, penalties: null });
    });

    it('at half time: paused', async () => {
      nowMs = GER_PAR_KICKOFF + 50 * MIN;
      expect(byName(await provider.matches('WC', DAY), 'Germany')).toMatchObject({ status: 'paused', regularTime: { home: 0, away: 1 } });
    });

    it('22:50: in the second half of extra time, the 90 minutes kept apart', async () => {
      nowMs = GER_PAR_KICKOFF + 140 * MIN;
      expect(byName(await provider.matches('WC', DAY), 'Germany')).toMatchObject({ status: 'live', minute: 114, regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 }, penalties: null });
    });

    it('during the shoot-out: its running score', async () => {
      nowMs = GER_PAR_KICKOFF + 155 * MIN;
      expect(byName(await provider.matches('WC', DAY), 'Germany')).toMatchObject({ status: 'live', penalties: { home: 2, away: 1 } });
    });

    it('23:35: finished, Paraguay through 4–3 on penalties, read back exactly as the file has it', async () => {
      nowMs = GER_PAR_KICKOFF + 185 * MIN;
      expect(byName(await provider.matches('WC', DAY), 'Germany')).toMatchObject({
        status: 'finished',
        minute: null,
        regularTime: { home: 1, away: 1 },
        extraTime: { home: 1, away: 1 },
        penalties: { home: 3, away: 4 },
      });
    });

    it('answers only the window asked', async () => {
      const next = await provider.matches('WC', { from: new Date('2026-07-19T00:00:00Z'), to: new Date('2026-07-19T00:00:00Z') });
      expect(next.matches.map((m) => m.stage)).toEqual(['FINAL']);
      // The final's sides are not known on 29 June.
      expect(next.matches[0].home).toEqual({ id: null, name: null, shortName: null, tla: null });
    });
  });

  describe('faults', () => {
    it("'429': rate-limited, with the wait the provider's header says", async () => {
      const state = (await (await control('GET', 'state')).json()) as { budget: { reset_seconds: number } };
      standIn.fail('429');
      const failure = await expectFailure(provider.matches('WC', DAY), 'rate-limited');
      expect(failure.retryAfterSeconds).toBe(state.budget.reset_seconds);
      expect(failure.message).toContain(`Wait ${state.budget.reset_seconds} seconds`);
      // Only the next request failed.
      expect((await provider.matches('WC', DAY)).matches).toHaveLength(2);
    });

    it("'500' twice: unavailable twice, then answers", async () => {
      standIn.fail('500', 2);
      await expectFailure(provider.matches('WC', DAY), 'unavailable');
      await expectFailure(provider.matches('WC', DAY), 'unavailable');
      expect((await provider.matches('WC', DAY)).matches).toHaveLength(2);
    });

    it("'timeout': no answer, the client gives up within its limit", async () => {
      standIn.fail('timeout');
      const impatient = new FootballDataProvider({ baseUrl: standIn.url, token: TOKEN, timeoutMs: 300 });
      const started = Date.now();
      const failure = await expectFailure(impatient.matches('WC', DAY), 'timeout');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(failure.message).toBe('football-data did not answer within 300 ms');
      expect((await provider.matches('WC', DAY)).matches).toHaveLength(2);
    });

    it("'malformed': a 200 that is not JSON is a bad payload", async () => {
      standIn.fail('malformed');
      expect((await expectFailure(provider.matches('WC', DAY), 'bad-payload')).message).toMatch(/not JSON/);
    });

    it("'schema': valid JSON breaking the schema is a bad payload naming the path", async () => {
      standIn.fail('schema');
      expect((await expectFailure(provider.matches('WC', DAY), 'bad-payload')).message).toContain('matches[0].score.fullTime.home: expected a whole number 0–99');
    });

    it('down: requests hang (the client times out) until the time is up, then it answers again', async () => {
      const impatient = new FootballDataProvider({ baseUrl: standIn.url, token: TOKEN, timeoutMs: 300 });
      standIn.down(60_000);
      await expectFailure(impatient.matches('WC', DAY), 'timeout');
      nowMs += 30_000;
      await expectFailure(impatient.matches('WC', DAY), 'timeout');
      nowMs += 30_001;
      expect((await impatient.matches('WC', DAY)).matches).toHaveLength(2);
    });
  });

  describe('the token', () => {
    it('refuses another token, and none, with 403: unauthorized, the token never in the message', async () => {
      const wrong = new FootballDataProvider({ baseUrl: standIn.url, token: 'not-the-token' });
      const failure = await expectFailure(wrong.matches('WC', DAY), 'unauthorized');
      expect(failure.message).not.toContain('not-the-token');
      const bare = await fetch(`${standIn.url}/competitions/WC/matches`);
      expect(bare.status).toBe(403);
      expect(await bare.json()).toEqual({ message: 'Your API token is invalid.', errorCode: 403 });
    });
  });

  describe('control routes', () => {
    it('script a fault over HTTP, and refuse bad bodies with 400', async () => {
      expect((await control('POST', 'fail', { kind: '500' })).status).toBe(200);
      await expectFailure(provider.matches('WC', DAY), 'unavailable');
      for (const [path, body] of [
        ['fail', { kind: 'teapot' }],
        ['fail', { kind: '500', times: -1 }],
        ['down', { ms: 'long' }],
        ['matches/WC', { id: 1 }],
        ['matches/wc', sampleMatch()],
      ] as const) {
        const res = await control('POST', path, body);
        expect([path, res.status]).toEqual([path, 400]);
        expect(await res.json()).toEqual({ error: expect.any(String) });
      }
      const notJson = await fetch(`${standIn.url.replace(/\/v4$/, '')}/__stand-in/fail`, { method: 'POST', body: '{kind' });
      expect(notJson.status).toBe(400);
      expect(log).toContain('control refused: body: not JSON');
    });

    it('put a scripted match into a competition, patch it, refuse a patch that breaks the schema or names no match', async () => {
      const scripted = sampleMatch({ id: 4242, utcDate: '2026-06-29T12:00:00Z', status: 'IN_PLAY', minute: 12 }, { winner: null, fullTime: { home: 0, away: 0 }, halfTime: { home: null, away: null } });
      expect((await control('POST', 'matches/WC', scripted)).status).toBe(200);
      expect((await provider.matches('WC', DAY)).matches.find((m) => m.id === 4242)).toMatchObject({ status: 'live', minute: 12, regularTime: { home: 0, away: 0 } });

      expect((await control('PATCH', 'matches/4242', { minute: 31, score: { fullTime: { home: 1 } } })).status).toBe(200);
      expect((await provider.matches('WC', DAY)).matches.find((m) => m.id === 4242)).toMatchObject({ minute: 31, regularTime: { home: 1, away: 0 } });

      expect((await control('PATCH', 'matches/4242', { score: { fullTime: { home: 120 } } })).status).toBe(400);
      expect((await control('PATCH', 'matches/999', { minute: 1 })).status).toBe(404);
      expect((await control('PATCH', 'matches/abc', { minute: 1 })).status).toBe(400);

      // A replayed match can be patched too: a suspension laid over the replay.
      const gerPar = byName(await provider.matches('WC', DAY), 'Germany');
      standIn.patchMatch(gerPar.id, { status: 'SUSPENDED' });
      expect(byName(await provider.matches('WC', DAY), 'Germany')).toMatchObject({ status: 'suspended', penalties: { home: 3, away: 4 } });
    });

    it('tell the state: requests counted, the competitions served', async () => {
      const state = (await (await control('GET', 'state')).json()) as { requests: number; competitions: { code: string; matches: number; scripted: number }[] };
      expect(state.requests).toBe(standIn.requests);
      expect(state.requests).toBeGreaterThan(20);
      expect(state.competitions).toEqual([expect.objectContaining({ code: 'WC', matches: 105, scripted: 1 })]);
    });

    it('log one line per request: method, path, status', () => {
      expect(log).toContain('GET /v4/competitions/WC/matches?dateFrom=2026-06-29&dateTo=2026-06-29 200');
      expect(log).toContain('GET /v4/competitions/WC/matches?dateFrom=2026-06-29&dateTo=2026-06-29 500');
      expect(log.some((l) => l.includes(TOKEN))).toBe(false);
    });
  });

  describe('the budget', () => {
    it('allows N requests a minute, then answers 429 with its headers until the minute is over', async () => {
      let t = Date.parse('2026-06-29T12:00:00Z');
      const limited = await startFootballDataStandIn({ requestsPerMinute: 2, now: () => t });
      try {
        limited.setMatch('PL', sampleMatch({ id: 7 }));
        const client = new FootballDataProvider({ baseUrl: limited.url, token: 'any' });
        const window = { from: new Date('2026-06-11T00:00:00Z'), to: new Date('2026-06-11T00:00:00Z') };
        expect((await client.matches('PL', window)).requestsLeft).toBe(1);
        t += 15_000;
        expect(await client.matches('PL', window)).toMatchObject({ requestsLeft: 0, resetSeconds: 45 });
        const over = await expectFailure(client.matches('PL', window), 'rate-limited');
        expect(over.retryAfterSeconds).toBe(45);
        t += 45_000;
        expect((await client.matches('PL', window)).matches.map((m) => m.id)).toEqual([7]);
        // A competition it does not serve.
        expect((await expectFailure(client.matches('SA', window), 'unavailable')).message).toMatch(/404/);
      } finally {
        await limited.stop();
      }
    });
  });

  describe('stopping', () => {
    it('stops cleanly, even with a request held open, then the provider is unreachable', async () => {
      const other = await startFootballDataStandIn({ now: clock });
      other.setMatch('PL', sampleMatch({ id: 8 }));
      other.fail('timeout');
      const client = new FootballDataProvider({ baseUrl: other.url, token: 'any', timeoutMs: 5000 });
      const held = failureOf(client.matches('PL', DAY));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await other.stop();
      // The held request ends when its socket is closed, not when the client gives up.
      expect((await held).kind).toBe('unavailable');
      expect((await failureOf(client.matches('PL', DAY))).message).toMatch(/ECONNREFUSED/);
    });

    it('leaves no server or socket open once every stand-in has stopped', async () => {
      await standIn.stop();
      const deadline = Date.now() + 2000;
      while (openTcp() > tcpBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(openTcp()).toBeLessThanOrEqual(tcpBefore);
      standIn = undefined as unknown as FootballDataStandIn;
    });
  });
});
