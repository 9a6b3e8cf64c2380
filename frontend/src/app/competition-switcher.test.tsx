// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { crowdQueryKey } from '@/lib/api/get-crowd';
import { gameweeksQueryKey, gameweeksQueryPrefix } from '@/lib/api/get-gameweeks';
import { dashboardQueryKey, dashboardQueryPrefix } from '@/features/dashboard/api/get-dashboard';
import { currentFixturesQueryKey } from '@/features/fixtures/api/get-current-fixtures';
import { currentPredictionsQueryKey } from '@/features/fixtures/api/get-current-predictions';
import { gameweekFixturesQueryKey } from '@/features/fixtures/api/get-gameweek-fixtures';
import { gameweeksHistoryQueryKey } from '@/features/gameweeks-history/api/get-gameweeks-history';
import { myRankHistoryQueryKey } from '@/features/head-to-head/api/get-rank-history';
import { discoverLeaguesQueryKey } from '@/features/leagues/api/get-discover-leagues';
import { leaguesOverviewQueryKey, leaguesOverviewQueryPrefix } from '@/features/leagues/api/get-leagues-overview';
import { gameweekResultsQueryKey } from '@/features/results/api/get-gameweek-results';
import { COMPETITION_STORAGE_KEY } from '@/lib/competition/competition-choice';
import { renderApp } from '@/test/render-app';

const competition = (code: string, name: string, over: Partial<Competition> = {}): Competition => ({
  code,
  name,
  kind: code === 'fifa.wc' ? 'tournament' : 'league',
  season: { id: code === 'fifa.wc' ? 9 : 4, name: `${name} 2026` },
  first_kickoff: null,
  playing: true,
  team: null,
  team_locked: false,
  ...over,
});

const PREMIER = competition('en.1', 'Premier League');
const WORLD_CUP = competition('fifa.wc', 'FIFA World Cup');

const PREFERENCES: UserPreferences = {
  preferences: { theme: 'dark', language: 'en', timezone: 'local' },
  notifications: { gameweekDeadlines: true, leagueUpdates: true, matchResults: false, weeklyDigest: true },
};

/** The dashboard of a competition: its season's label tells the screens apart. */
const dashboard = (label: string): DashboardData => ({
  season: { id: label === 'World Cup 2026' ? WORLD_CUP.season.id : PREMIER.season.id, name: label, label },
  current_season_stats: { total_points: 0, total_predictions: 0, accuracy: '0', exact_scores: 0, correct_results: 0, scored_predictions: 0, provisional: false },
  recent_gameweeks: [],
  hot_teams: [],
  cold_teams: [],
  points_by_gameweek: [],
});

type Answer = { status?: number; body?: unknown };

/**
 * A fetch answering per "METHOD /api/path" that also sees the query string (which competition a
 * call names); a call naming none answers for the fan's saved competition, else the first they
 * play, as the server does (it lists that one first among those they play).
 * `holdPreferences`: the preferences answer waits until the promise settles (a slow answer);
 * `holdDefault`: so do the dashboard and gameweeks calls naming no competition; `defaultIs`: the
 * competition those answer for, against the rule (a server that changed its mind meanwhile).
 */
function serve(
  competitions: Competition[],
  preferences: UserPreferences = PREFERENCES,
  { holdPreferences, holdDefault, defaultIs }: { holdPreferences?: Promise<void>; holdDefault?: Promise<void>; defaultIs?: string } = {},
) {
  let saved = preferences;
  /** The competition a call answers for: the one it names, else the fan's saved one, else the first they play (listed first). */
  const answeredFor = (url: URL) => url.searchParams.get('competition') ?? defaultIs ?? saved.current_competition ?? competitions.find((c) => c.playing)?.code;
  const heldIfDefault = async (url: URL) => {
    if (!url.searchParams.has('competition')) await holdDefault;
  };
  const handlers: Record<string, (url: URL, init?: RequestInit) => Answer | Promise<Answer>> = {
    'GET /api/competitions/': () => ({ body: { data: competitions } }),
    'GET /api/auth/preferences/': async () => {
      await holdPreferences;
      return { body: { data: saved } };
    },
    'PUT /api/auth/preferences/': (_url, init) => {
      const change = JSON.parse(String(init?.body)) as { current_competition?: string | null };
      saved = { ...saved, current_competition: change.current_competition ?? null };
      return { body: { message: 'Settings saved.', data: saved } };
    },
    'GET /api/stats/dashboard/': async (url) => {
      await heldIfDefault(url);
      return { body: { data: dashboard(answeredFor(url) === 'fifa.wc' ? 'World Cup 2026' : 'Premier 2025/26') } };
    },
    'GET /api/seasons/gameweeks/': async (url) => {
      await heldIfDefault(url);
      return { body: { data: [] } };
    },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    const answer = handler ? await handler(url, init) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).split('?')[0] === `/api${path}`).map(([input, init]) => ({
      url: String(input),
      body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
    }));
  return { fetchMock, calls };
}

