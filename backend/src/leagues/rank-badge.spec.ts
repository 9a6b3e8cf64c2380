import { initials } from '../platform/common/initials';
import { accuracyPercent, competitionRanks, rankBadge } from './rank-badge';

describe('rank badges', () => {
  it('give a crown to 1, a medal to 2–3, a star to 4–5 and nothing below', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(rankBadge)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null]);
    expect(rankBadge(null)).toBeNull();
  });
});

describe('competition ranks', () => {
  it('let ties share a rank and skip the next (1, 1, 3)', () => {
    expect(competitionRanks([50, 50, 40])).toEqual([1, 1, 3]);
    expect(competitionRanks([10, 30, 30, 30, 0])).toEqual([4, 1, 1, 1, 5]);
    expect(competitionRanks([])).toEqual([]);
  });
});

describe('accuracy and initials', () => {
  it('rounds accuracy to whole percent and is 0 without scored predictions', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(0, 0)).toBe(0);
  });
  it('makes initials from first and last name', () => {
    expect(initials('alex', 'Morgan')).toBe('AM');
    expect(initials('', '')).toBe('?');
  });
});
