import { describe, expect, it } from 'vitest';
import { rankTextClass } from './rank';

describe('rank rules', () => {
  it('colours 1 gold, 2 silver, 3 bronze, up to 10 primary, others white', () => {
    expect(rankTextClass(1)).toContain('yellow');
    expect(rankTextClass(2)).toContain('slate');
    expect(rankTextClass(3)).toContain('orange');
    expect(rankTextClass(7)).toBe('text-accent');
    expect(rankTextClass(10)).toBe('text-accent');
    expect(rankTextClass(11)).toBe('text-fg');
  });
});
