// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEventForTest } from '@/lib/live';
import { mockApi, renderApp } from '@/test/render-app';
import { makeLeague, makeOverview } from '../testing/fixtures';

const overviewAnswer = () => ({ body: { data: makeOverview() } });

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

function sentBody(fetchMock: ReturnType<typeof mockApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url).startsWith(`/api${path}`) && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('leagues hub: overview', () => {
  it('shows the country, global and club cards with ranks and filters leagues by name, case-insensitively', async () => {
    mockApi({ 'GET /api/leagues/overview/': overviewAnswer });
    renderApp('/leagues');
    expect(await screen.findByLabelText(/Country League: England, your rank 4/)).toBeTruthy();
    expect(screen.getByLabelText(/Club League: Arsenal Fans/)).toBeTruthy();
    expect(screen.getByText('Office Predictors').closest('a')?.getAttribute('href')).toBe('/leagues/11');
    expect(screen.getByText('Private Leagues').closest('button')?.textContent).toContain('2');

    fireEvent.change(screen.getByLabelText('Search leagues'), { target: { value: 'fAmIlY' } });
    expect(screen.getByText('Family Cup').closest('a')).toBeTruthy();
    expect(screen.queryByText('Office Predictors')).toBeNull();
    expect(screen.queryByLabelText(/Country League/)).toBeNull();
    expect(screen.queryByText('Public Leagues')).toBeNull();

    fireEvent.change(screen.getByLabelText('Search leagues'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No leagues match your search')).toBeTruthy();
  });

  it('collapses a league list and offers the empty-state buttons', async () => {
    mockApi({
      'GET /api/leagues/overview/': () => ({
        body: {
          data: makeOverview({
            private_leagues: { count: 0, leagues: [], message: 'None yet.' },
            public_leagues: { count: 0, leagues: [], message: 'None yet.' },
          }),
        },
      }),
    });
    const { router } = renderApp('/leagues');
    const toggle = (await screen.findByText('Private Leagues')).closest('button')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Create Private League', { selector: 'button' })).toBeTruthy();
    // The page header's and the empty public list's.
    expect(screen.getAllByText('Discover Public Leagues', { selector: 'a' })).toHaveLength(2);
    expect(screen.getByText('Create Public League', { selector: 'button' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Join with Code', { selector: 'button' }).closest('[hidden]')).toBeTruthy();
    fireEvent.click(toggle);

    fireEvent.click(screen.getByText('Join with Code', { selector: 'button' }));
    expect(await screen.findByLabelText('Invite code')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=join');
  });

  it("shows 'Error Loading Leagues' with Try Again, and 'No league data available' for an empty answer", async () => {
    let calls = 0;
    mockApi({ 'GET /api/leagues/overview/': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: {} }) });
    renderApp('/leaderboard');
    expect(await screen.findByText('Error Loading Leagues')).toBeTruthy();
    expect(screen.getByText('Failed to load leagues')).toBeTruthy();
    fireEvent.click(screen.getByText('Try Again', { selector: 'button' }));
    expect(await screen.findByText('No league data available')).toBeTruthy();
  });
});

describe('leagues hub: create', () => {
  it('asks for max members only for a private league and checks 2–1000', async () => {
    const fetchMock = mockApi({ 'GET /api/leagues/overview/': overviewAnswer });
    renderApp('/leagues?tab=create');
    const maxMembers = await screen.findByPlaceholderText('Enter number (2-1000)');
    expect(maxMembers).toBeTruthy();

    fireEvent.click(screen.getByText('Create League', { selector: 'button[type="submit"]' }));
    expect(await screen.findByText('League name is required.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('League name'), { target: { value: 'Office' } });
    fireEvent.change(maxMembers, { target: { value: '1001' } });
    fireEvent.click(screen.getByText('Create League', { selector: 'button[type="submit"]' }));
    expect(await screen.findByText('Max members must be a number from 2 to 1000.')).toBeTruthy();
    expect(sentBody(fetchMock, '/leagues/')).toBeUndefined();

    fireEvent.click(screen.getByLabelText(/^Public/));
    expect(screen.queryByPlaceholderText('Enter number (2-1000)')).toBeNull();
  });

  it('sends max members for a private league, shows the success view with the code, and View My Leagues returns to the overview', async () => {
    const created = makeLeague({ id: 42, name: 'Office', code: 'AB12CD34', is_owner: true, role: 'owner', max_members: 25 });
    const fetchMock = mockApi({
      'GET /api/leagues/overview/': overviewAnswer,
      'POST /api/leagues/': () => ({ status: 201, body: { message: 'League created.', data: created } }),
    });
    const { router } = renderApp('/leagues?tab=create');
    fireEvent.change(await screen.findByLabelText('League name'), { target: { value: '  Office ' } });
    fireEvent.change(screen.getByPlaceholderText('Enter number (2-1000)'), { target: { value: '25' } });
    fireEvent.click(screen.getByText('Create League', { selector: 'button[type="submit"]' }));

    expect(await screen.findByText('League Created!')).toBeTruthy();
    expect(sentBody(fetchMock, '/leagues/')).toEqual({ name: 'Office', type: 'private', description: '', max_members: 25 });
    expect(screen.getByText('AB12CD34')).toBeTruthy();
    expect(screen.getByText('Create Another League', { selector: 'button' })).toBeTruthy();

    fireEvent.click(screen.getByText('View My Leagues', { selector: 'button' }));
    expect(await screen.findByLabelText('Search leagues')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByText('Create League', { selector: '[role="tab"]' }));
    expect(screen.queryByText('League Created!')).toBeNull();
  });

  it("leaves max members out for a public league and shows the server's failure message", async () => {
    const fetchMock = mockApi({
      'GET /api/leagues/overview/': overviewAnswer,
      'POST /api/leagues/': () => ({ status: 400, body: { message: 'League name must be at most 100 characters.' } }),
    });
    renderApp('/leagues?tab=create');
    fireEvent.change(await screen.findByLabelText('League name'), { target: { value: 'Open' } });
    fireEvent.click(screen.getByLabelText(/^Public/));
    fireEvent.click(screen.getByText('Create League', { selector: 'button[type="submit"]' }));
    expect(await screen.findByText('League name must be at most 100 characters.')).toBeTruthy();
    expect(sentBody(fetchMock, '/leagues/')).toEqual({ name: 'Open', type: 'public', description: '' });
  });
});

describe('leagues hub: join', () => {
  it('validates the invite code and the league ID before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/leagues/overview/': overviewAnswer });
    renderApp('/leagues?tab=join');
    fireEvent.click(await screen.findByText('Send Join Request', { selector: 'button' }));
    expect(await screen.findByText('Invite code is required for private leagues')).toBeTruthy();

    const code = screen.getByLabelText('Invite code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: ' ab12 cd34xyz' } });
    expect(code.value).toBe('AB12CD34');
    const message = screen.getByLabelText('Message to the owner (optional)');
    fireEvent.change(message, { target: { value: 'x'.repeat(250) } });
    expect(screen.getByText('200/200')).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/^Public League/));
    fireEvent.change(screen.getByLabelText('League ID'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByText('Join League', { selector: 'button[type="submit"]' }));
    expect(await screen.findByText('League ID is required for public leagues')).toBeTruthy();
    expect(sentBody(fetchMock, '/leagues/join/')).toBeUndefined();
  });

  it('shows the server message after joining and returns to the overview 2 s later', async () => {
    const fetchMock = mockApi({
      'GET /api/leagues/overview/': overviewAnswer,
      'POST /api/leagues/join/': () => ({
        body: {
          message: 'Your request to join Office was sent. The owner will review it.',
          data: { status: 'pending', league_id: 7, league_name: 'Office', request_id: 3 },
        },
      }),
    });
    const { router } = renderApp('/leagues?tab=join');
    fireEvent.change(await screen.findByLabelText('Invite code'), { target: { value: 'ab12cd34' } });
    fireEvent.change(screen.getByLabelText('Message to the owner (optional)'), { target: { value: ' Hi from Ada ' } });

    vi.useFakeTimers();
    fireEvent.click(screen.getByText('Send Join Request', { selector: 'button' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('Your request to join Office was sent. The owner will review it.')).toBeTruthy();
    expect(sentBody(fetchMock, '/leagues/join/')).toEqual({ type: 'private', code: 'AB12CD34', message: 'Hi from Ada' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(router.state.location.search).toBe('?tab=join');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(router.state.location.search).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByLabelText('Search leagues')).toBeTruthy();
  });

  it("joins a public league by ID and falls back to 'Failed to join league'", async () => {
    const fetchMock = mockApi({
      'GET /api/leagues/overview/': overviewAnswer,
      'POST /api/leagues/join/': () => ({ status: 500, body: {} }),
    });
    renderApp('/leagues?tab=join');
    fireEvent.click(await screen.findByLabelText(/^Public League/));
    fireEvent.change(screen.getByLabelText('League ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByText('Join League', { selector: 'button[type="submit"]' }));
    const alert = (await screen.findByText('Failed to join league')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('Failed to join league')).toBeTruthy();
    await waitFor(() => expect(sentBody(fetchMock, '/leagues/join/')).toEqual({ type: 'public', league_id: 42 }));
  });
});

describe('leagues hub: live', () => {
  it('tells a requester at once when the owner decides, and reloads the overview', async () => {
    const fetchMock = mockApi({ 'GET /api/leagues/overview/': overviewAnswer });
    renderApp('/leagues');
    await screen.findByLabelText('Search leagues');
    const before = fetchMock.mock.calls.filter(([url]) => String(url).includes('/leagues/overview/')).length;
    act(() => emitLiveEventForTest('request.decided', { leagueId: 7, leagueName: 'Office', requestId: 3, decision: 'approved' }));
    expect(await screen.findByText('Your request to join Office was approved. Welcome in!')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/leagues/overview/')).length).toBe(before + 1));
    act(() => emitLiveEventForTest('request.decided', { leagueId: 8, leagueName: 'Family Cup', requestId: 4, decision: 'rejected' }));
    expect(await screen.findByText('Your request to join Family Cup was declined.')).toBeTruthy();
  });

  it('refetches the ranks once a moment after a burst of goals (the server ranks them at once), not on a minute tick', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const fetchMock = mockApi({ 'GET /api/leagues/overview/': overviewAnswer });
    const overviews = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/leagues/overview/')).length;
    renderApp('/leagues');
    await screen.findByLabelText('Search leagues');
    const before = overviews();
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 0, awayScore: 0, minute: 1 }));
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 20 }));
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 6, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 0, awayScore: 1, minute: 21 }));
    await waitFor(() => expect(overviews()).toBe(before + 1), { timeout: 6000 });
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 22 }));
    await new Promise((r) => setTimeout(r, 3500));
    expect(overviews()).toBe(before + 1);
    vi.restoreAllMocks();
  });
});

