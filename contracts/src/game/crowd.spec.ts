import { crowdSplit, exactScorePercent, topScores, wholePercents } from './crowd';

describe('wholePercents', () => {
  it('adds up to 100 by largest remainder', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([2, 1, 0])).toEqual([67, 33, 0]);
    expect(wholePercents([1, 2, 4])).toEqual([14, 29, 57]);
  });

  it('is all zeros without predictions', () => {
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('keeps exact splits exact', () => {
    expect(wholePercents([50, 25, 25])).toEqual([50, 25, 25]);
  });
});

describe('crowdSplit', () => {
  it('sorts scores into home win, draw and away win', () => {
    const split = crowdSplit([
      { home: 2, away: 1, count: 3 },
      { home: 1, away: 1, count: 2 },
      { home: 0, away: 0, count: 1 },
      { home: 0, away: 2, count: 1 },
    ]);
    expect(split).toEqual({ home: 43, draw: 43, away: 14 });
    expect(split.home + split.draw + split.away).toBe(100);
  });
});

describe('topScores', () => {
  it('takes the three most predicted scores with their share', () => {
    expect(
      topScores([
        { home: 0, away: 0, count: 1 },
        { home: 2, away: 1, count: 5 },
        { home: 1, away: 1, count: 3 },
        { home: 1, away: 0, count: 3 },
      ]),
    ).toEqual([
      { home: 2, away: 1, count: 5, percent: 42 },
      { home: 1, away: 0, count: 3, percent: 25 },
      { home: 1, away: 1, count: 3, percent: 25 },
    ]);
  });

  it('breaks equal counts by fewer goals, then the home win first', () => {
    expect(topScores([{ home: 0, away: 1, count: 2 }, { home: 1, away: 0, count: 2 }, { home: 2, away: 2, count: 2 }], 2).map((s) => `${s.home}-${s.away}`)).toEqual(['1-0', '0-1']);
  });

  it('is empty without predictions', () => {
    expect(topScores([])).toEqual([]);
  });
});

describe('exactScorePercent', () => {
  const scores = [
    { home: 2, away: 1, count: 1 },
    { home: 1, away: 1, count: 299 },
  ];

  it('rounds a small share up so that a correct few never read 0%', () => {
    expect(exactScorePercent(scores, 2, 1)).toBe(1);
  });

  it('is the share of predictions that named the final score', () => {
    expect(exactScorePercent(scores, 1, 1)).toBe(100);
    expect(exactScorePercent([{ home: 1, away: 0, count: 1 }, { home: 0, away: 0, count: 3 }], 0, 0)).toBe(75);
  });

  it('is 0 when nobody named it', () => {
    expect(exactScorePercent(scores, 3, 3)).toBe(0);
    expect(exactScorePercent([], 1, 0)).toBe(0);
  });
});
