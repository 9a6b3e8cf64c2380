// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { LeagueCompetition } from '@scoreline/contracts/api/leagues';
import { renderApp } from '@/test/render-app';
import { makeEntry, makeLeague, makeOverview } from '../testing/fixtures';
import { callsTo, stubApi, type StubHandler } from '../testing/stub-api';

const competition = (code: string, name: string, playing = true): Competition => ({
  code,
  name,
  kind: code === 'fifa.wc' ? 'tournament' : 'league',
  season: { id: code === 'fifa.wc' ? 9 : 4, name: `${name} 2026` },
  first_kickoff: null,
  playing,
  team: null,
  team_locked: false,
});

const PREMIER = competition('en.1', 'Premier League');
const WORLD_CUP = competition('fifa.wc', 'FIFA World Cup');
const WC = { code: 'fifa.wc', name: 'FIFA World Cup', kind: 'tournament' as const };

/** The overview of one competition, told apart by its private league's name. */
function overviewOf(url: URL) {
  const code = url.searchParams.get('competition');
  if (code === 'fifa.wc') {
    return makeOverview({
      private_leagues: { count: 1, leagues: [makeEntry({ id: 31, name: 'Office World Cup', competition: WC }, 'owner', 2)], message: '' },
      public_leagues: { count: 0, leagues: [], message: '' },
    });
  }
  return makeOverview();
}