const switcher = () => screen.queryByRole('combobox', { name: 'Competition' }) as HTMLSelectElement | null;

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('the competition switcher', () => {
  it('is not there with one competition, and the requests name none (as before competitions)', async () => {
    const { calls } = serve([PREMIER]);
    const { queryClient } = renderApp('/dashboard');
    expect(await screen.findByText('Premier 2025/26')).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/competitions/')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(switcher()).toBeNull();
    expect(calls('GET', '/stats/dashboard/').map((c) => c.url)).toEqual(['/api/stats/dashboard/']);
    expect(calls('PUT', '/auth/preferences/')).toEqual([]);
    expect(queryClient.getQueryCache().findAll({ queryKey: dashboardQueryPrefix }).map((q) => q.queryKey)).toEqual([['stats', 'dashboard', null]]);
  });

  it('shows the competitions with two, switches the screens at once and saves the choice', async () => {
    const { calls } = serve([PREMIER, WORLD_CUP], { ...PREFERENCES, current_competition: 'en.1' });
    const { queryClient } = renderApp('/dashboard');

    const select = (await screen.findByRole('combobox', { name: 'Competition' })) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('en.1'));
    expect([...select.options].map((o) => o.textContent)).toEqual(['Premier League', 'FIFA World Cup']);
    expect(await screen.findByText('Premier 2025/26')).toBeTruthy();
    // The saved preference is the server's default: the calls name no competition (early answers match).
    expect(calls('GET', '/stats/dashboard/').every((c) => c.url === '/api/stats/dashboard/')).toBe(true);

    fireEvent.change(select, { target: { value: 'fifa.wc' } });
    expect(select.value).toBe('fifa.wc');
    expect(await screen.findByText('World Cup 2026')).toBeTruthy();
    expect(calls('GET', '/stats/dashboard/').map((c) => c.url)).toContain('/api/stats/dashboard/?competition=fifa.wc');
    await waitFor(() => expect(calls('PUT', '/auth/preferences/').map((c) => c.body)).toEqual([{ current_competition: 'fifa.wc' }]));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(COMPETITION_STORAGE_KEY) ?? 'null')).toMatchObject({ chosen: 'fifa.wc', saved: 'fifa.wc' }));
    // Each competition's answer under its own key, the competition last.
    const keys = queryClient.getQueryCache().findAll({ queryKey: dashboardQueryPrefix }).map((q) => q.queryKey.at(-1));
    expect(keys).toEqual(expect.arrayContaining(['en.1', 'fifa.wc']));
  });

  it('groups the competitions the fan plays apart from the others being played', async () => {
    serve([PREMIER, WORLD_CUP, competition('uefa.cl', 'Champions League', { playing: false })]);
    renderApp('/dashboard');
    const select = (await screen.findByRole('combobox', { name: 'Competition' })) as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groups).toEqual([
      ['Your competitions', ['Premier League', 'FIFA World Cup']],
      ['Also being played', ['Champions League']],
    ]);
  });

  it('takes the competition a link names, saves it and leaves the address clean', async () => {
    const { calls } = serve([PREMIER, WORLD_CUP], { ...PREFERENCES, current_competition: 'en.1' });
    const { router } = renderApp('/dashboard?competition=fifa.wc');
    expect(await screen.findByText('World Cup 2026')).toBeTruthy();
    await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
    await waitFor(() => expect(calls('PUT', '/auth/preferences/').map((c) => c.body)).toEqual([{ current_competition: 'fifa.wc' }]));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
  });

  it('keeps its place while the list loads, and offers Try Again when it fails', async () => {
    localStorage.setItem(COMPETITION_STORAGE_KEY, JSON.stringify({ chosen: 'en.1', saved: 'en.1', auto: false, several: true }));
    const { fetchMock } = serve([PREMIER, WORLD_CUP]);
    let fail = true;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/competitions/' && fail ? new Response(JSON.stringify({ message: 'boom' }), { status: 500 }) : answer(input, init),
    );
    renderApp('/dashboard');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Competitions could not load. Try again' }, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(within(banner).getByRole('button', { name: 'Competitions could not load. Try again' }));
    await waitFor(() => expect(switcher()?.value).toBe('en.1'));
  });
});

