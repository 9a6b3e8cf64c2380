// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { GroupTable, GroupTableEntry, SeasonGroups } from '@scoreline/contracts/api/groups';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { emitLiveEventForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';

const LEAGUE: Competition = {
  code: 'en.1',
  name: 'Premier League',
  kind: 'league',
  season: { id: 3, name: 'Premier League 2097/98' },
  first_kickoff: '2097-08-15T19:00:00.000Z',
  playing: true,
  team: null,
  team_locked: false,
};
const WORLD_CUP: Competition = {
  ...LEAGUE,
  code: 'fifa.wc',
  name: 'FIFA World Cup',
  kind: 'tournament',
  season: { id: 9, name: 'FIFA World Cup 2098' },
};

function entry(position: number, team: string, over: Partial<GroupTableEntry> = {}): GroupTableEntry {
  return {
    position,
    team_id: position * 10,
    team,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goals_for: 0,
    goals_against: 0,
    goal_difference: 0,
    points: 0,
    tied: false,
    ...over,
  };
}

const GROUP_A: GroupTable = {
  name: 'Group A',
  unfinished: 2,
  rows: [
    entry(1, 'Mexico', { played: 2, won: 2, goals_for: 5, goals_against: 1, goal_difference: 4, points: 6 }),
    entry(2, 'South Korea', { played: 2, won: 1, lost: 1, goals_for: 2, goals_against: 2, points: 3 }),
    entry(3, 'Czechia', { played: 2, drawn: 1, lost: 1, goals_for: 1, goals_against: 3, goal_difference: -2, points: 1, tied: true }),
    entry(4, 'South Africa', { played: 2, drawn: 1, lost: 1, goals_for: 1, goals_against: 3, goal_difference: -2, points: 1, tied: true }),
  ],
};
const GROUP_B: GroupTable = {
  name: 'Group B',
  unfinished: 0,
  rows: [entry(1, 'Canada', { played: 3, won: 3, goals_for: 6, goal_difference: 6, points: 9 }), entry(2, 'Qatar'), entry(3, 'Switzerland'), entry(4, 'Bosnia and Herzegovina')],
};

/** Not started: its order is only alphabetical. */
const GROUP_C: GroupTable = { name: 'Group C', unfinished: 6, rows: [entry(1, 'Brazil'), entry(2, 'Haiti'), entry(3, 'Morocco'), entry(4, 'Scotland')] };

function groups(over: Partial<SeasonGroups> = {}): SeasonGroups {
  return { season_id: WORLD_CUP.season.id, season_name: WORLD_CUP.season.name, groups: [GROUP_A, GROUP_B, GROUP_C], ...over };
}

/** Signed in, in `language` (English unless told). */
async function signedIn(language: LanguageSetting = 'en') {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

/** The cells of a body row as read left to right: position, team, then the numbers. */
function cellsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll('td, th')].map((cell) => cell.textContent ?? '');
}

