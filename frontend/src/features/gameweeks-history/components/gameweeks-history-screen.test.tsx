// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameweekHistoryItem, GameweeksHistory } from '@scoreline/contracts/api/stats';
import { i18n } from '@/lib/i18n';
import { emitLiveEventForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';

const TOTAL = 38;
const SIZE = 5;

function item(number: number): GameweekHistoryItem {
  return {
    id: 1000 + number,
    number,
    gameWeek: `Gameweek ${number}`,
    date: '2025-09-13T14:00:00Z',
    status: number < 20 ? 'completed' : number === 20 ? 'current' : 'upcoming',
    totalPredictions: number < 20 ? 10 : 0,
    correctPredictions: 5,
    correctScores: 1,
    accuracy: 60,
    points: number,
    provisional: false,
    matches: [
      {
        fixtureId: number * 10,
        homeTeam: `Home ${number}`,
        awayTeam: `Away ${number}`,
        matchTime: '2025-09-13T14:00:00Z',
        status: 'finished',
        predictionHome: 2,
        predictionAway: 1,
        homeScore: 2,
        awayScore: 1,
        banker: true,
        result: 'exact',
        points: 40,
        isFinal: true,
      },
    ],
  };
}

/** A server that pages the 38 gameweeks latest first, `SIZE` per page. */
function historyAnswer(url: URL, pageSize = SIZE): GameweeksHistory {
  const page = Number(url.searchParams.get('page') ?? 1);
  const numbers = Array.from({ length: TOTAL }, (_, i) => TOTAL - i).slice((page - 1) * pageSize, page * pageSize);
  return {
    player: { id: 7, username: 'kopite', full_name: 'Kenny Dalglish', is_current_user: false },
    summary: {
      totalPoints: 321,
      totalPredictions: 190,
      totalCorrect: 95,
      totalExactScores: 19,
      averageAccuracy: 49.6,
      bestGameweek: { number: 19, gameWeek: 'Gameweek 19', date: '2025-12-20T15:00:00Z', points: 88 },
      worstGameweek: null,
    },
    gameweeks: numbers.map(item),
    pagination: { page, page_size: pageSize, total: TOTAL, total_pages: Math.ceil(TOTAL / pageSize) },
  };
}

function setup(path: string, answer?: (url: URL) => { status?: number; body?: unknown }) {
  localStorage.setItem('authToken', 'tok');
  const urls: URL[] = [];
  const fetchMock = mockApi({
    'GET /api/stats/history/': () => {
      const url = urls[urls.length - 1];
      return answer ? answer(url) : { body: { data: historyAnswer(url) } };
    },
  });
  const record = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    urls.push(new URL(String(input), 'http://localhost'));
    return record(input, init);
  });
  return { urls, ...renderApp(path) };
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Gameweeks pages' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));

