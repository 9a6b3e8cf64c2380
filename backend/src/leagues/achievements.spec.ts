import { achievementsFor, MemberFacts } from './achievements';

const base: MemberFacts = { rank: 12, role: 'member', scored: 0, accuracy: 0, exactScores: 0, weeksActive: 0, bestGameweekPoints: 0, bankerHits: 0 };
const titles = (f: Partial<MemberFacts>) => achievementsFor({ ...base, ...f }).map((a) => a.title);

describe('member achievements', () => {
  it('are empty for a new member', () => {
    expect(titles({ rank: null })).toEqual([]);
  });
  it('follow the rank tiers', () => {
    expect(titles({ rank: 1 })).toEqual(['League Leader']);
    expect(titles({ rank: 3 })).toEqual(['On the Podium']);
    expect(titles({ rank: 5 })).toEqual(['Top Five']);
    expect(titles({ rank: 6 })).toEqual([]);
  });
  it('reward exact scores, accuracy, bankers, big weeks, regularity and founding', () => {
    expect(titles({ role: 'owner', exactScores: 5, scored: 10, accuracy: 60, bankerHits: 3, bestGameweekPoints: 50, weeksActive: 5 })).toEqual([
      'Founder',
      'Sharpshooter',
      'Sharp Eye',
      'Banker Master',
      'Big Week',
      'Regular',
    ]);
    expect(titles({ exactScores: 1, scored: 9, accuracy: 90 })).toEqual(['Spot On']);
  });
});
