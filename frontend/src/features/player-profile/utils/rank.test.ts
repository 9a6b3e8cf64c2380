import { describe, expect, it } from 'vitest';
import { leagueLabel } from './rank';

describe('player profile rank rules', () => {
  it("labels a league without a name 'Unknown League'", () => {
    expect(leagueLabel('')).toBe('Unknown League');
    expect(leagueLabel(undefined)).toBe('Unknown League');
    expect(leagueLabel('Office')).toBe('Office');
  });
});
