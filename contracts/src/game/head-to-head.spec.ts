import { bestAndWorstRank, gameweekWinner, pickVerdict, picksDiffer } from './head-to-head';

describe('picksDiffer', () => {
  it('compares the scores, not the banker', () => {
    expect(picksDiffer({ home: 2, away: 1 }, { home: 2, away: 1 })).toBe(false);
    expect(picksDiffer({ home: 2, away: 1 }, { home: 1, away: 2 })).toBe(true);
    expect(picksDiffer({ home: 0, away: 0 }, { home: 0, away: 1 })).toBe(true);
  });
});

describe('pickVerdict', () => {
  it('gives the match to the nearer pick: exact over correct over wrong', () => {
    expect(pickVerdict('exact', 'correct')).toBe('me');
    expect(pickVerdict('wrong', 'correct')).toBe('them');
    expect(pickVerdict('wrong', 'exact')).toBe('them');
    expect(pickVerdict('exact', 'wrong')).toBe('me');
  });
  it('says both when equally right and neither when both were wrong', () => {
    expect(pickVerdict('correct', 'correct')).toBe('both');
    expect(pickVerdict('wrong', 'wrong')).toBe('neither');
  });
  it('has no verdict before an outcome exists or for a void match', () => {
    expect(pickVerdict(null, 'exact')).toBeNull();
    expect(pickVerdict('correct', null)).toBeNull();
    expect(pickVerdict('void', 'void')).toBeNull();
  });
});

describe('gameweekWinner', () => {
  it('gives the gameweek to more points and calls equal points a draw', () => {
    expect(gameweekWinner(40, 25)).toBe('me');
    expect(gameweekWinner(10, 30)).toBe('them');
    expect(gameweekWinner(20, 20)).toBe('draw');
    expect(gameweekWinner(0, 0)).toBe('draw');
  });
});

describe('bestAndWorstRank', () => {
  it('finds the lowest and highest rank, each at the first gameweek it was reached', () => {
    const history = [
      { gameweek_number: 3, rank: 4 },
      { gameweek_number: 1, rank: 9 },
      { gameweek_number: 2, rank: 2 },
      { gameweek_number: 4, rank: 2 },
      { gameweek_number: 5, rank: 9 },
    ];
    expect(bestAndWorstRank(history)).toEqual({ best: { gameweek_number: 2, rank: 2 }, worst: { gameweek_number: 1, rank: 9 } });
  });
  it('gives one point as both best and worst, and nothing for no history', () => {
    expect(bestAndWorstRank([{ gameweek_number: 7, rank: 1 }])).toEqual({ best: { gameweek_number: 7, rank: 1 }, worst: { gameweek_number: 7, rank: 1 } });
    expect(bestAndWorstRank([])).toBeNull();
  });
});
