// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { emitLiveEventForTest, resyncLiveForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';

const EMPTY: DashboardData = {
  season: { id: 1, name: 'Premier League', label: '2025/26' },
  current_season_stats: {
    total_points: 0,
    total_predictions: 0,
    accuracy: '0',
    exact_scores: 0,
    correct_results: 0,
    scored_predictions: 0,
    provisional: false,
  },
  recent_gameweeks: [],
  hot_teams: [],
  cold_teams: [],
  points_by_gameweek: [],
};

const FULL: DashboardData = {
  ...EMPTY,
  current_season_stats: { ...EMPTY.current_season_stats, total_points: 245, total_predictions: 60, accuracy: '66.6', exact_scores: 9, correct_results: 40, scored_predictions: 60 },
  recent_gameweeks: [
    { id: 12, number: 6, gameweek_name: 'Gameweek 6', total_predictions: 10, correct_results: 7, exact_scores: 2, accuracy: 70, points_earned: 95, provisional: false },
  ],
  hot_teams: [{ team: 'Arsenal', team_id: 1, team_short: 'ARS', team_logo: null, accuracy: 83, predictions: 6 }],
  cold_teams: [{ team: 'Everton', team_id: 2, team_short: 'EVE', team_logo: null, accuracy: 17, predictions: 6 }],
  points_by_gameweek: [
    { number: 5, points: 40 },
    { number: 6, points: 95 },
  ],
};

const openGameweek: GameweekSummary = {
  id: 107,
  number: 7,
  name: 'Gameweek 7',
  status: 'current',
  starts_at: new Date(Date.now() + 86_400_000).toISOString(),
  ends_at: null,
  deadline: new Date(Date.now() + 86_400_000).toISOString(),
  is_open: true,
  fixture_count: 10,
};

function setup(answer: { status?: number; body?: unknown }, gameweeks: GameweekSummary[] = []) {
  localStorage.setItem('authToken', 'tok');
  mockApi({
    'GET /api/stats/dashboard/': () => answer,
    'GET /api/seasons/gameweeks/': () => ({ body: { data: gameweeks } }),
  });
  return renderApp('/dashboard');
}

