import { describe, expect, it } from 'vitest';
import { highlightTier, rankMovement, resolveBadge } from './rank';

describe('rank helpers', () => {
  it("prefers the server's badge and falls back to the rank's", () => {
    expect(resolveBadge('medal', 2)).toBe('medal');
    expect(resolveBadge(null, 1)).toBe('crown');
  });

  it('highlights the tiers 1, 2, 3 and up to 5', () => {
    expect([1, 2, 3, 4, 5, 6].map(highlightTier)).toEqual(['first', 'second', 'third', 'top5', 'top5', null]);
  });

  it('measures movement as places climbed', () => {
    expect(rankMovement(2, 5)).toBe(3);
    expect(rankMovement(5, 2)).toBe(-3);
    expect(rankMovement(3, null)).toBeNull();
  });
});
