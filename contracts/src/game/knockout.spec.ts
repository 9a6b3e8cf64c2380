import fc from 'fast-check';
import {
  ADVANCE_POINTS,
  Goals,
  ImpossibleScoreError,
  KnockoutScore,
  TieLeg,
  advancePickPoints,
  advancePickSqlCase,
  hasAdvancePick,
  matchWinner,
  predictionScore,
  tieWinner,
} from './knockout';
import { scorePrediction } from './scoring';

const impossible = (field: string) => expect.objectContaining({ name: 'ImpossibleScoreError', field });

describe('predictionScore: the score a prediction is scored against', () => {
  it('is the 90-minute score; extra time and penalties never change a prediction’s points', () => {
    // Germany 1–1 Paraguay after 90 minutes, 1–1 after extra time, 3–4 on penalties (World Cup 2026, match 74).
    const germanyParaguay = { ft: [1, 1], et: [1, 1], p: [3, 4] } as const;
    const ft = predictionScore(germanyParaguay)!;
    expect(ft).toEqual([1, 1]);
    expect(scorePrediction({ predictedHome: 1, predictedAway: 1, actualHome: ft[0], actualAway: ft[1] })).toEqual({ outcome: 'exact', points: 30 });

    // Spain 0–0 Argentina after 90 minutes, 1–0 after extra time (the final): 1–0 was not the result.
    const final = predictionScore({ ft: [0, 0], et: [1, 0] })!;
    expect(scorePrediction({ predictedHome: 1, predictedAway: 0, actualHome: final[0], actualAway: final[1] })).toEqual({ outcome: 'wrong', points: 0 });
    expect(scorePrediction({ predictedHome: 2, predictedAway: 2, actualHome: final[0], actualAway: final[1] })).toEqual({ outcome: 'correct', points: 15 });
  });

  it('is null without a full-time score, and refuses an impossible one', () => {
    expect(predictionScore({})).toBeNull();
    expect(predictionScore({ ft: null })).toBeNull();
    expect(() => predictionScore({ ft: [-1, 0] })).toThrow(impossible('ft'));
  });
});

