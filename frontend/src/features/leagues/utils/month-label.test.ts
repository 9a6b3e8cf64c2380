import { describe, expect, it } from 'vitest';
import { monthLabel } from './month-label';

describe('monthLabel', () => {
  it('names the UTC calendar month in the language', () => {
    expect(monthLabel('2096-01', 'en')).toBe('January 2096');
    expect(monthLabel('2025-12', 'de')).toBe('Dezember 2025');
  });
  it('keeps text it cannot read as it is', () => {
    expect(monthLabel('soon', 'en')).toBe('soon');
  });
});
