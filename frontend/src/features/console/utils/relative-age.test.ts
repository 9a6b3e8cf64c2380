import { describe, expect, it } from 'vitest';
import { formatAge } from './relative-age';

describe('formatAge', () => {
  it('says seconds under a minute, then whole minutes, hours and days', () => {
    expect(formatAge(0, 'en-GB')).toBe('0 sec ago');
    expect(formatAge(59.9, 'en-GB')).toBe('59 sec ago');
    expect(formatAge(150, 'en-GB')).toBe('2 min ago');
    expect(formatAge(3 * 3600 + 59 * 60, 'en-GB')).toBe('3 hr ago');
    expect(formatAge(2 * 86_400 + 5, 'en-GB')).toBe('2 days ago');
  });

  it('speaks the locale and never says a time in the future', () => {
    expect(formatAge(120, 'de-DE')).toBe('vor 2 Min.');
    expect(formatAge(-30, 'en-GB')).toBe('0 sec ago');
  });
});