describe('matchWinner (a single match)', () => {
  it.each<[string, KnockoutScore, 'home' | 'away' | null]>([
    ['won in 90 minutes (home)', { ft: [2, 1] }, 'home'],
    ['won in 90 minutes (away)', { ft: [0, 1] }, 'away'],
    ['won in extra time, et cumulative', { ft: [2, 2], et: [3, 2] }, 'home'],
    ['won in extra time by the away side', { ft: [1, 1], et: [1, 2] }, 'away'],
    ['won on penalties after a goalless extra time', { ft: [1, 1], et: [1, 1], p: [3, 4] }, 'away'],
    ['won on penalties after goals in extra time', { ft: [0, 0], et: [2, 2], p: [5, 4] }, 'home'],
    ['not played yet', {}, null],
    ['a draw with nothing after it (a group match, or extra time still to come)', { ft: [1, 1] }, null],
    ['level after extra time, shoot-out not recorded yet', { ft: [1, 1], et: [2, 2] }, null],
    ['null parts count as absent', { ft: [1, 0], et: null, p: null }, 'home'],
  ])('%s', (_label, score, expected) => {
    expect(matchWinner(score)).toBe(expected);
  });

  it.each<[string, KnockoutScore, string]>([
    ['penalties without extra time', { ft: [1, 1], p: [4, 3] }, 'p'],
    ['a drawn shoot-out (the Champions League file writes two of them 4–4)', { ft: [1, 1], et: [1, 1], p: [4, 4] }, 'p'],
    ['extra time below full time', { ft: [2, 2], et: [1, 2] }, 'et'],
    ['extra time after a decided 90 minutes', { ft: [2, 1], et: [2, 1] }, 'et'],
    ['penalties after a decided 90 minutes', { ft: [2, 1], p: [4, 3] }, 'p'],
    ['penalties after a decided extra time', { ft: [1, 1], et: [2, 1], p: [4, 3] }, 'p'],
    ['extra time without a full-time score', { et: [1, 0] }, 'ft'],
    ['a negative score', { ft: [-1, 0] }, 'ft'],
    ['a fractional score', { ft: [1.5, 0] }, 'ft'],
    ['a negative shoot-out', { ft: [0, 0], et: [0, 0], p: [-1, 3] }, 'p'],
  ])('refuses %s with a typed error', (_label, score, field) => {
    expect(() => matchWinner(score)).toThrow(ImpossibleScoreError);
    expect(() => matchWinner(score)).toThrow(impossible(field));
  });

  const goals = fc.tuple(fc.nat(9), fc.nat(9));
  it('agrees with the 90-minute result whenever 90 minutes decided it, and names the side ahead at the end', () => {
    fc.assert(
      fc.property(goals, goals, goals, ([h, a], [eh, ea], [ph, pa]) => {
        if (h !== a) expect(matchWinner({ ft: [h, a] })).toBe(h > a ? 'home' : 'away');
        const et: Goals = [h + eh, h + ea];
        const p: Goals | undefined = eh === ea && ph !== pa ? [ph, pa] : undefined;
        const winner = matchWinner({ ft: [h, h], et, p });
        if (eh !== ea) expect(winner).toBe(eh > ea ? 'home' : 'away');
        else if (p) expect(winner).toBe(ph > pa ? 'home' : 'away');
        else expect(winner).toBeNull();
      }),
    );
  });

  it('is symmetric: swapping the sides swaps the winner', () => {
    const swap = (g: Goals | undefined): Goals | undefined => (g ? [g[1], g[0]] : undefined);
    fc.assert(
      fc.property(goals, goals, goals, ([h, a], [eh, ea], [ph, pa]) => {
        const ft: Goals = [h, h];
        const score = { ft: h === a ? ft : ([h, a] as Goals), et: h === a ? ([h + eh, h + ea] as Goals) : undefined, p: h === a && eh === ea && ph !== pa ? ([ph, pa] as Goals) : undefined };
        const winner = matchWinner(score);
        const swapped = matchWinner({ ft: swap(score.ft), et: swap(score.et), p: swap(score.p) });
        expect(swapped).toBe(winner === null ? null : winner === 'home' ? 'away' : 'home');
      }),
    );
  });
});

