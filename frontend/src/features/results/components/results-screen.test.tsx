// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { GameweekResults, ResultMatch } from '@scoreline/contracts/api/stats';
import { emitLiveEventForTest, resyncLiveForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function gameweek(number: number, status: GameweekSummary['status'], startsIn: number, isOpen = false): GameweekSummary {
  return {
    id: 100 + number,
    number,
    name: `Gameweek ${number}`,
    status,
    starts_at: iso(startsIn),
    ends_at: iso(startsIn + DAY),
    deadline: iso(startsIn),
    is_open: isOpen,
    fixture_count: 2,
  };
}

function match(id: number, home: string, away: string, over: Partial<ResultMatch> = {}): ResultMatch {
  return {
    fixture_id: id,
    home_team: home,
    away_team: away,
    home_team_short: home.slice(0, 3),
    away_team_short: away.slice(0, 3),
    match_time: iso(-2 * DAY),
    status: 'finished',
    minute: null,
    actual_home_score: 2,
    actual_away_score: 1,
    predicted_home_score: 2,
    predicted_away_score: 1,
    points_earned: 40,
    is_banker: true,
    result_status: 'exact',
    is_final: true,
    ...over,
  };
}

function results(number: number, matches: ResultMatch[], over: Partial<GameweekResults> = {}): GameweekResults {
  return {
    gameweek: gameweek(number, 'completed', -3 * DAY),
    user_stats: {
      total_points: 40,
      correct_results: 1,
      exact_scores: 1,
      accuracy: 50,
      wrong_results: 1,
      total_predictions: 2,
      scored_predictions: 2,
      provisional: false,
    },
    global_benchmarks: { highest_points: 55, average_points: 23.6, participants: 12 },
    matches,
    ...over,
  };
}

const MATCHES = [
  match(1, 'Wolverhampton Wanderers', 'Arsenal'),
  match(2, 'Everton', 'Fulham', { is_banker: false, predicted_home_score: 0, predicted_away_score: 1, points_earned: 0, result_status: 'wrong', actual_home_score: 1, actual_away_score: 1 }),
];

function setup(path: string, byNumber: Record<number, () => { status?: number; body?: unknown }>, list?: GameweekSummary[]) {
  localStorage.setItem('authToken', 'tok');
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/seasons/gameweeks/': () =>
      list ? { body: { data: list } } : { status: 500, body: { message: 'boom' } },
  };
  for (const [n, handler] of Object.entries(byNumber)) handlers[`GET /api/predictions/gameweek/${n}/user-stats/`] = handler;
  const fetchMock = mockApi(handlers);
  return { fetchMock, ...renderApp(path) };
}