describe('dashboard', () => {
  it('shows zeros and the empty texts for a new player', async () => {
    setup({ body: { data: EMPTY } });
    expect(await screen.findByText('No hot teams yet')).toBeTruthy();
    expect(screen.getByText('No cold teams')).toBeTruthy();
    expect(screen.getByText('No recent gameweek data available.')).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Make Your Predictions/ })).toBeNull();
  });

  it('shows the four stats, hot and cold teams, recent gameweeks and the points per gameweek', async () => {
    setup({ body: { data: FULL } }, [openGameweek]);
    expect(await screen.findByText('245')).toBeTruthy();
    expect(screen.getByText('67%')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Hot Teams' })).getByText('83% Accuracy')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Cold Teams' })).getByText('17% Accuracy')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: 'Gameweek 6' }).getAttribute('href')).toBe('/results?gameweek=6');
    expect(within(table).getByText('70%')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Points per gameweek' })).getByText('Gameweek 6: 95 points')).toBeTruthy();
    expect((await screen.findByRole('link', { name: /Make Your Predictions/ })).getAttribute('href')).toBe('/fixtures');
  });

  it("names a tournament's rounds as the server does: recent gameweeks, the points list and the call to action", async () => {
    const data: DashboardData = {
      ...FULL,
      recent_gameweeks: [
        { ...FULL.recent_gameweeks[0], id: 118, number: 18, gameweek_name: 'Round of 32' },
        { ...FULL.recent_gameweeks[0], id: 117, number: 17, gameweek_name: 'Matchday 17' },
      ],
      points_by_gameweek: [
        { number: 17, points: 40 },
        { number: 18, points: 95 },
      ],
    };
    const rounds: GameweekSummary[] = [
      { ...openGameweek, id: 117, number: 17, name: 'Matchday 17', status: 'completed', is_open: false },
      { ...openGameweek, id: 118, number: 18, name: 'Round of 32', status: 'completed', is_open: false },
      { ...openGameweek, id: 119, number: 19, name: 'Round of 16' },
    ];
    setup({ body: { data } }, rounds);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Round of 32' }).getAttribute('href')).toBe('/results?gameweek=18');
    expect(within(table).getByRole('link', { name: 'Matchday 17' })).toBeTruthy();
    expect(within(table).queryByText(/Gameweek/)).toBeNull();
    expect(await screen.findByText('Round of 16 is ready for your predictions')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Points per gameweek' });
    expect(within(list).getByText('Round of 32: 95 points')).toBeTruthy();
    expect(within(list).getByText('Matchday 17: 40 points')).toBeTruthy();
  });

  it("refetches a moment after a goal (the server counts it at once), not on a minute tick nor on the scorer's later push", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let total = 245;
    let reads = 0;
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /api/stats/dashboard/': () => {
        reads += 1;
        return { body: { data: { ...FULL, current_season_stats: { ...FULL.current_season_stats, total_points: total } } } };
      },
      'GET /api/seasons/gameweeks/': () => ({ body: { data: [] } }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('245')).toBeTruthy();
    const before = reads;
    total = 265;
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 9, gameweekId: 12, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 20 }));
    expect(await screen.findByText('265')).toBeTruthy();
    expect(reads).toBe(before + 1);
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 9, gameweekId: 12, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 21 }));
    // The scorer's push for an earlier goal, arriving late: the live total stays.
    act(() => emitLiveEventForTest('points.updated', { fixtureId: 9, gameweekId: 12, points: 20, outcome: 'exact', provisional: true, gameweekTotal: 95, seasonTotal: 250 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(before + 1);
    expect(screen.getByText('265')).toBeTruthy();
    total = 280;
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 9, gameweekId: 12, seasonId: 1, competition: 'en.1', status: 'finished', homeScore: 1, awayScore: 0, minute: null }));
    await waitFor(() => expect(reads).toBe(before + 2));
    expect(await screen.findByText('280')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('fetches the dashboard again after a recovered reconnect (per-user pushes are not replayed)', async () => {
    let total = 245;
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /api/stats/dashboard/': () => ({ body: { data: { ...FULL, current_season_stats: { ...FULL.current_season_stats, total_points: total } } } }),
      'GET /api/seasons/gameweeks/': () => ({ body: { data: [] } }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('245')).toBeTruthy();
    total = 290; // a points.updated went out while the socket was away
    resyncLiveForTest();
    expect(await screen.findByText('290')).toBeTruthy();
  });

  it("says 'Could not load dashboard' with the detail", async () => {
    setup({ status: 500, body: { message: 'Database unavailable' } });
    expect(await screen.findByRole('heading', { name: 'Could not load dashboard' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it("shows the early boot script's answer at once, not waiting for the server", async () => {
    localStorage.setItem('authToken', 'tok');
    const answer = { status: 200, text: JSON.stringify({ data: FULL }), at: Date.now() };
    // Only the answer already in is taken (its promise, which the api client would await, never settles here).
    window.__scorelineEarly = { token: 'tok', answers: { '/api/stats/dashboard/': new Promise(() => undefined) }, settled: { '/api/stats/dashboard/': answer } };
    const api = mockApi({ 'GET /api/seasons/gameweeks/': () => ({ body: { data: [] } }) });
    // The server never answers the dashboard call (the tests' query client refetches at once; the app's keeps it 30 s).
    vi.stubGlobal('fetch', vi.fn((input: string, init?: RequestInit) => (input.startsWith('/api/stats/dashboard/') ? new Promise(() => undefined) : api(input, init))));
    try {
      renderApp('/dashboard');
      expect(await screen.findByText('245')).toBeTruthy();
      expect(window.__scorelineEarly.settled['/api/stats/dashboard/']).toBeUndefined();
    } finally {
      delete window.__scorelineEarly;
    }
  });
});
