import { describe, expect, it } from 'vitest';
import { badgeForRank, highlightTier, rankMovement, rankTextClass, resolveBadge } from './rank';

describe('rank helpers', () => {
  it('gives a crown to 1, a medal to 2–3, a star to 4–5 and nothing after', () => {
    expect([1, 2, 3, 4, 5, 6, 0, null].map(badgeForRank)).toEqual(['crown', 'medal', 'medal', 'star', 'star', null, null, null]);
  });

  it("prefers the server's badge and falls back to the rank's", () => {
    expect(resolveBadge('medal', 2)).toBe('medal');
    expect(resolveBadge(null, 1)).toBe('crown');
  });

  it('highlights the tiers 1, 2, 3 and up to 5', () => {
    expect([1, 2, 3, 4, 5, 6].map(highlightTier)).toEqual(['first', 'second', 'third', 'top5', 'top5', null]);
  });

  it('colours 1 gold, 2 silver, 3 bronze, up to 10 primary, others white', () => {
    expect(rankTextClass(1)).toContain('yellow');
    expect(rankTextClass(2)).toContain('slate');
    expect(rankTextClass(3)).toContain('orange');
    expect(rankTextClass(10)).toBe('text-accent');
    expect(rankTextClass(11)).toBe('text-fg');
  });

  it('measures movement as places climbed', () => {
    expect(rankMovement(2, 5)).toBe(3);
    expect(rankMovement(5, 2)).toBe(-3);
    expect(rankMovement(3, null)).toBeNull();
  });
});
