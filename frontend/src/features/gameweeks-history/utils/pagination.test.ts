import { describe, expect, it } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { pageOfLatestStarted, shownRange } from './pagination';

describe('shownRange', () => {
  it('gives the first and last row numbers of a page', () => {
    expect(shownRange(1, 10, 38)).toEqual({ from: 1, to: 10 });
    expect(shownRange(4, 10, 38)).toEqual({ from: 31, to: 38 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageOfLatestStarted', () => {
  const gw = (number: number, status: GameweekSummary['status'], isOpen = false): GameweekSummary => ({
    id: number,
    number,
    name: `Gameweek ${number}`,
    status,
    starts_at: '2099-01-01T00:00:00Z',
    ends_at: null,
    deadline: '2099-01-01T00:00:00Z',
    is_open: isOpen,
    fixture_count: 10,
  });
  const season = (current: number, open: boolean) =>
    Array.from({ length: 38 }, (_, i) => gw(i + 1, i + 1 < current ? 'completed' : i + 1 === current ? 'current' : 'upcoming', i + 1 === current && open));

  it('opens on the page (latest first) of the latest started gameweek', () => {
    expect(pageOfLatestStarted(season(12, false), Date.now())).toBe(3);
    expect(pageOfLatestStarted(season(12, true), Date.now())).toBe(3);
    expect(pageOfLatestStarted(season(30, false), Date.now())).toBe(1);
    expect(pageOfLatestStarted(season(1, true), Date.now())).toBe(1);
    expect(pageOfLatestStarted(undefined, Date.now())).toBe(1);
  });
});
