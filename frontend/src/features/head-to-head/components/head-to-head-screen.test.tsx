// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HeadToHeadResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { mockApi, renderApp } from '@/test/render-app';

const player = (user_id: number, name: string, avatar: string, rank: number) => ({
  user_id,
  username: name.toLowerCase(),
  name,
  avatar,
  total_points: 0,
  bonus_points: 0,
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
    // No bonus question settled: no row for it.
    expect(within(figures).queryByText(/^Bonus points/)).toBeNull();
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

  it("names a tournament's rounds by the API's names: the chart's table, the differing pick and the rank marks", async () => {
    const tournament = makeHeadToHead();
    tournament.gameweeks = [
      { ...tournament.gameweeks[0], number: 1, name: 'Matchday 1' },
      { ...tournament.gameweeks[1], number: 103, name: 'Round of 32' },
    ];
    tournament.differing_picks = [{ ...tournament.differing_picks[0], gameweek_number: 103, gameweek_name: 'Round of 32' }];
    const named = (userId: number, ranks: number[]): RankHistory => {
      const h = history(userId, ranks);
      const names = ['Matchday 1', 'Round of 32'];
      const points = h.history.map((p, i) => ({ ...p, gameweek_number: i === 0 ? 1 : 103, gameweek_name: names[i] }));
      const pick = (p: RankHistory['best']) => (p ? points[h.history.indexOf(p)] : null);
      return { ...h, history: points, best: pick(h.best), worst: pick(h.worst) };
    };
    mockApi({
      'GET /api/leagues/7/head-to-head/5/': () => ({ body: { data: tournament } }),
      'GET /api/leagues/7/rank-history/1/': () => ({ body: { data: named(1, [3, 2]) } }),
      'GET /api/leagues/7/rank-history/5/': () => ({ body: { data: named(5, [1, 1]) } }),
    });
    renderApp('/leagues/7/compare/5');
    const picks = await screen.findByTestId('differing-picks');
    expect(within(picks).getByText(/^Round of 32 · /)).toBeTruthy();
    const table = screen.getByText('Points per gameweek, Ana Owner and Ben Rival', { selector: 'caption' }).closest('table')!;
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Matchday 14030Ana Owner', 'Round of 324560Ben Rival']);
    await waitFor(() => expect(screen.getAllByTestId('rank-best').map((b) => b.textContent)).toEqual(['▲ Best: #2 (Round of 32)', '▲ Best: #1 (Matchday 1)']));
    expect(screen.getAllByTestId('rank-worst').map((b) => b.textContent)).toEqual(['▼ Worst: #3 (Matchday 1)']);
    expect(document.body.textContent).not.toMatch(/GW ?\d/);
  });

  it('shows the bonus points inside the season points once a bonus question is settled', async () => {
    const settled = makeHeadToHead();
    settled.me = { ...settled.me, total_points: 105, bonus_points: 20 };
    mockApi({
      'GET /api/leagues/7/head-to-head/5/': () => ({ body: { data: settled } }),
      'GET /api/leagues/7/rank-history/1/': () => ({ body: { data: history(1, [3, 1]) } }),
      'GET /api/leagues/7/rank-history/5/': () => ({ body: { data: history(5, [1, 2]) } }),
    });
    renderApp('/leagues/7/compare/5');
    const figures = await screen.findByTestId('head-to-head-figures');
    expect(within(figures).getByText('Points').closest('tr')!.textContent).toBe('105Points90');
    expect(within(figures).getByText('Bonus points (in the points)').closest('tr')!.textContent).toBe('20Bonus points (in the points)0');
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