describe('the competition switcher on a fresh device (nothing chosen on it yet)', () => {
  /** Every text the page has shown while `run` ran, and each competition the dashboard was asked for. */
  async function watchDashboard(run: () => Promise<void>) {
    const shown = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const label of ['Premier 2025/26', 'World Cup 2026']) if (document.body.textContent?.includes(label)) shown.add(label);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      await run();
    } finally {
      observer.disconnect();
    }
    return shown;
  }

  it("waits for the fan's saved choice: never shows the first competition listed, then switches back", async () => {
    let release: () => void = () => undefined;
    const { calls } = serve([PREMIER, WORLD_CUP], { ...PREFERENCES, current_competition: 'fifa.wc' }, { holdPreferences: new Promise((r) => (release = r)) });
    const shown = await watchDashboard(async () => {
      renderApp('/dashboard');
      // The first screen loads for the server's default, the fan's saved World Cup, while the list of competitions is in.
      expect(await screen.findByText('World Cup 2026')).toBeTruthy();
      await waitFor(() => expect(calls('GET', '/competitions/')).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 50));
      // Until the preferences answer, no competition is named (the switcher keeps a placeholder).
      expect(calls('GET', '/stats/dashboard/').map((c) => c.url)).toEqual(['/api/stats/dashboard/']);
      expect(switcher()).toBeNull();
      release();
      await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
      await waitFor(() => expect(JSON.parse(localStorage.getItem(COMPETITION_STORAGE_KEY) ?? 'null')).toMatchObject({ chosen: 'fifa.wc', saved: 'fifa.wc', auto: false }));
    });
    expect([...shown]).toEqual(['World Cup 2026']);
    expect(calls('GET', '/stats/dashboard/').some((c) => c.url.includes('competition=en.1'))).toBe(false);
    // The saved choice stays the fan's: nothing was saved over it.
    expect(calls('PUT', '/auth/preferences/')).toEqual([]);
  });

  /** Once the switcher names fifa.wc and the gameweeks were asked for, with time for any further call. */
  async function firstScreensLoaded() {
    await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
    expect(await screen.findByText('World Cup 2026')).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/seasons/gameweeks/').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
  }
  let calls: ReturnType<typeof serve>['calls'];

  it.each([
    ['saved their choice', { ...PREFERENCES, current_competition: 'fifa.wc' }, [PREMIER, WORLD_CUP], undefined],
    ['saved none (the first they play)', PREFERENCES, [WORLD_CUP, PREMIER], undefined],
    ['saved none, the first answers still on their way', PREFERENCES, [WORLD_CUP, PREMIER], 'held'],
  ])('loads the first screens once when the fan %s: the early answers stand under the competition named', async (_case, preferences, competitions, held) => {
    let release: () => void = () => undefined;
    const holdDefault = held ? new Promise<void>((r) => (release = r)) : undefined;
    ({ calls } = serve(competitions, preferences, { holdDefault }));
    const shown = await watchDashboard(async () => {
      // Answers fresh for 30 s, as the app's (createQueryClient): only a new key asks again.
      const { queryClient } = renderApp('/dashboard', { staleTime: 30_000 });
      if (held) {
        await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
        release();
      }
      await firstScreensLoaded();
      // Asked once each, naming no competition (the server's default, as early answers are).
      expect(calls('GET', '/stats/dashboard/').map((c) => c.url)).toEqual(['/api/stats/dashboard/']);
      expect(calls('GET', '/seasons/gameweeks/').map((c) => c.url)).toEqual(['/api/seasons/gameweeks/']);
      // The competition's keys hold them.
      expect(queryClient.getQueryData<DashboardData>(dashboardQueryKey('fifa.wc'))?.season?.label).toBe('World Cup 2026');
      expect(queryClient.getQueryData(gameweeksQueryKey('fifa.wc'))).toEqual([]);
    });
    expect([...shown]).toEqual(['World Cup 2026']);
  });

  it.each([['in'], ['still on their way']])('asks again when the first answers (%s) were for another competition than the one named', async (when) => {
    let release: () => void = () => undefined;
    const holdDefault = when === 'in' ? undefined : new Promise<void>((r) => (release = r));
    // None saved, the World Cup listed first; the server answered the first calls for the Premier League.
    ({ calls } = serve([WORLD_CUP, PREMIER], PREFERENCES, { defaultIs: 'en.1', holdDefault }));
    const { queryClient } = renderApp('/dashboard', { staleTime: 30_000 });
    if (holdDefault) {
      await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
      release();
    }
    await firstScreensLoaded();
    await waitFor(() => expect(calls('GET', '/seasons/gameweeks/')).toHaveLength(2));
    expect(calls('GET', '/stats/dashboard/').map((c) => c.url)).toEqual(['/api/stats/dashboard/', '/api/stats/dashboard/?competition=fifa.wc']);
    expect(calls('GET', '/seasons/gameweeks/').map((c) => c.url)).toEqual(['/api/seasons/gameweeks/', '/api/seasons/gameweeks/?competition=fifa.wc']);
    expect(queryClient.getQueryData<DashboardData>(dashboardQueryKey('fifa.wc'))?.season?.label).toBe('World Cup 2026');
    expect(screen.queryByText('Premier 2025/26')).toBeNull();
  });

  it('names the first competition the fan plays when they saved none, once the preferences say so', async () => {
    // The server lists first the competition it answers for when none is saved (the first the fan started playing).
    const { calls } = serve([WORLD_CUP, PREMIER]);
    const shown = await watchDashboard(async () => {
      renderApp('/dashboard');
      await waitFor(() => expect(switcher()?.value).toBe('fifa.wc'));
      expect(await screen.findByText('World Cup 2026')).toBeTruthy();
    });
    expect(shown.has('Premier 2025/26')).toBe(false);
    expect(calls('PUT', '/auth/preferences/')).toEqual([]);
    expect(JSON.parse(localStorage.getItem(COMPETITION_STORAGE_KEY) ?? 'null')).toMatchObject({ chosen: 'fifa.wc', saved: null, auto: true });
  });
});