function hubApi(competitions: Competition[], overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'GET /api/competitions/': () => ({ body: { data: competitions } }),
    'GET /api/leagues/overview/': (url) => ({ body: { data: overviewOf(url) } }),
    ...overrides,
  });
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('leagues hub with several competitions', () => {
  it('groups the leagues under a heading per competition, the chosen one first, each asked for by its code', async () => {
    localStorage.setItem('scoreline.competition', JSON.stringify({ chosen: 'fifa.wc', saved: 'fifa.wc', auto: false, several: true }));
    const fetchMock = hubApi([PREMIER, WORLD_CUP]);
    renderApp('/leagues');

    // Role queries over the whole hub are slow in jsdom: the sections by their headings.
    const section = (name: string) => screen.queryByText(name, { selector: 'h2' })?.closest('section') ?? null;
    const world = (await screen.findByText('FIFA World Cup', { selector: 'h2' })).closest('section')!;
    const premier = (await screen.findByText('Premier League', { selector: 'h2' })).closest('section')!;
    expect(world.getAttribute('aria-labelledby')).toBe(screen.getByText('FIFA World Cup', { selector: 'h2' }).id);
    expect(world.compareDocumentPosition(premier) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(world).findByText('Office World Cup')).toBeTruthy();
    expect(await within(premier).findByText('Family Cup')).toBeTruthy();
    expect(within(world).getByText('Private Leagues').closest('h3')).toBeTruthy();
    // The chosen one's answer serves both layouts (before and after the list arrives): asked once.
    await waitFor(() => expect(callsTo(fetchMock, '/api/leagues/overview/').map((u) => u.searchParams.get('competition'))).toEqual(['fifa.wc', 'en.1']));

    // One search over every competition.
    fireEvent.change(screen.getByLabelText('Search leagues'), { target: { value: 'world' } });
    expect(screen.getByText('Office World Cup')).toBeTruthy();
    expect(section('Premier League')).toBeNull();
  });

  it("leaves the competition out of the automatic leagues' names under its heading, and keeps it with one competition", async () => {
    const PL = { code: 'en.1', name: 'Premier League', kind: 'league' as const };
    /** A competition's automatic leagues, named as the server names them: what they are, then the competition. */
    const automatic = (competition: LeagueCompetition, ids: [number, number, number]) =>
      makeOverview({
        country_league: {
          league: makeLeague({ id: ids[0], name: `England League · ${competition.name}`, type: 'country', code: null, max_members: null, competition }),
          country_flag: null,
          country_name: 'England',
          rank: 4,
          message: '',
        },
        global_league: { league: makeLeague({ id: ids[1], name: `Global League · ${competition.name}`, type: 'global', code: null, max_members: null, competition }), rank: 12, message: '' },
        club_league: {
          league: makeLeague({ id: ids[2], name: `Arsenal FC Fans · ${competition.name}`, type: 'club', code: null, max_members: null, competition }),
          club_logo: null,
          club_name: 'Arsenal FC',
          rank: 2,
          message: '',
        },
      });
    const overview = (url: URL) => (url.searchParams.get('competition') === 'fifa.wc' ? automatic(WC, [51, 52, 53]) : automatic(PL, [1, 2, 3]));
    hubApi([PREMIER, WORLD_CUP], { 'GET /api/leagues/overview/': (url) => ({ body: { data: overview(url) } }) });
    const grouped = renderApp('/leagues');
    const world = (await screen.findByText('FIFA World Cup', { selector: 'h2' })).closest('section')!;
    const premier = (await screen.findByText('Premier League', { selector: 'h2' })).closest('section')!;
    const cardNames = async (section: HTMLElement) => {
      await within(section).findByText('England League', { selector: 'h3' });
      return within(section)
        .getAllByRole('link')
        .filter((link) => link.querySelector('h3'))
        .map((link) => [link.querySelector('h3')!.textContent, link.getAttribute('aria-label')]);
    };
    expect(await cardNames(world)).toEqual([
      ['England League', 'Country League: England League, your rank 4'],
      ['Global League', 'Global League: Global League, your rank 12'],
      ['Arsenal FC Fans', 'Club League: Arsenal FC Fans, your rank 2'],
    ]);
    expect((await cardNames(premier)).map(([name]) => name)).toEqual(['England League', 'Global League', 'Arsenal FC Fans']);
    expect(document.body.textContent).not.toContain(' · FIFA World Cup');

    // The search matches the names as shown: "world" finds no automatic league by its hidden ending.
    fireEvent.change(screen.getByLabelText('Search leagues'), { target: { value: 'world' } });
    expect(await screen.findByText('No leagues match your search')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search leagues'), { target: { value: 'england' } });
    const found = (await screen.findAllByText('England League', { selector: 'h3' })).map((name) => name.closest('section')!.querySelector('h2')!.textContent);
    expect(found.sort()).toEqual(['FIFA World Cup', 'Premier League']);
    expect(screen.queryByText('Global League', { selector: 'h3' })).toBeNull();
    grouped.unmount();

    // One competition: no heading says which, so the card keeps its whole name.
    hubApi([PREMIER], { 'GET /api/leagues/overview/': (url) => ({ body: { data: overview(url) } }) });
    renderApp('/leagues');
    expect(await screen.findByText('England League · Premier League', { selector: 'h3' })).toBeTruthy();
    expect(screen.getByText('Global League · Premier League', { selector: 'h3' })).toBeTruthy();
  });

  it('says which competition failed, with Try Again for it alone', async () => {
    let fail = true;
    hubApi([PREMIER, WORLD_CUP], {
      'GET /api/leagues/overview/': (url) =>
        url.searchParams.get('competition') === 'fifa.wc' && fail ? { status: 500, body: { message: 'boom' } } : { body: { data: overviewOf(url) } },
    });
    renderApp('/leagues');
    expect(await screen.findByText('Error loading the leagues of FIFA World Cup')).toBeTruthy();
    expect(await screen.findByText('Family Cup')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Office World Cup')).toBeTruthy();
  });

  it('keeps one overview, with no competition heading, while one competition is played', async () => {
    const fetchMock = hubApi([PREMIER]);
    renderApp('/leagues');
    expect(await screen.findByText('Family Cup')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, '/api/competitions/')).toHaveLength(1));
    expect(screen.queryByText('Premier League', { selector: 'h2' })).toBeNull();
    expect(callsTo(fetchMock, '/api/leagues/overview/').map((u) => u.search)).toEqual(['']);
  });

  it('creates a league in the competition the switcher shows', async () => {
    localStorage.setItem('scoreline.competition', JSON.stringify({ chosen: 'fifa.wc', saved: 'en.1', auto: false, several: true }));
    const fetchMock = hubApi([PREMIER, WORLD_CUP], {
      'POST /api/leagues/': () => ({ status: 201, body: { data: makeLeague({ id: 40, name: 'Cup Crew', competition: WC }) } }),
    });
    renderApp('/leagues?tab=create');
    expect(await screen.findByText('Competition: FIFA World Cup')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('League name'), { target: { value: 'Cup Crew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create League' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/leagues/', 'POST')).toHaveLength(1));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Cup Crew', competition: 'fifa.wc' });
  });

  it("opening a league of another competition switches to the league's competition", async () => {
    localStorage.setItem('scoreline.competition', JSON.stringify({ chosen: 'en.1', saved: 'en.1', auto: false, several: true }));
    const fetchMock = hubApi([PREMIER, WORLD_CUP], {
      'GET /api/leagues/31/': () => ({ body: { data: makeLeague({ id: 31, name: 'Office World Cup', competition: WC }) } }),
      'PUT /api/auth/preferences/': () => ({ body: { data: { preferences: { theme: 'dark', language: 'en', timezone: 'local' }, notifications: { gameweekDeadlines: true, leagueUpdates: true, matchResults: false, weeklyDigest: true }, current_competition: 'fifa.wc' } } }),
    });
    renderApp('/leagues/31');
    expect(await screen.findByText('Office World Cup', { selector: 'h1' })).toBeTruthy();
    const switcher = (await screen.findByRole('combobox', { name: 'Competition' })) as HTMLSelectElement;
    await waitFor(() => expect(switcher.value).toBe('fifa.wc'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/preferences/', 'PUT')).toHaveLength(1));
  });
});