describe('gameweeks history', () => {
  it('shows the summary, the best and worst cards and the page range', async () => {
    setup('/gameweeks-history?page=1');
    expect(await screen.findByText('321')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gameweeks History' })).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('88')).toBeTruthy();
    expect(screen.getByText('No completed gameweeks played yet.')).toBeTruthy();
    expect(screen.getByText('Showing 1-5 of 38 gameweeks')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('fetches again a moment after a goal (the server counts it at once), not on a minute tick', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let total = 321;
    const { urls } = setup('/gameweeks-history?page=1', (url) => {
      const data = historyAnswer(url);
      return { body: { data: { ...data, summary: { ...data.summary, totalPoints: total } } } };
    });
    expect(await screen.findByText('321')).toBeTruthy();
    const before = urls.length;
    total = 341;
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 200, gameweekId: 1020, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 20 }));
    expect(await screen.findByText('341')).toBeTruthy();
    expect(urls.length).toBe(before + 1);
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 200, gameweekId: 1020, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 21 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(urls.length).toBe(before + 1);
    vi.restoreAllMocks();
  });

  it('shows at most 5 page buttons around the current page, with Previous and Next disabled at the ends', async () => {
    const { urls } = setup('/gameweeks-history?page=1');
    await screen.findByText('Showing 1-5 of 38 gameweeks');
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5]);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Showing 21-25 of 38 gameweeks')).toBeTruthy();
    expect(pageButtons()).toEqual([3, 4, 5, 6, 7]);
    expect(urls[urls.length - 1].searchParams.get('page')).toBe('5');

    fireEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    await screen.findByText('Showing 31-35 of 38 gameweeks');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 36-38 of 38 gameweeks')).toBeTruthy();
    expect(pageButtons()).toEqual([4, 5, 6, 7, 8]);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hides the pagination when everything fits on one page', async () => {
    setup('/gameweeks-history', (url) => {
      const data = historyAnswer(url, TOTAL);
      return { body: { data: { ...data, gameweeks: data.gameweeks.slice(0, 3), pagination: { page: 1, page_size: 10, total: 3, total_pages: 1 } } } };
    });
    expect(await screen.findByText('Showing 1-3 of 3 gameweeks')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Gameweeks pages' })).toBeNull();
  });

  it('expands one gameweek at a time to list its matches', async () => {
    setup('/gameweeks-history?page=4');
    await screen.findByText('Showing 16-20 of 38 gameweeks');
    fireEvent.click(screen.getByRole('button', { name: 'Show Gameweek 19 matches' }));
    const matches = screen.getByRole('list', { name: 'Gameweek 19 matches' });
    const row = within(matches).getByRole('listitem', { name: 'Home 19 vs Away 19' });
    expect(within(row).getByText('Banker')).toBeTruthy();
    expect(within(row).getByText('Exact score')).toBeTruthy();
    expect(within(row).getByText('40 pts')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show Gameweek 20 matches' }));
    expect(screen.queryByRole('list', { name: 'Gameweek 19 matches' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Gameweek 20 matches' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Hide / })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Hide Gameweek 20 matches' }));
    expect(screen.queryByRole('list', { name: /matches$/ })).toBeNull();
  });

  it("names a tournament's rounds as the server does, a league's matchday in the fan's language", async () => {
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language: 'de', timezone: 'UTC' }));
    await i18n.changeLanguage('de');
    setup('/gameweeks-history?page=1', (url) => {
      const data = historyAnswer(url);
      const [first, second, ...rest] = data.gameweeks;
      return {
        body: {
          data: {
            ...data,
            summary: { ...data.summary, bestGameweek: { number: 36, gameWeek: 'Semi-finals', date: null, points: 88 } },
            gameweeks: [{ ...first, gameWeek: 'Final' }, { ...second, gameWeek: 'Round of 32' }, ...rest],
          },
        },
      };
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Final')).toBeTruthy();
    expect(within(table).getByText('Round of 32')).toBeTruthy();
    expect(within(table).getByText('36. Spieltag')).toBeTruthy();
    expect(within(table).queryByText('38. Spieltag')).toBeNull();
    expect(screen.getByText('Semi-finals')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spiele anzeigen: Round of 32' }));
    expect(screen.getByRole('list', { name: 'Spiele: Round of 32' })).toBeTruthy();
  });

  it("shows another player's name and links back to their profile", async () => {
    const { urls } = setup('/leagues/3/player/kopite/gameweeks-history?page=1');
    expect(await screen.findByRole('heading', { name: 'Kenny Dalglish Gameweeks History' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to player/ }).getAttribute('href')).toBe('/leagues/3/player/kopite');
    expect(urls[urls.length - 1].searchParams.get('player')).toBe('kopite');
  });

  it("says 'Could not load gameweeks history' with the server message", async () => {
    setup('/leagues/3/player/stranger/gameweeks-history?page=1', () => ({ status: 404, body: { message: 'Player not found.' } }));
    expect(await screen.findByRole('heading', { name: 'Could not load gameweeks history' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Player not found.')).toBeTruthy());
  });
});
