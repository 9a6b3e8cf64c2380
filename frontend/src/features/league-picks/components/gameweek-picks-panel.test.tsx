// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { League } from '@scoreline/contracts/api/leagues';
import type { GameweekPicksPage, PicksRow } from '@scoreline/contracts/api/picks';
import { emitLiveEventForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const gameweek = (number: number, status: GameweekSummary['status'], startsIn: number, isOpen = false): GameweekSummary => ({
  id: 100 + number,
  number,
  name: `Gameweek ${number}`,
  status,
  starts_at: iso(startsIn),
  ends_at: iso(startsIn + DAY),
  deadline: iso(startsIn),
  is_open: isOpen,
  fixture_count: 1,
});
const LEAGUE: League = {
  id: 7,
  name: 'Office',
  type: 'private',
  description: '',
  code: 'ABCD1234',
  member_count: 60,
  created_at: iso(-30 * DAY),
  is_owner: false,
  max_members: 100,
  is_member: true,
  role: 'member',
  owner_name: 'Olga Owner',
  country_name: null,
  country_flag: null,
  club_name: null,
  club_logo: null,
  competition: { code: 'en.1', name: 'Premier League', kind: 'league' },
};

function row(userId: number, name: string, rank: number | null, points: number, me = false): PicksRow {
  return {
    rank,
    user_id: userId,
    username: name.toLowerCase(),
    full_name: name,
    points,
    exact: 0,
    correct: 0,
    provisional: false,
    is_current_user: me,
    picks: [{ fixture_id: 1, home_score: 2, away_score: 1, is_banker: userId === 1, points, outcome: points > 0 ? 'correct' : 'wrong', provisional: false }],
  };
}

function page(over: Partial<GameweekPicksPage>): GameweekPicksPage {
  return {
    league_id: 7,
    gameweek: gameweek(3, 'current', -DAY),
    revealed: true,
    fixtures: [{ id: 1, home_team: 'Arsenal', away_team: 'Chelsea', home_short: 'ARS', away_short: 'CHE', kickoff_at: iso(-DAY), status: 'live', home_score: 1, away_score: 0, minute: 50 }],
    rows: [row(1, 'Ann Top', 1, 20), row(2, 'Ben Next', 2, 10)],
    my_row: row(9, 'Me Deep', 57, 0, true),
    crowd: [{ fixture_id: 1, predictions: 4, split: { home: 50, draw: 25, away: 25 }, top_scores: [{ home: 2, away: 1, count: 2, percent: 50 }], bankers: 1, exact_percent: null }],
    page: 1,
    page_size: 25,
    total_count: 60,
    total_pages: 3,
    has_next: true,
    has_previous: false,
    ...over,
  };
}

const SEASON = [gameweek(2, 'completed', -8 * DAY), gameweek(3, 'current', -DAY), gameweek(4, 'upcoming', 6 * DAY)];

function setup(answer: (url: string) => GameweekPicksPage, gameweeks: GameweekSummary[] = SEASON) {
  localStorage.setItem('authToken', 'tok');
  const urls: string[] = [];
  const fetchMock = mockApi({
    'GET /api/leagues/7/': () => ({ body: { data: LEAGUE } }),
    'GET /api/seasons/gameweeks/': () => ({ body: { data: gameweeks } }),
  });
  const base = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/picks/')) {
      urls.push(url);
      return new Response(JSON.stringify({ data: answer(url) }), { headers: { 'Content-Type': 'application/json' } });
    }
    return base(input, init);
  });
  // The panel is composed into the league page by the app (features do not import each other).
  renderApp('/leagues/7');
  return { urls };
}

describe('GameweekPicksPanel', () => {
  it('opens on the latest revealed gameweek: members × fixtures, banker, points, crowd in the header, my row pinned', async () => {
    const { urls } = setup(() => page({}));
    const grid = await screen.findByRole('table', { name: "Every member's picks for gameweek 3" });
    expect(urls[0]).toContain('/leagues/7/gameweeks/3/picks/');
    const ann = within(grid).getByTestId('picks-row-1');
    expect(within(ann).getByText('2–1')).toBeTruthy();
    expect(within(ann).getByText('Banker')).toBeTruthy();
    expect(within(ann).getByText('20 pts')).toBeTruthy();
    const mine = within(grid).getByRole('rowgroup', { name: 'Your row' });
    expect(within(mine).getByText('Me Deep')).toBeTruthy();
    expect(within(mine).getByText('57')).toBeTruthy();
    expect(within(grid).getByText('Home win 50%, draw 25%, away win 25%')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Picks pages' })).toBeTruthy();
  });

  it("names a tournament's round as the server does, in the nav and the grid; a league's matchday as before", async () => {
    const season = [gameweek(2, 'completed', -8 * DAY), { ...gameweek(3, 'current', -DAY), name: 'Round of 32' }, { ...gameweek(4, 'upcoming', 6 * DAY), name: 'Round of 16' }];
    setup((url) => page({ gameweek: season.find((g) => url.includes(`/gameweeks/${g.number}/`))! }), season);
    expect(await screen.findByRole('table', { name: "Every member's picks: Round of 32" })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Gameweek' });
    expect(within(nav).getByText('Round of 32')).toBeTruthy();
    expect(within(nav).queryByText('Gameweek 3')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Next gameweek' }));
    expect(await within(nav).findByText('Round of 16')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous gameweek' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous gameweek' }));
    expect(await within(nav).findByText('Gameweek 2')).toBeTruthy();
  });

  it('says the picks are hidden before the deadline and shows only my own row', async () => {
    setup(() => page({ revealed: false, rows: [], crowd: null, my_row: row(9, 'Me Deep', null, 0, true), total_count: 0, total_pages: 1, has_next: false }));
    expect(await screen.findByText('Picks are hidden until the deadline')).toBeTruthy();
    expect(screen.queryByText('Ann Top')).toBeNull();
    expect(screen.getByText('Me Deep')).toBeTruthy();
  });

  it('searches by name on the server, and refetches when a match of the gameweek changes (no polling), once for the pushes of one goal', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { urls } = setup((url) => (url.includes('search=ben') ? page({ rows: [row(2, 'Ben Next', 2, 10)], total_count: 1, total_pages: 1 }) : page({})));
    await screen.findByTestId('picks-row-1');
    fireEvent.change(screen.getByLabelText('Search picks by name'), { target: { value: 'ben' } });
    await waitFor(() => expect(screen.queryByTestId('picks-row-1')).toBeNull());
    expect(urls.at(-1)).toContain('search=ben');
    const before = urls.length;
    emitLiveEventForTest('fixture.updated', { fixtureId: 1, gameweekId: 103, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 2, awayScore: 0, minute: 60 });
    emitLiveEventForTest('leaderboard.updated', { leagueId: 7, changed: [], truncated: true });
    await waitFor(() => expect(urls.length).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(urls.length).toBe(before + 1);
    const other = urls.length;
    emitLiveEventForTest('fixture.updated', { fixtureId: 99, gameweekId: 999, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 2, awayScore: 0, minute: 60 });
    await new Promise((r) => setTimeout(r, 50));
    expect(urls.length).toBe(other);
    vi.restoreAllMocks();
  });
});