describe('group tables', () => {
  it("shows the tournament's group tables: the fan's tournament, the top two marked as going through, ties marked", async () => {
    await signedIn();
    const fetchMock = mockApi({
      'GET /api/competitions/': () => ({ body: { data: [LEAGUE, WORLD_CUP] } }),
      'GET /api/seasons/9/groups/': () => ({ body: { data: groups() } }),
      'PUT /api/auth/preferences/': () => ({ body: { data: { current_competition: 'fifa.wc' } } }),
    });
    // The fan plays both and follows a link to the World Cup's groups (the switcher's choice).
    renderApp('/groups?competition=fifa.wc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Group Tables' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Standings: Group A' });
    expect(screen.getByText('FIFA World Cup 2098')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Group A' })).toBeTruthy();
    expect(screen.getByText('2 matches still to play')).toBeTruthy();
    expect(screen.getByText('All matches played')).toBeTruthy();
    // The league's season (the first competition) is not asked for: it has no groups.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/seasons/3/'))).toBe(false);

    // Short headings on screen, full names for screen readers.
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#Position',
      'Team',
      'PPlayed',
      'WWon',
      'DDrawn',
      'LLost',
      'GFGoals for',
      'GAGoals against',
      'GDGoal difference',
      'PtsPoints',
    ]);
    expect(within(table).getAllByRole('columnheader').every((th) => th.getAttribute('scope') === 'col')).toBe(true);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['1 (qualifying place)', 'Mexico', '2', '2', '0', '0', '5', '1', '+4', '6'],
      ['2 (qualifying place)', 'South Korea', '2', '1', '0', '1', '2', '2', '0', '3'],
      ['3', 'Czechia= (tied)', '2', '0', '1', '1', '1', '3', '-2', '1'],
      ['4', 'South Africa= (tied)', '2', '0', '1', '1', '1', '3', '-2', '1'],
    ]);
    expect(rows.map((row) => row.hasAttribute('data-through'))).toEqual([true, true, false, false]);
    // Nobody is going through a group that has not started.
    const notStarted = screen.getByRole('table', { name: 'Standings: Group C' });
    expect(within(notStarted).getAllByRole('row').slice(1).map((row) => row.hasAttribute('data-through'))).toEqual([false, false, false, false]);
    expect(within(notStarted).queryByText(/qualifying place/)).toBeNull();
    expect(within(table).getByRole('rowheader', { name: /^Czechia ?\(tied\)$/ })).toBeTruthy();
    expect(screen.getAllByText(/fair play or drawing lots will separate them/)).not.toHaveLength(0);
    expect(screen.getByText('The top two go through')).toBeTruthy();

    // A finished match of this tournament changes its tables: they are fetched again; the league's matches leave them be.
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/seasons/9/groups/')).length;
    const before = reads();
    const update = { fixtureId: 1, gameweekId: 2, seasonId: 9, competition: 'fifa.wc', status: 'finished', homeScore: 1, awayScore: 0, minute: null } as const;
    emitLiveEventForTest('fixture.updated', { ...update, seasonId: 3, competition: 'en.1' });
    emitLiveEventForTest('fixture.updated', { ...update, status: 'live', minute: 80 });
    // A fetch starts at once on invalidation: a short wait shows none was started.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(before);
    emitLiveEventForTest('fixture.updated', update);
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('says a league has no groups', async () => {
    await signedIn();
    mockApi({
      'GET /api/competitions/': () => ({ body: { data: [LEAGUE] } }),
      'GET /api/seasons/3/groups/': () => ({ body: { data: { season_id: 3, season_name: LEAGUE.season.name, groups: [] } } }),
    });
    renderApp('/groups');
    expect(await screen.findByRole('heading', { name: 'This competition has no groups' })).toBeTruthy();
    expect(screen.getByText('Premier League 2097/98')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when no competition is being played', async () => {
    await signedIn();
    const fetchMock = mockApi({ 'GET /api/competitions/': () => ({ body: { data: [] } }) });
    renderApp('/groups');
    expect(await screen.findByRole('heading', { name: 'No competition is being played right now' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/groups/'))).toBe(false);
  });

  it('shows an error with a retry when loading fails, and the tables after the retry', async () => {
    await signedIn();
    let fail = true;
    mockApi({
      'GET /api/competitions/': () => ({ body: { data: [WORLD_CUP] } }),
      'GET /api/seasons/9/groups/': () => (fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: { data: groups() } }),
    });
    renderApp('/groups');
    expect(await screen.findByRole('heading', { name: 'Could not load the group tables' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Standings: Group B' })).toBeTruthy();
  });

  it("is in the fan's language", async () => {
    await signedIn('de');
    mockApi({
      'GET /api/competitions/': () => ({ body: { data: [WORLD_CUP] } }),
      'GET /api/seasons/9/groups/': () => ({ body: { data: groups({ groups: [GROUP_A] }) } }),
    });
    renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Tabelle: Group A' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gruppentabellen' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Spiele' }).textContent).toBe('SpSpiele');
    expect(screen.getByText('Noch 2 Spiele offen')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Gruppentabellen · Scoreline'));
  });

  it("is linked beside a tournament's fixtures, and not beside a league's", async () => {
    await signedIn();
    mockApi({ 'GET /api/competitions/': () => ({ body: { data: [LEAGUE, WORLD_CUP] } }) });
    const view = renderApp('/gameweeks');
    const link = await screen.findByRole('link', { name: /Group Tables/ });
    expect(link.getAttribute('href')).toBe('/groups');
    expect(link.textContent).toContain('FIFA World Cup');
    view.unmount();

    mockApi({ 'GET /api/competitions/': () => ({ body: { data: [LEAGUE] } }) });
    const { queryClient } = renderApp('/gameweeks');
    await waitFor(() => expect(queryClient.getQueryState(['competitions'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: /Group Tables/ })).toBeNull();
  });
});