describe('results', () => {
  it('opens on the previous gameweek while the current one has not kicked off', async () => {
    setup('/results', { 6: () => ({ body: { data: results(6, MATCHES) } }) }, [
      gameweek(5, 'completed', -10 * DAY),
      gameweek(6, 'completed', -3 * DAY),
      gameweek(7, 'current', 2 * DAY, true),
    ]);
    expect(await screen.findByRole('heading', { name: 'Gameweek 6 Results' })).toBeTruthy();
    expect(await screen.findByText('Exact score')).toBeTruthy();
  });

  it('shows the stats, benchmarks (rounded) and each match with its banker and outcome', async () => {
    setup('/results?gameweek=6', { 6: () => ({ body: { data: results(6, MATCHES) } }) });
    const row = await screen.findByRole('listitem', { name: 'Wolverhampton Wanderers vs Arsenal' });
    expect(within(row).getByText('Banker')).toBeTruthy();
    expect(within(row).getByText('40 pts')).toBeTruthy();
    expect(within(row).getByText('Wolverhamp…')).toBeTruthy();
    expect(within(row).getByText('Wolverhampton Wanderers')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Everton vs Fulham' })).getByText('Wrong')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('24')).toBeTruthy();
    expect(screen.getByText('55')).toBeTruthy();
  });

  it("names a tournament's round as the server does", async () => {
    const round = { ...gameweek(18, 'completed', -3 * DAY), name: 'Round of 32' };
    setup('/results?gameweek=18', { 18: () => ({ body: { data: results(18, MATCHES, { gameweek: round }) } }) }, [round]);
    expect(await screen.findByRole('heading', { name: 'Round of 32 Results' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gameweek 18 Results' })).toBeNull();
  });

  it('steps down to gameweek 1 at least', async () => {
    const { router, ...view } = setup('/results?gameweek=2', {
      1: () => ({ body: { data: results(1, MATCHES) } }),
      2: () => ({ body: { data: results(2, MATCHES) } }),
    });
    await screen.findByRole('heading', { name: 'Gameweek 2 Results' });
    const previous = screen.getByRole('button', { name: 'Previous gameweek' }) as HTMLButtonElement;
    fireEvent.click(previous);
    expect(await screen.findByRole('heading', { name: 'Gameweek 1 Results' })).toBeTruthy();
    expect(previous.disabled).toBe(true);
    expect(router.state.location.search).toBe('?gameweek=1');

    view.unmount();
  });

  it('steps past gameweek 38 (no cap)', async () => {
    setup('/results?gameweek=38', { 38: () => ({ body: { data: results(38, MATCHES) } }) });
    await screen.findByRole('heading', { name: 'Gameweek 38 Results' });
    fireEvent.click(screen.getByRole('button', { name: 'Next gameweek' }));
    expect(await screen.findByRole('heading', { name: 'Gameweek 39 Results' })).toBeTruthy();
    expect(await screen.findByText('No results found for this gameweek.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next gameweek' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when loading fails, when the data is incomplete and when there are no matches', async () => {
    const view = setup('/results?gameweek=3', { 3: () => ({ status: 500, body: { message: 'Database unavailable' } }) });
    expect(await screen.findByRole('heading', { name: 'Could not load results' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    view.unmount();

    const second = setup('/results?gameweek=3', { 3: () => ({ body: { data: { gameweek: gameweek(3, 'completed', -DAY) } } }) });
    expect(await screen.findByRole('heading', { name: 'Results data from API is incomplete or missing.' })).toBeTruthy();
    second.unmount();

    setup('/results?gameweek=3', { 3: () => ({ body: { data: results(3, []) } }) });
    expect(await screen.findByText('No results found for this gameweek.')).toBeTruthy();
  });

  it('updates live scores and the points from live events', async () => {
    const live = match(1, 'Arsenal', 'Chelsea', {
      status: 'live',
      minute: 30,
      actual_home_score: 0,
      actual_away_score: 0,
      predicted_home_score: 1,
      predicted_away_score: 0,
      points_earned: 0,
      is_banker: false,
      result_status: 'wrong',
      is_final: false,
    });
    const data = results(7, [live], {
      gameweek: gameweek(7, 'current', -DAY),
      user_stats: { total_points: 0, correct_results: 0, exact_scores: 0, accuracy: 0, wrong_results: 1, total_predictions: 1, scored_predictions: 1, provisional: true },
    });
    setup('/results?gameweek=7', { 7: () => ({ body: { data } }) });
    const row = await screen.findByRole('listitem', { name: 'Arsenal vs Chelsea' });
    expect(within(row).getByText("30'")).toBeTruthy();

    emitLiveEventForTest('fixture.updated', { fixtureId: 1, gameweekId: 107, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 62 });
    emitLiveEventForTest('points.updated', { fixtureId: 1, gameweekId: 107, points: 20, outcome: 'exact', provisional: true, gameweekTotal: 20, seasonTotal: 90 });
    await waitFor(() => expect(within(row).getByText("62'")).toBeTruthy());
    expect(within(row).getByLabelText('Actual score 1–0')).toBeTruthy();
    expect(within(row).getByText('Exact score')).toBeTruthy();
    expect(within(row).getByText('20 pts')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();

    // A second goal: its points show at once, worked out from the score; the scorer's push for the
    // first goal, arriving late, does not put them back.
    emitLiveEventForTest('fixture.updated', { fixtureId: 1, gameweekId: 107, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 2, awayScore: 0, minute: 70 });
    await waitFor(() => expect(within(row).getByText('10 pts')).toBeTruthy());
    expect(within(row).getByText('Correct result')).toBeTruthy();
    emitLiveEventForTest('points.updated', { fixtureId: 1, gameweekId: 107, points: 20, outcome: 'exact', provisional: true, gameweekTotal: 20, seasonTotal: 90 });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(row).getByText('10 pts')).toBeTruthy();
    emitLiveEventForTest('points.updated', { fixtureId: 1, gameweekId: 107, points: 10, outcome: 'correct', provisional: true, gameweekTotal: 10, seasonTotal: 80 });
    expect(within(row).getByText('10 pts')).toBeTruthy();
  });

  it('fetches the results again after a recovered reconnect (per-user points pushes are not replayed)', async () => {
    const scored = (points: number, result: 'wrong' | 'exact') =>
      results(7, [
        match(1, 'Arsenal', 'Chelsea', {
          status: 'live',
          minute: 70,
          actual_home_score: result === 'exact' ? 1 : 0,
          actual_away_score: 0,
          predicted_home_score: 1,
          predicted_away_score: 0,
          points_earned: points,
          is_banker: false,
          result_status: result,
          is_final: false,
        }),
      ], { gameweek: gameweek(7, 'current', -DAY) });
    let data = scored(0, 'wrong');
    setup('/results?gameweek=7', { 7: () => ({ body: { data } }) });
    const row = await screen.findByRole('listitem', { name: 'Arsenal vs Chelsea' });
    expect(within(row).queryByText('20 pts')).toBeNull();
    data = scored(20, 'exact'); // a goal and its points.updated while the socket was away
    resyncLiveForTest();
    await waitFor(() => expect(within(row).getByText('20 pts')).toBeTruthy());
  });
});
