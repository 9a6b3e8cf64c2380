import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format-countdown';

describe('formatCountdown', () => {
  it('formats whole minutes', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(120)).toBe('2:00');
  });

  it('pads seconds to two digits', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(5)).toBe('0:05');
  });

  it('never goes below zero and drops fractions', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(9.8)).toBe('0:09');
  });
});
