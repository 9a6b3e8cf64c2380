import { ProviderFailure, type ProviderFailureKind } from '../provider';
import { FootballDataProvider, failureOfStatus, footballDataCompetitionCodes, rateLimitWaitSeconds } from './football-data.provider';
import { sampleAnswer, sampleMatch, samplePenaltiesMatch } from './football-data.spec-helpers';

const TOKEN = 'secret-token-1234';
const WINDOW = { from: new Date('2026-06-28T00:00:00Z'), to: new Date('2026-06-30T23:59:59Z') };

/** A fetch that answers once with this status, body and headers, and records what it was asked. */
function fakeFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(body, { status, headers });
  }) as typeof fetch;
  return { fn, calls };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderFailure) return error;
    throw new Error(`expected a ProviderFailure, got ${String(error)}`);
  }
  throw new Error('expected a failure');
}

function provider(fetchFn: typeof fetch, timeoutMs?: number) {
  return new FootballDataProvider({ baseUrl: 'http://127.0.0.1:9/v4/', token: TOKEN, fetch: fetchFn, timeoutMs });
}

describe('FootballDataProvider', () => {
  it('asks for the competition and window with the token in its header, and reads matches and budget', async () => {
    const { fn, calls } = fakeFetch(200, JSON.stringify(sampleAnswer([sampleMatch(), samplePenaltiesMatch()])), {
      'X-Requests-Available-Minute': '7',
      'X-RequestCounter-Reset': '42',
    });
    const answer = await provider(fn).matches('WC', WINDOW);
    expect(calls[0].url).toBe('http://127.0.0.1:9/v4/competitions/WC/matches?dateFrom=2026-06-28&dateTo=2026-06-30');
    expect((calls[0].init?.headers as Record<string, string>)['X-Auth-Token']).toBe(TOKEN);
    expect(calls[0].init?.signal).toBeInstanceOf(AbortSignal);
    expect(answer.requestsLeft).toBe(7);
    expect(answer.resetSeconds).toBe(42);
    expect(answer.matches.map((m) => [m.id, m.status, m.regularTime, m.penalties])).toEqual([
      [537327, 'finished', { home: 2, away: 0 }, null],
      [537395, 'finished', { home: 1, away: 1 }, { home: 3, away: 4 }],
    ]);
  });

  it('tells no budget when the headers are missing or unreadable', async () => {
    const { fn } = fakeFetch(200, JSON.stringify(sampleAnswer([])), { 'X-Requests-Available-Minute': 'lots' });
    expect(await provider(fn).matches('PL', WINDOW)).toEqual({ matches: [], requestsLeft: null, resetSeconds: null });
  });

  it.each<[number, string, Record<string, string>, ProviderFailureKind, number | null]>([
    [429, '{"message":"You reached your request limit. Wait 53 seconds.","errorCode":429}', { 'X-RequestCounter-Reset': '41' }, 'rate-limited', 41],
    [429, '{"message":"You reached your request limit. Wait 53 seconds.","errorCode":429}', {}, 'rate-limited', 53],
    [429, 'Too many', {}, 'rate-limited', 60],
    [403, '{"message":"The resource you are looking for is restricted.","errorCode":403}', {}, 'unauthorized', null],
    [401, '{}', {}, 'unauthorized', null],
    [400, '{"message":"Your API token is invalid.","errorCode":400}', {}, 'unauthorized', null],
    [400, '{"message":"dateFrom is after dateTo","errorCode":400}', {}, 'unavailable', null],
    [404, '{"message":"The resource you are looking for does not exist.","errorCode":404}', {}, 'unavailable', null],
    [500, 'oops', {}, 'unavailable', null],
    [503, '<html>', {}, 'unavailable', null],
  ])('answers %i → %s', async (status, body, headers, kind, wait) => {
    const { fn } = fakeFetch(status, body, headers);
    const failure = await failureOf(provider(fn).matches('WC', WINDOW));
    expect(failure.kind).toBe(kind);
    expect(failure.retryAfterSeconds).toBe(wait);
  });

  it('refuses a body that is not JSON, and one that breaks the schema naming where', async () => {
    const html = await failureOf(provider(fakeFetch(200, '<html><body>Bad Gateway</body></html>').fn).matches('WC', WINDOW));
    expect(html.kind).toBe('bad-payload');
    expect(html.message).toMatch(/not JSON/);
    const bad = sampleAnswer([sampleMatch(), sampleMatch({ id: 2 }, { fullTime: { home: 101, away: 0 } })]);
    const breach = await failureOf(provider(fakeFetch(200, JSON.stringify(bad)).fn).matches('WC', WINDOW));
    expect(breach.kind).toBe('bad-payload');
    expect(breach.message).toContain('matches[1].score.fullTime.home: expected a whole number 0–99');
  });

  it('turns a refused connection into unavailable and a time-out into timeout', async () => {
    const refused = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    }) as typeof fetch;
    const down = await failureOf(provider(refused).matches('WC', WINDOW));
    expect([down.kind, down.message]).toEqual(['unavailable', 'football-data cannot be reached (ECONNREFUSED)']);

    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    const slow = await failureOf(provider(hanging, 30).matches('WC', WINDOW));
    expect([slow.kind, slow.message]).toEqual(['timeout', 'football-data did not answer within 30 ms']);
  });

  it('never puts the token in a message, even when the provider echoes it', async () => {
    const { fn } = fakeFetch(403, JSON.stringify({ message: `Token ${TOKEN} is not allowed`, errorCode: 403 }));
    const failure = await failureOf(provider(fn).matches('WC', WINDOW));
    expect(failure.message).not.toContain(TOKEN);
  });
});

describe('football-data rules', () => {
  it('reads the wait of a 429 from the header, else the message, else a minute', () => {
    expect(rateLimitWaitSeconds(12, 'Wait 53 seconds.')).toBe(12);
    expect(rateLimitWaitSeconds(null, 'You reached your request limit. Wait 53 seconds.')).toBe(53);
    expect(rateLimitWaitSeconds(null, null)).toBe(60);
  });

  it('quotes the provider in a failure', () => {
    expect(failureOfStatus(502, 'Bad gateway', null).message).toBe('football-data answered 502: Bad gateway');
  });

  it("maps Scoreline's competitions to football-data's codes", () => {
    expect(footballDataCompetitionCodes()).toEqual({ 'en.1': 'PL', 'de.1': 'BL1', 'es.1': 'PD', 'it.1': 'SA', 'fr.1': 'FL1', 'uefa.cl': 'CL', 'fifa.wc': 'WC' });
  });
});
