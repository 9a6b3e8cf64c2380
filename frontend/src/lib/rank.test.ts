import { describe, expect, it } from 'vitest';
import { badgeForRank, rankTextClass } from './rank';

describe('rank rules', () => {
  it('gives a crown to 1, a medal to 2–3, a star to 4–5 and nothing after', () => {
    expect([1, 2, 3, 4, 5, 6, 0, null].map(badgeForRank)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null, null]);
    expect([1, 2, 3, 4, 5, 6, 10, null].map(badgeForRank)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null, null]);
  });

  it('colours 1 gold, 2 silver, 3 bronze, up to 10 primary, others white', () => {
    expect(rankTextClass(1)).toContain('yellow');
    expect(rankTextClass(2)).toContain('slate');
    expect(rankTextClass(3)).toContain('orange');
    expect(rankTextClass(7)).toBe('text-accent');
    expect(rankTextClass(10)).toBe('text-accent');
    expect(rankTextClass(11)).toBe('text-fg');
  });
});
