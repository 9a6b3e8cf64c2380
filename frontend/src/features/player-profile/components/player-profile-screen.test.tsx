// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeaguePlayerProfile } from '@scoreline/contracts/api/leagues';
import { mockApi, renderApp } from '@/test/render-app';

function makeProfile(rank: number | null, overrides: Partial<LeaguePlayerProfile> = {}): LeaguePlayerProfile {
  return {
    league: { id: 7, name: 'Office Predictors', type: 'private' },
    player: { user_id: 5, username: 'gooner7', avatar: 'AL', name: 'Ada Lovelace', team: 'Arsenal', rank, badge: null, is_current_user: false },
    stats: { total_points: 240, total_predictions: 50, accuracy: 56, correct_scores: 7 },
    hot_teams: [{ team: 'Arsenal', team_id: 1, team_short: 'ARS', team_logo: null, accuracy: 80, predictions: 5 }],
    cold_teams: [],
    recent_gameweeks: [
      { id: 12, number: 5, gameweek_name: 'Gameweek 5', total_predictions: 10, correct_results: 6, exact_scores: 2, accuracy: 60, points_earned: 70, provisional: false },
      { id: 11, number: 4, gameweek_name: 'Gameweek 4', total_predictions: 10, correct_results: 4, exact_scores: 1, accuracy: 40, points_earned: 45, provisional: false },
    ],
    insights: { best_gameweek_points: 70, average_points_per_gameweek: 48, recent_exact_scores: 3 },
    history_path: '/api/stats/history/?player=5',
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('league player profile', () => {
  it('shows the player, four stat cards, hot and cold teams, recent gameweeks with View all, and insights', async () => {
    mockApi({ 'GET /api/leagues/7/players/gooner7/': () => ({ body: { data: makeProfile(2) } }) });
    renderApp('/leagues/7/player/gooner7');
    expect(await screen.findByText('Ada Lovelace', { selector: 'h1 span' })).toBeTruthy();
    expect(screen.getByText('Office Predictors', { selector: 'p' })).toBeTruthy();
    const stats = screen.getByLabelText('Season stats');
    for (const label of ['Total Points', 'Total Predictions', '% Accuracy', 'Correct Scores']) expect(within(stats).getByText(label)).toBeTruthy();
    expect(within(stats).getByText('56%')).toBeTruthy();
    expect(screen.getByText('80% Accuracy')).toBeTruthy();
    expect(screen.getByText('No cold teams')).toBeTruthy();
    const table = screen.getByText('Recent game weeks', { selector: 'caption' }).closest('table')!;
    expect(within(table).getByText('Gameweek 5')).toBeTruthy();
    expect(screen.getByText('View all').closest('a')!.getAttribute('href')).toBe('/leagues/7/player/gooner7/gameweeks-history');
    expect(screen.getByText('Best gameweek').nextElementSibling?.textContent).toContain('70');
    expect(screen.getByText('Average per gameweek').nextElementSibling?.textContent).toContain('48');
    expect(screen.getByText('Recent exact scores').nextElementSibling?.textContent).toContain('3');
  });

  it.each([
    [1, 'Crown badge', 'yellow'],
    [2, 'Medal badge', 'slate'],
    [3, 'Medal badge', 'orange'],
    [4, 'Star badge', 'text-accent'],
    [5, 'Star badge', 'text-accent'],
  ])('rank %i wears the %s', async (rank, badge, colour) => {
    mockApi({ 'GET /api/leagues/7/players/5/': () => ({ body: { data: makeProfile(rank) } }) });
    renderApp('/leagues/7/player/5');
    expect(await screen.findByLabelText(badge)).toBeTruthy();
    expect(screen.getAllByLabelText(/ badge$/)).toHaveLength(1);
    expect(screen.getByTestId('player-rank').className).toContain(colour);
  });

  it('rank 6 and beyond has no badge; 11 is white', async () => {
    mockApi({ 'GET /api/leagues/7/players/5/': () => ({ body: { data: makeProfile(11) } }) });
    renderApp('/leagues/7/player/5');
    expect(await screen.findByText('#11')).toBeTruthy();
    expect(screen.queryByLabelText(/ badge$/)).toBeNull();
    expect(screen.getByTestId('player-rank').className).toContain('text-fg');
  });

  it("labels a league without a name 'Unknown League'", async () => {
    mockApi({ 'GET /api/leagues/7/players/5/': () => ({ body: { data: makeProfile(8, { league: { id: 7, name: '', type: 'public' } }) } }) });
    renderApp('/leagues/7/player/5');
    expect(await screen.findByText('Unknown League')).toBeTruthy();
  });

  it('shows a clear not-found state with a way back', async () => {
    mockApi({ 'GET /api/leagues/7/players/nobody/': () => ({ status: 404, body: { message: 'Player not found in this league.' } }) });
    renderApp('/leagues/7/player/nobody');
    expect(await screen.findByText('Player Not Found')).toBeTruthy();
    expect(screen.getByText('Player not found in this league.')).toBeTruthy();
    expect(screen.getByText('Unknown League')).toBeTruthy();
    expect(screen.getByText('Back to League', { selector: 'a' }).getAttribute('href')).toBe('/leagues/7');
  });
});
