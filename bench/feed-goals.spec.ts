import { expectedAt, gameweekPoints, goalScript, readShowsGoal, trendOf } from './feed-goals';

describe('goalScript', () => {
  it('scores every match once before any scores again, two home goals to one away, the minute moving on up to 90', () => {
    const script = goalScript(10, 35);
    expect(new Set(script.slice(0, 10).map((g) => g.match)).size).toBe(10);
    expect(new Set(script.slice(10, 20).map((g) => g.match)).size).toBe(10);
    expect(script.slice(0, 3).map((g) => g.side)).toEqual(['home', 'home', 'away']);
    expect(script[0].minute).toBe(2);
    expect(script[34].minute).toBe(90);
    expect(script.map((g) => g.index)).toEqual([...Array(35).keys()]);
  });

  it('keeps every match score after each goal, adding exactly that goal', () => {
    const script = goalScript(10, 12);
    expect(script[0].scores[script[0].match]).toEqual({ home: 1, away: 0 });
    for (const g of script.slice(1)) {
      const before = script[g.index - 1].scores;
      const total = (s: { home: number; away: number }[]) => s.reduce((n, x) => n + x.home + x.away, 0);
      expect(total(g.scores)).toBe(total(before) + 1);
      expect(g.scores[g.match][g.side]).toBe(before[g.match][g.side] + 1);
    }
    // The script's scores are copies: a later goal does not change an earlier one's.
    expect(script[0].scores.reduce((n, s) => n + s.home + s.away, 0)).toBe(1);
  });

  it('works for any number of matches (a stride coprime with it)', () => {
    for (const matches of [1, 3, 7, 21]) {
      const script = goalScript(matches, matches);
      expect(new Set(script.map((g) => g.match)).size).toBe(matches);
    }
    expect(() => goalScript(0, 1)).toThrow('matches');
  });
});

describe('gameweekPoints and expectedAt', () => {
  const picks = [
    { home: 1, away: 0, banker: false }, // exact at 1–0: 20
    { home: 2, away: 1, banker: true }, // right result at 1–0, banker: 20
    { home: 0, away: 0, banker: false }, // exact draw at 0–0: 30
    null, // no pick: nothing
  ];

  it("adds each pick's points at its match's score by the scorer's rule", () => {
    const scores = [
      { home: 1, away: 0 },
      { home: 1, away: 0 },
      { home: 0, away: 0 },
      { home: 5, away: 5 },
    ];
    expect(gameweekPoints(picks, scores)).toBe(70);
    expect(expectedAt(300, picks, scores)).toEqual({ season: 370, gameweek: 70 });
  });

  it('gives a wrong pick nothing', () => {
    const scores = [
      { home: 0, away: 2 },
      { home: 0, away: 2 },
      { home: 1, away: 0 },
      { home: 0, away: 0 },
    ];
    expect(gameweekPoints(picks, scores)).toBe(0);
  });
});

describe('readShowsGoal', () => {
  const points = new Set([40, 50]);

  it('takes a read of a version not older than the stored goal, with points after it', () => {
    expect(readShowsGoal({ points: 40, updatedAt: 1000 }, 1000.9, points)).toBe(true);
    expect(readShowsGoal({ points: 50, updatedAt: 2000 }, 1000.2, points)).toBe(true);
  });

  it('refuses an older version, or points no goal from this one on gives', () => {
    expect(readShowsGoal({ points: 40, updatedAt: 999 }, 1000.2, points)).toBe(false);
    expect(readShowsGoal({ points: 30, updatedAt: 2000 }, 1000.2, points)).toBe(false);
  });
});

describe('trendOf', () => {
  it('is bounded when the last third stays where the first was', () => {
    expect(trendOf([0, 2, 1, 0, 3, 1, 2, 0, 1], 5)).toMatchObject({ first: 1, last: 1, max: 3, grows: false });
    expect(trendOf([10, 12, 11, 14, 13, 12, 15, 14, 13], 5).grows).toBe(false);
  });

  it('grows when a backlog builds up goal after goal', () => {
    expect(trendOf([0, 10, 20, 30, 40, 50, 60, 70, 80], 5)).toMatchObject({ first: 10, last: 70, max: 80, grows: true });
    expect(trendOf([1000, 1100, 1200, 3000, 5000, 7000, 9000, 11000, 13000], 500).grows).toBe(true);
  });

  it('compares nothing with fewer than three samples', () => {
    expect(trendOf([], 5)).toEqual({ first: 0, last: 0, max: 0, grows: false });
    expect(trendOf([0, 100], 5).grows).toBe(false);
  });
});