describe('tieWinner (a two-legged tie, by aggregate)', () => {
  const leg = (home: string, away: string, score: KnockoutScore): TieLeg => ({ home, away, score });

  it('goes through on the aggregate of both legs’ 90 minutes, teams by identity as home and away swap', () => {
    // Arsenal 3–0 Real Madrid, Real Madrid 1–2 Arsenal: Arsenal 5–1 (Champions League 2024/25 quarter-final).
    expect(tieWinner(leg('Arsenal', 'Real Madrid', { ft: [3, 0] }), leg('Real Madrid', 'Arsenal', { ft: [1, 2] }))).toBe('Arsenal');
    // A lost first leg turned round in the second.
    expect(tieWinner(leg('A', 'B', { ft: [2, 0] }), leg('B', 'A', { ft: [3, 0] }))).toBe('B');
    // The same home team in both legs (a neutral ground) is the same tie.
    expect(tieWinner(leg('A', 'B', { ft: [1, 0] }), leg('A', 'B', { ft: [0, 0] }))).toBe('A');
  });

  it('has no away-goals rule: level on aggregate goes to extra time whoever scored away', () => {
    // A won 2–1 away, lost 0–1 at home: 2–2 on aggregate, two away goals to one, still level.
    expect(tieWinner(leg('B', 'A', { ft: [1, 2] }), leg('A', 'B', { ft: [0, 1] }))).toBeNull();
  });

  it('adds the second leg’s extra time to the aggregate (its et replaces its ft)', () => {
    // 1–0 to A in leg 1; B wins leg 2 1–0 after 90, 1–1 after extra time: A 2–1 on aggregate.
    expect(tieWinner(leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], et: [1, 1] }))).toBe('A');
    // The same leg 2 with B scoring in extra time: B 2–1.
    expect(tieWinner(leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], et: [2, 0] }))).toBe('B');
  });

  it('then goes to the second leg’s penalties', () => {
    // Paris Saint-Germain beat Liverpool on penalties (the real score was 4–1; the file writes 4–4).
    const psgLiverpool = leg('Paris Saint-Germain', 'Liverpool', { ft: [0, 1] });
    expect(tieWinner(psgLiverpool, leg('Liverpool', 'Paris Saint-Germain', { ft: [0, 1], et: [0, 1], p: [1, 4] }))).toBe('Paris Saint-Germain');
    expect(() => tieWinner(psgLiverpool, leg('Liverpool', 'Paris Saint-Germain', { ft: [0, 1], et: [0, 1], p: [4, 4] }))).toThrow(impossible('p'));
  });

  it('is undecided while a leg has no score or the level aggregate has no extra time or shoot-out yet', () => {
    expect(tieWinner(leg('A', 'B', {}), leg('B', 'A', {}))).toBeNull();
    expect(tieWinner(leg('A', 'B', { ft: [3, 0] }), leg('B', 'A', {}))).toBeNull();
    expect(tieWinner(leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0] }))).toBeNull();
    expect(tieWinner(leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], et: [2, 1] }))).toBeNull();
  });

  it.each<[string, TieLeg, TieLeg, string]>([
    ['legs between other teams', leg('A', 'B', { ft: [1, 0] }), leg('B', 'C', { ft: [1, 0] }), 'teams'],
    ['a team playing itself', leg('A', 'A', { ft: [1, 0] }), leg('A', 'A', { ft: [1, 0] }), 'teams'],
    ['extra time in a first leg', leg('A', 'B', { ft: [1, 1], et: [2, 1] }), leg('B', 'A', { ft: [0, 0] }), 'et'],
    ['extra time after an aggregate decided in 90 minutes', leg('A', 'B', { ft: [2, 0] }), leg('B', 'A', { ft: [1, 1], et: [1, 1] }), 'et'],
    ['penalties after an aggregate decided in 90 minutes', leg('A', 'B', { ft: [2, 0] }), leg('B', 'A', { ft: [1, 1], p: [4, 2] }), 'p'],
    ['penalties without extra time', leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], p: [4, 2] }), 'p'],
    ['extra time below full time in leg 2', leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], et: [0, 0] }), 'et'],
    ['penalties after a decided extra time', leg('A', 'B', { ft: [1, 0] }), leg('B', 'A', { ft: [1, 0], et: [2, 0], p: [3, 2] }), 'p'],
  ])('refuses %s', (_label, leg1, leg2, field) => {
    expect(() => tieWinner(leg1, leg2)).toThrow(impossible(field));
  });

  it('agrees with the single-match rule when the first leg is goalless (the tie is then leg 2 alone)', () => {
    const goals = fc.tuple(fc.nat(6), fc.nat(6));
    fc.assert(
      fc.property(goals, goals, goals, ([h, a], [eh, ea], [ph, pa]) => {
        const ft: Goals = [h, a];
        const et: Goals | undefined = h === a ? [h + eh, a + ea] : undefined;
        const p: Goals | undefined = h === a && eh === ea && ph !== pa ? [ph, pa] : undefined;
        const single = matchWinner({ ft, et, p });
        const tie = tieWinner(leg('Away', 'Home', { ft: [0, 0] }), leg('Home', 'Away', { ft, et, p }));
        expect(tie).toBe(single === null ? null : single === 'home' ? 'Home' : 'Away');
      }),
    );
  });

  it('names the team ahead on aggregate whenever 90 minutes of both legs decide it, in either leg order', () => {
    const goals = fc.tuple(fc.nat(6), fc.nat(6));
    fc.assert(
      fc.property(goals, goals, ([a1, b1], [b2, a2]) => {
        fc.pre(a1 + a2 !== b1 + b2);
        const expected = a1 + a2 > b1 + b2 ? 'A' : 'B';
        expect(tieWinner(leg('A', 'B', { ft: [a1, b1] }), leg('B', 'A', { ft: [b2, a2] }))).toBe(expected);
        expect(tieWinner(leg('B', 'A', { ft: [b2, a2] }), leg('A', 'B', { ft: [a1, b1] }))).toBe(expected);
      }),
    );
  });
});