describe('per-competition query keys', () => {
  it('end with the competition and keep the prefixes the live updates invalidate', () => {
    const keys: (readonly unknown[])[] = [
      dashboardQueryKey('fifa.wc'),
      currentFixturesQueryKey('fifa.wc'),
      gameweekFixturesQueryKey(3, 'fifa.wc'),
      currentPredictionsQueryKey('fifa.wc'),
      gameweekResultsQueryKey(3, 'fifa.wc'),
      gameweeksHistoryQueryKey({ page: 1 }, 'fifa.wc'),
      gameweeksQueryKey('fifa.wc'),
      crowdQueryKey(3, 'fifa.wc'),
      myRankHistoryQueryKey('fifa.wc'),
      leaguesOverviewQueryKey('fifa.wc'),
      discoverLeaguesQueryKey({ page: 1 }, 'fifa.wc'),
    ];
    for (const key of keys) expect([key[0], key.at(-1)]).toEqual([key[0], 'fifa.wc']);
    const prefixes = [['fixtures'], ['predictions'], ['results'], ['stats', 'history'], dashboardQueryPrefix, gameweeksQueryPrefix, leaguesOverviewQueryPrefix];
    for (const prefix of prefixes) expect(keys.some((key) => prefix.every((part, i) => key[i] === part))).toBe(true);
  });
});
