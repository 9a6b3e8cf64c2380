import { describe, expect, it } from 'vitest';
import { clubHue, clubInitials } from './initials';

describe('clubInitials', () => {
  it('takes the first three letters of a one-word club', () => {
    expect(clubInitials('Arsenal FC')).toBe('ARS');
    expect(clubInitials('AFC Bournemouth')).toBe('BOU');
    expect(clubInitials('1. FC Köln')).toBe('KÖL');
  });

  it('takes the initials of several words', () => {
    expect(clubInitials('Manchester United FC')).toBe('MU');
    expect(clubInitials('Paris Saint-Germain FC')).toBe('PSG');
    expect(clubInitials('Brighton & Hove Albion FC')).toBe('BHA');
  });

  it('prefers a short name from the server', () => {
    expect(clubInitials('Arsenal FC', 'ars')).toBe('ARS');
    expect(clubInitials('Arsenal FC', 'Arsenal Football')).toBe('ARS');
  });

  it('gives a stable hue', () => {
    expect(clubHue('Arsenal FC')).toBe(clubHue('Arsenal FC'));
    expect(clubHue('Arsenal FC')).toBeGreaterThanOrEqual(0);
    expect(clubHue('Arsenal FC')).toBeLessThan(360);
  });
});
