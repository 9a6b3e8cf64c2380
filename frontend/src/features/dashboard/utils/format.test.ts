import { describe, expect, it } from 'vitest';
import { wholePercent } from './format';

describe('wholePercent', () => {
  it('rounds numbers and numeric strings, and reads anything else as 0', () => {
    expect(wholePercent('67')).toBe(67);
    expect(wholePercent('66.6')).toBe(67);
    expect(wholePercent(33.4)).toBe(33);
    expect(wholePercent('')).toBe(0);
    expect(wholePercent(null)).toBe(0);
  });
});
