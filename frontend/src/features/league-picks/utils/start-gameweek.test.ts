import { describe, expect, it } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { startGameweek } from './start-gameweek';

const NOW = Date.parse('2026-03-14T12:00:00Z');
const gw = (number: number, status: GameweekSummary['status'], deadline: string, is_open = false): GameweekSummary => ({
  id: number,
  number,
  name: `Gameweek ${number}`,
  status,
  starts_at: deadline,
  ends_at: deadline,
  deadline,
  is_open,
  fixture_count: 10,
});

describe('startGameweek', () => {
  it('opens on the latest gameweek whose picks are revealed', () => {
    expect(startGameweek([gw(1, 'completed', '2026-03-01T12:00:00Z'), gw(2, 'current', '2026-03-14T11:00:00Z'), gw(3, 'upcoming', '2026-03-21T12:00:00Z')], NOW)).toBe(2);
  });

  it('falls back to the previous gameweek while the current one is still open', () => {
    expect(startGameweek([gw(1, 'completed', '2026-03-07T12:00:00Z'), gw(2, 'current', '2026-03-15T12:00:00Z', true)], NOW)).toBe(1);
  });

  it('opens on the current gameweek before any has locked, and on nothing without gameweeks', () => {
    expect(startGameweek([gw(1, 'current', '2026-03-15T12:00:00Z', true), gw(2, 'upcoming', '2026-03-22T12:00:00Z')], NOW)).toBe(1);
    expect(startGameweek([], NOW)).toBeNull();
    expect(startGameweek(undefined, NOW)).toBeNull();
  });
});
