// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeadToHeadResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { mockApi, renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 15_000 });

const player = (user_id: number, name: string, avatar: string, rank: number) => ({
  user_id,
  username: name.toLowerCase(),
  name,
  avatar,
  total_points: 0,
  gameweeks_won: 0,
  exact_scores: 0,
  correct_results: 0,
  banker_hits: 0,
  rank,
});

function makeHeadToHead(): HeadToHeadResponse {
  return {
    league: { id: 7, name: 'Office Predictors' },
    me: { ...player(1, 'Ana Owner', 'AO', 2), total_points: 85, gameweeks_won: 1, exact_scores: 2, correct_results: 5, banker_hits: 1 },
    them: { ...player(5, 'Ben Rival', 'BR', 1), total_points: 90, gameweeks_won: 2, exact_scores: 1, correct_results: 6, banker_hits: 0 },
    drawn_gameweeks: 0,
    gameweeks: [
      { gameweek_id: 11, number: 1, my_points: 40, their_points: 30, completed: true, winner: 'me' },
      { gameweek_id: 12, number: 2, my_points: 45, their_points: 60, completed: true, winner: 'them' },
    ],
    differing_picks: [
      {
        fixture_id: 99,
        gameweek_number: 2,
        kickoff_at: '2026-11-20T15:00:00.000Z',
        home_team: 'Arsenal',
        away_team: 'Chelsea',
        status: 'finished',
        home_score: 2,
        away_score: 1,
        mine: { home_score: 2, away_score: 1, is_banker: true, points: 40, outcome: 'exact' },
        theirs: { home_score: 0, away_score: 2, is_banker: false, points: 0, outcome: 'wrong' },
        verdict: 'me',
      },
    ],
    differing_summary: { me: 1, them: 0, both: 0, neither: 0 },
  };
}

const history = (userId: number, ranks: number[]): RankHistory => {
  const points = ranks.map((rank, i) => ({ gameweek_id: 11 + i, gameweek_number: 1 + i, rank, points: 40 * (i + 1), members: 12 }));
  const sorted = [...points];
  return {
    league: { id: 7, name: 'Office Predictors', type: 'private' },
    user_id: userId,
    history: points,
    best: sorted.length ? sorted.reduce((a, b) => (b.rank < a.rank ? b : a)) : null,
    worst: sorted.length ? sorted.reduce((a, b) => (b.rank > a.rank ? b : a)) : null,
  };
};

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('head to head', () => {
  it('shows both players, the figures side by side, the differing pick with who was right and both rank histories', async () => {
    mockApi({
      'GET /api/leagues/7/head-to-head/5/': () => ({ body: { data: makeHeadToHead() } }),
      'GET /api/leagues/7/rank-history/1/': () => ({ body: { data: history(1, [3, 2]) } }),
      'GET /api/leagues/7/rank-history/5/': () => ({ body: { data: history(5, [1, 1]) } }),
    });
    renderApp('/leagues/7/compare/5');
    const figures = await screen.findByTestId('head-to-head-figures');
    const pointsRow = within(figures).getByText('Points').closest('tr')!;
    expect(pointsRow.textContent).toBe('85Points90');
    expect(within(figures).getByText('Gameweeks won').closest('tr')!.textContent).toBe('1Gameweeks won2');
    expect(within(figures).getByText('Banker hits').closest('tr')!.textContent).toBe('1Banker hits0');
    const picks = screen.getByTestId('differing-picks');
    expect(within(picks).getByText('Arsenal v Chelsea')).toBeTruthy();
    expect(within(picks).getByText('You were right')).toBeTruthy();
    expect(within(picks).getByText('Banker')).toBeTruthy();
    // The chart's figures as text for assistive technology.
    const table = screen.getByText('Points per gameweek, Ana Owner and Ben Rival', { selector: 'caption' }).closest('table')!;
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['GW14030Ana Owner', 'GW24560Ben Rival']);
    await waitFor(() => expect(screen.getAllByTestId('rank-best').map((b) => b.textContent)).toEqual(['▲ Best: #2 (GW2)', '▲ Best: #1 (GW1)']));
    // Ben never moved from first: one mark, not a best and a worst that say the same.
    expect(screen.getAllByTestId('rank-worst').map((b) => b.textContent)).toEqual(['▼ Worst: #3 (GW1)']);
    expect(screen.getByRole('heading', { name: 'Rank over time: Ben Rival' })).toBeTruthy();
  });

  it('says so when the other player is not in the league', async () => {
    mockApi({ 'GET /api/leagues/7/head-to-head/5/': () => ({ status: 404, body: { message: 'That user is not a member of this league.' } }) });
    renderApp('/leagues/7/compare/5');
    expect(await screen.findByText('Could not load head to head')).toBeTruthy();
    expect(screen.getByText('That user is not a member of this league.')).toBeTruthy();
  });

  it('shows the empty state before any gameweek has passed its deadline', async () => {
    mockApi({
      'GET /api/leagues/7/head-to-head/5/': () => ({ body: { data: { ...makeHeadToHead(), gameweeks: [], differing_picks: [] } } }),
      'GET /api/leagues/7/rank-history/1/': () => ({ body: { data: history(1, []) } }),
      'GET /api/leagues/7/rank-history/5/': () => ({ body: { data: history(5, []) } }),
    });
    renderApp('/leagues/7/compare/5');
    expect(await screen.findByText('No gameweek has passed its deadline yet.')).toBeTruthy();
    expect(screen.getByText('Your picks have not differed yet.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('No gameweek has finished yet: the chart starts after the first one.')).toHaveLength(2));
  });
});
