import { describe, expect, it } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { cutTeamName, latestGameweekWithResults } from './start-gameweek';

const NOW = Date.parse('2025-10-01T12:00:00Z');
const gw = (number: number, status: GameweekSummary['status'], startsAt: string | null, isOpen = false): GameweekSummary => ({
  id: number + 100,
  number,
  name: `Gameweek ${number}`,
  status,
  starts_at: startsAt,
  ends_at: startsAt,
  deadline: startsAt,
  is_open: isOpen,
  fixture_count: 10,
});

describe('latestGameweekWithResults', () => {
  it('opens on the current gameweek once it has kicked off', () => {
    expect(latestGameweekWithResults([gw(6, 'completed', '2025-09-20T12:00:00Z'), gw(7, 'current', '2025-09-30T12:00:00Z')], NOW)).toBe(7);
  });

  it('opens on the previous gameweek while the current one has not started', () => {
    const list = [gw(6, 'completed', '2025-09-20T12:00:00Z'), gw(7, 'current', '2025-10-04T12:00:00Z', true), gw(8, 'upcoming', null)];
    expect(latestGameweekWithResults(list, NOW)).toBe(6);
  });

  it('stays on gameweek 1 before the season starts, and uses the last completed one after it', () => {
    expect(latestGameweekWithResults([gw(1, 'current', '2025-10-04T12:00:00Z', true)], NOW)).toBe(1);
    expect(latestGameweekWithResults([gw(37, 'completed', '2025-05-01T12:00:00Z'), gw(38, 'completed', '2025-05-20T12:00:00Z')], NOW)).toBe(38);
    expect(latestGameweekWithResults(null, NOW)).toBe(1);
  });
});

describe('cutTeamName', () => {
  it('cuts names longer than 10 characters', () => {
    expect(cutTeamName('Wolverhampton Wanderers')).toBe('Wolverhamp…');
    expect(cutTeamName('Arsenal')).toBe('Arsenal');
    expect(cutTeamName('Man United')).toBe('Man United');
  });
});