describe('hasAdvancePick', () => {
  it('is on a single knockout match and on a tie’s second leg only', () => {
    expect(hasAdvancePick({ knockout: true, leg: null })).toBe(true);
    expect(hasAdvancePick({ knockout: true, leg: 2 })).toBe(true);
    expect(hasAdvancePick({ knockout: true, leg: 1 })).toBe(false);
    expect(hasAdvancePick({ knockout: false, leg: null })).toBe(false);
  });
});

describe('advancePickPoints', () => {
  it('gives ADVANCE_POINTS (10) for a right pick, 0 for a wrong one or none', () => {
    expect(ADVANCE_POINTS).toBe(10);
    expect(advancePickPoints('home', 'home')).toBe(10);
    expect(advancePickPoints('away', 'home')).toBe(0);
    expect(advancePickPoints(null, 'home')).toBe(0);
    expect(advancePickPoints('Arsenal', 'Arsenal')).toBe(10);
    expect(advancePickPoints('Real Madrid', 'Arsenal')).toBe(0);
  });

  it('is never doubled by the banker', () => {
    expect(advancePickPoints('home', 'home', { isBanker: true })).toBe(ADVANCE_POINTS);
    expect(advancePickPoints('away', 'home', { isBanker: true })).toBe(0);
  });

  it('is 0 for a void match, banker or not, and null while who goes through is unknown', () => {
    expect(advancePickPoints('home', 'home', { isVoid: true })).toBe(0);
    expect(advancePickPoints('home', null, { isVoid: true, isBanker: true })).toBe(0);
    expect(advancePickPoints('home', null)).toBeNull();
    expect(advancePickPoints(null, null)).toBeNull();
  });

  it('adds to the score prediction’s points, where only the banker doubles the score part', () => {
    // Banker on 1–1 after 90 minutes, exact (30 × 2), and away goes through on penalties (10, not doubled).
    const score = { ft: [1, 1], et: [1, 1], p: [3, 4] } as const;
    const ft = predictionScore(score)!;
    const scorePoints = scorePrediction({ predictedHome: 1, predictedAway: 1, actualHome: ft[0], actualAway: ft[1], isBanker: true }).points;
    expect(scorePoints + advancePickPoints('away', matchWinner(score), { isBanker: true })!).toBe(70);
  });
});

describe('advancePickSqlCase', () => {
  it('spells the same rule with the same constant, and no banker term', () => {
    expect(advancePickSqlCase({ pick: 'p.advance_pick', actual: 'f.advanced', isVoid: "f.status = 'postponed'" })).toBe(
      [
        '(CASE',
        "  WHEN COALESCE((f.status = 'postponed'), FALSE) THEN 0",
        '  WHEN (f.advanced) IS NULL THEN NULL',
        `  WHEN (p.advance_pick) IS NOT NULL AND (p.advance_pick) = (f.advanced) THEN ${ADVANCE_POINTS}`,
        '  ELSE 0',
        'END)',
      ].join('\n'),
    );
    const withoutVoid = advancePickSqlCase({ pick: 'p.advance_pick', actual: 'f.advanced' });
    expect(withoutVoid).not.toContain('COALESCE');
    expect(withoutVoid).not.toMatch(/banker|\* 2/i);
  });

  it('rejects fragments that look like injected SQL', () => {
    expect(() => advancePickSqlCase({ pick: '1; DROP TABLE predictions', actual: 'a' })).toThrow(/pick/);
    expect(() => advancePickSqlCase({ pick: 'p', actual: 'a -- x' })).toThrow(/actual/);
    expect(() => advancePickSqlCase({ pick: 'p', actual: 'a', isVoid: ' ' })).toThrow(/isVoid/);
  });
});
