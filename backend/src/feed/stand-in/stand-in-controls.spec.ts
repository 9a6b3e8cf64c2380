import { checkDayWindow, checkDownBody, checkFailBody, checkPatchBody, deepMerge, inDayWindow, matchIdOf } from './stand-in-controls';

describe('stand-in control bodies', () => {
  it('takes a fault kind with an optional count', () => {
    expect(checkFailBody({ kind: '429' })).toEqual({ ok: true, value: { kind: '429', times: 1 } });
    expect(checkFailBody({ kind: 'timeout', times: 3 })).toEqual({ ok: true, value: { kind: 'timeout', times: 3 } });
  });

  it.each([null, [], 'timeout', { kind: 'teapot' }, { kind: '500', times: 0 }, { kind: '500', times: 1.5 }, { kind: '500', times: '2' }, { kind: '500', times: 5000 }])(
    'refuses the fault body %j',
    (body) => {
      expect(checkFailBody(body)).toEqual({ ok: false, problem: expect.any(String) });
    },
  );

  it('takes a down time in whole milliseconds, up to a day', () => {
    expect(checkDownBody({ ms: 1500 })).toEqual({ ok: true, value: { ms: 1500 } });
    for (const body of [{}, { ms: 0 }, { ms: -5 }, { ms: 2.5 }, { ms: 90_000_000 }, { ms: '100' }, 'down']) expect(checkDownBody(body).ok).toBe(false);
  });

  it('takes a patch that is an object and does not change the id', () => {
    expect(checkPatchBody({ status: 'SUSPENDED' })).toEqual({ ok: true, value: { status: 'SUSPENDED' } });
    expect(checkPatchBody([1])).toEqual({ ok: false, problem: expect.stringMatching(/object/) });
    expect(checkPatchBody({ id: 5 })).toEqual({ ok: false, problem: 'id: a patch cannot change the match id' });
  });

  it('reads a match id from a path', () => {
    expect(matchIdOf('537327')).toBe(537327);
    for (const text of ['0', '-1', '1.5', 'abc', '99999999999', '']) expect(matchIdOf(text)).toBeNull();
  });

  it('merges a patch: nested objects merge, arrays and values replace, null sets null', () => {
    const match = { status: 'IN_PLAY', score: { fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 } }, referees: [1, 2] };
    expect(deepMerge(match, { status: 'PAUSED', score: { fullTime: { away: 1 } }, referees: [] })).toEqual({
      status: 'PAUSED',
      score: { fullTime: { home: 1, away: 1 }, halfTime: { home: 0, away: 0 } },
      referees: [],
    });
    expect(deepMerge(match, { score: { halfTime: null } })).toEqual({ ...match, score: { ...match.score, halfTime: null } });
    expect(match.score.fullTime.away).toBe(0);
  });
});

describe('the matches query', () => {
  const query = (q: string) => checkDayWindow(new URLSearchParams(q));

  it('takes both days or neither', () => {
    expect(query('')).toEqual({ ok: true, value: { from: null, to: null } });
    expect(query('dateFrom=2026-06-28&dateTo=2026-06-30')).toEqual({ ok: true, value: { from: '2026-06-28', to: '2026-06-30' } });
    expect(query('dateFrom=2026-06-28')).toEqual({ ok: false, problem: 'dateFrom and dateTo go together: give both or neither.' });
  });

  it.each(['dateFrom=2026-02-30&dateTo=2026-03-01', 'dateFrom=28-06-2026&dateTo=2026-06-30', 'dateFrom=2026-07-01&dateTo=2026-06-30'])('refuses %s', (q) => {
    expect(query(q).ok).toBe(false);
  });

  it('keeps matches of the window days, in UTC', () => {
    const window = { from: '2026-06-28', to: '2026-06-29' };
    expect(inDayWindow('2026-06-28T00:00:00Z', window)).toBe(true);
    expect(inDayWindow('2026-06-29T23:59:59Z', window)).toBe(true);
    expect(inDayWindow('2026-06-30T00:00:00Z', window)).toBe(false);
    expect(inDayWindow('2020-01-01T00:00:00Z', { from: null, to: null })).toBe(true);
  });
});
