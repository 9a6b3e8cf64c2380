import { sampleMatch } from '../football-data/football-data.spec-helpers';
import { checkFootballDataAnswer } from '../football-data/football-data.schema';
import { breachingAnswer, budgetAt, competitionInfoOf, matchesAnswer, seasonOf, type BudgetState } from './stand-in-answer';

describe('the matches answer', () => {
  // As the replay makes them: without area, competition and season nodes.
  const opener = sampleMatch({ id: 1, utcDate: '2026-06-11T19:00:00Z', matchday: 1, area: undefined, competition: undefined, season: undefined });
  const later = sampleMatch(
    { id: 2, utcDate: '2026-06-18T19:00:00Z', matchday: 2, status: 'TIMED', area: undefined, competition: undefined, season: undefined },
    { winner: null, fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
  );

  it('lists the window, in kick-off order, with the competition, result set and season nodes', () => {
    const answer = matchesAnswer('WC', [later, opener], { from: null, to: null });
    expect(answer.matches.map((m) => m.id)).toEqual([1, 2]);
    expect(answer.resultSet).toEqual({ count: 2, first: '2026-06-11', last: '2026-06-18', played: 1 });
    expect(answer.competition).toMatchObject({ id: 2000, code: 'WC', name: 'FIFA World Cup' });
    expect(answer.matches[1].season).toEqual({ id: expect.any(Number), startDate: '2026-06-11', endDate: '2026-06-18', currentMatchday: 1 });
    expect(checkFootballDataAnswer(JSON.parse(JSON.stringify(answer))).ok).toBe(true);

    const window = matchesAnswer('WC', [later, opener], { from: '2026-06-18', to: '2026-06-18' });
    expect(window.matches.map((m) => m.id)).toEqual([2]);
    expect(window.filters).toMatchObject({ dateFrom: '2026-06-18', dateTo: '2026-06-18' });
    expect(window.resultSet).toMatchObject({ count: 1, played: 0 });
  });

  it('keeps the nodes a scripted match brings', () => {
    const own = sampleMatch({ id: 3 });
    expect(matchesAnswer('WC', [own], { from: null, to: null }).matches[0].season).toEqual(own.season);
  });

  it('makes a stable competition for a code football-data has not here', () => {
    expect(competitionInfoOf('XYZ')).toEqual(competitionInfoOf('XYZ'));
    expect(competitionInfoOf('XYZ').competition).toMatchObject({ code: 'XYZ', name: 'XYZ' });
  });

  it("tells the season's current matchday: the latest started match's", () => {
    expect(seasonOf('WC', [opener, later]).currentMatchday).toBe(1);
    expect(seasonOf('WC', [{ ...opener, status: 'TIMED' }, later]).currentMatchday).toBe(1);
    expect(seasonOf('WC', [opener, { ...later, status: 'IN_PLAY' }]).currentMatchday).toBe(2);
  });

  it('breaks the schema on purpose where the adapter must see it', () => {
    const broken = breachingAnswer(matchesAnswer('WC', [opener], { from: null, to: null }));
    expect(checkFootballDataAnswer(broken)).toEqual({ ok: false, problem: 'matches[0].score.fullTime.home: expected a whole number 0–99' });
    expect(checkFootballDataAnswer(breachingAnswer(matchesAnswer('WC', [], { from: null, to: null }))).ok).toBe(false);
  });
});

describe('the request budget', () => {
  const start: BudgetState = { windowStartMs: null, used: 0 };

  it('allows N requests a minute from the first, then refuses until the minute is over', () => {
    let state = start;
    const t0 = 1_000_000;
    for (let i = 1; i <= 3; i++) {
      const spent = budgetAt(state, 3, t0 + i * 1000, true);
      expect(spent).toMatchObject({ allowed: true, left: 3 - i });
      state = spent.state;
    }
    const over = budgetAt(state, 3, t0 + 20_500, true);
    expect(over).toMatchObject({ allowed: false, left: 0, resetSeconds: 41 });
    expect(budgetAt(over.state, 3, t0 + 61_000, true)).toMatchObject({ allowed: true, left: 2, resetSeconds: 60 });
  });

  it('tells without spending', () => {
    expect(budgetAt(start, 10, 5, false)).toMatchObject({ allowed: true, left: 10, resetSeconds: 60, state: start });
  });
});
