import { describe, expect, it } from 'vitest';
import { badgeForRank, leagueLabel, rankTextClass } from './rank';

describe('player profile rank rules', () => {
  it('crown for 1, medal for 2 and 3, star for 4 and 5, none otherwise', () => {
    expect([1, 2, 3, 4, 5, 6, 10, null].map(badgeForRank)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null, null]);
  });

  it('colours 1 yellow, 2 grey, 3 orange, up to 10 primary, otherwise white', () => {
    expect(rankTextClass(1)).toMatch(/yellow/);
    expect(rankTextClass(2)).toMatch(/slate/);
    expect(rankTextClass(3)).toMatch(/orange/);
    expect(rankTextClass(7)).toBe('text-accent');
    expect(rankTextClass(11)).toBe('text-fg');
  });

  it("labels a league without a name 'Unknown League'", () => {
    expect(leagueLabel('')).toBe('Unknown League');
    expect(leagueLabel(undefined)).toBe('Unknown League');
    expect(leagueLabel('Office')).toBe('Office');
  });
});
