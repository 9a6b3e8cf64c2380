// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEventForTest } from '@/lib/live';
import { renderApp } from '@/test/render-app';
import type { League } from '@scoreline/contracts/api/leagues';
import { makeActivity, makeLeaderboard, makeLeague, makeMember, makeRequest, makeRow } from '../testing/fixtures';
import { callsTo, stubApi, type StubHandler } from '../testing/stub-api';

const L = '/api/leagues/7';

function detailApi(league: Partial<League> = {}, overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    [`GET ${L}/`]: () => ({ body: { data: makeLeague(league) } }),
    [`GET ${L}/stats/`]: () => ({
      body: { data: { stats: { total_members: 3, current_gameweek: 5, total_gameweeks: 38, leading_score: 190, season_progress_percent: 13 } } },
    }),
    [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard([makeRow(1), makeRow(2)]) } }),
    [`GET ${L}/members/enhanced/`]: () => ({
      body: { data: { members: [makeMember(1), makeMember(2)], page: 1, page_size: 10, total_count: 2, total_pages: 1, has_next: false, has_previous: false } },
    }),
    [`GET ${L}/members/stats/`]: () => ({ body: { data: { member_stats: { total_members: 3, active_this_week: 2, avg_accuracy: 48, top_performers: 3 } } } }),
    [`GET ${L}/activity/`]: () => ({ body: { data: { feed: { activities: [], total_count: 0, has_next: false, has_previous: false, page: 1, page_size: 10 } } } }),
    [`GET ${L}/activity/stats/`]: () => ({
      body: { data: { stats: { total_activities: 4, activities_today: 1, activities_this_week: 2, user_participation_rate: 67 } } },
    }),
    ...overrides,
  });
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('league detail', () => {
  it("shows 'League Not Found' with the server message and a back link", async () => {
    detailApi({}, { [`GET ${L}/`]: () => ({ status: 404, body: { message: 'League not found.' } }) });
    renderApp('/leagues/7');
    expect(await screen.findByText('League Not Found')).toBeTruthy();
    expect(screen.getByText('League not found.')).toBeTruthy();
    expect(screen.getByText('Back to Leagues', { selector: 'a' }).getAttribute('href')).toBe('/leagues');
  });

  it('falls back to the generic not-found text when the server says nothing', async () => {
    detailApi({}, { [`GET ${L}/`]: () => ({ status: 500 }) });
    renderApp('/leagues/7');
    expect(
      await screen.findByText('Unable to load league details. The league may not exist or you may not have access.'),
    ).toBeTruthy();
  });

  it('shows the header, stats cards and activity stats', async () => {
    detailApi({ member_count: 3, owner_name: 'Ada Lovelace' });
    renderApp('/leagues/7');
    expect(await screen.findByText('Office Predictors', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(await screen.findByText('190')).toBeTruthy();
    expect(screen.getByLabelText('Season progress').getAttribute('aria-valuenow')).toBe('13');
    expect(await screen.findByText('67%')).toBeTruthy();
  });

  it('shows a tick on the copy icon for 1.5 s after copying the invite code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    detailApi();
    renderApp('/leagues/7');
    const button = await screen.findByLabelText('Copy invite code');
    vi.useFakeTimers();
    fireEvent.click(button);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(writeText).toHaveBeenCalledWith('K7PQ2XMA');
    expect(screen.getByLabelText('Invite code copied')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1499);
    });
    expect(screen.getByLabelText('Invite code copied')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByLabelText('Copy invite code')).toBeTruthy();
  });
});

describe('pending join requests', () => {
  it('are not shown (nor fetched) for a member who is not the owner', async () => {
    const fetchMock = detailApi({ is_owner: false });
    renderApp('/leagues/7');
    await screen.findByText('Office Predictors', { selector: 'h1' });
    await screen.findByText('190');
    expect(screen.queryByText('Pending Requests')).toBeNull();
    expect(callsTo(fetchMock, `${L}/join-requests/`)).toHaveLength(0);
  });

  it('are not shown for the owner of a public league', async () => {
    detailApi({ is_owner: true, role: 'owner', type: 'public', code: null });
    renderApp('/leagues/7');
    await screen.findByText('Office Predictors', { selector: 'h1' });
    expect(screen.queryByText('Pending Requests')).toBeNull();
  });

  it('leave the list when the owner approves or rejects them', async () => {
    const fetchMock = detailApi(
      { is_owner: true, role: 'owner' },
      {
        [`GET ${L}/join-requests/`]: () => ({ body: { data: { pending_requests: [makeRequest(31), makeRequest(32)] } } }),
        [`POST ${L}/approve-request/31/`]: () => ({ body: { message: 'Approved.' } }),
        [`POST ${L}/reject-request/32/`]: () => ({ body: { message: 'Rejected.' } }),
      },
    );
    renderApp('/leagues/7');
    expect(await screen.findByText('Pending Requests')).toBeTruthy();
    expect(await screen.findByText('Fan 31')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Approve Fan 31'));
    await waitFor(() => expect(screen.queryByText('Fan 31')).toBeNull());
    expect(callsTo(fetchMock, `${L}/approve-request/31/`, 'POST')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('Reject Fan 32'));
    expect(await screen.findByText('No pending requests')).toBeTruthy();
    expect(callsTo(fetchMock, `${L}/reject-request/32/`, 'POST')).toHaveLength(1);
  });

  it('stay and raise the alert text when approving or rejecting fails', async () => {
    detailApi(
      { is_owner: true, role: 'owner' },
      {
        [`GET ${L}/join-requests/`]: () => ({ body: { data: { pending_requests: [makeRequest(31)] } } }),
        [`POST ${L}/approve-request/31/`]: () => ({ status: 403, body: { message: 'Forbidden' } }),
        [`POST ${L}/reject-request/31/`]: () => ({ status: 403, body: { message: 'Forbidden' } }),
      },
    );
    renderApp('/leagues/7');
    fireEvent.click(await screen.findByLabelText('Approve Fan 31'));
    expect(await screen.findByText('Failed to approve request. You may not have permission.')).toBeTruthy();
    expect(screen.getByText('Fan 31')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Reject Fan 31'));
    expect(await screen.findByText('Failed to reject request. You may not have permission.')).toBeTruthy();
    expect(screen.getByText('Fan 31')).toBeTruthy();
  });

  it('gain a request and show a toast the moment one arrives', async () => {
    let pending: ReturnType<typeof makeRequest>[] = [];
    detailApi({ is_owner: true, role: 'owner' }, { [`GET ${L}/join-requests/`]: () => ({ body: { data: { pending_requests: pending } } }) });
    renderApp('/leagues/7');
    expect(await screen.findByText('No pending requests')).toBeTruthy();
    pending = [makeRequest(55, { id: 99, username: 'newfan', user_full_name: 'New Fan' })];
    act(() =>
      emitLiveEventForTest('request.created', {
        leagueId: 7,
        leagueName: 'Office Predictors',
        requestId: 99,
        userId: 55,
        username: 'newfan',
        fullName: 'New Fan',
        message: 'Hello!',
        createdAt: '2026-09-01T10:00:00Z',
      }),
    );
    expect(await screen.findByText('New Fan asked to join Office Predictors.')).toBeTruthy();
    expect(await screen.findByLabelText('Approve New Fan')).toBeTruthy();
  });
});

describe('leaderboard', () => {
  it('gives badges by rank, highlights tiers 1, 2, 3 and up to 5, and marks the current user', async () => {
    const rows = [1, 2, 3, 4, 5, 6].map((rank) => makeRow(rank, rank === 4 ? { is_current_user: true } : {}));
    detailApi({}, { [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard(rows) } }) });
    renderApp('/leagues/7');
    const table = (await screen.findByText('League leaderboard', { selector: 'caption' })).closest('table')!;
    await within(table).findByText('Player 1');
    expect(within(table).getAllByRole('img', { name: 'Crown badge' })).toHaveLength(1);
    expect(within(table).getAllByRole('img', { name: 'Medal badge' })).toHaveLength(2);
    expect(within(table).getAllByRole('img', { name: 'Star badge' })).toHaveLength(2);

    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.getAttribute('data-tier'))).toEqual(['first', 'second', 'third', 'top5', 'top5', null]);
    expect(bodyRows[3].getAttribute('aria-current')).toBe('true');
    expect(within(bodyRows[3]).getByText('You')).toBeTruthy();
    expect(within(bodyRows[0]).getByText('#1').className).toContain('yellow');
    expect(within(bodyRows[5]).getByText('#6').className).toContain('text-accent');
    expect(within(bodyRows[1]).getByRole('link', { name: 'Player 2' }).getAttribute('href')).toBe('/leagues/7/player/player2');
  });

  it("shows 'No Leaderboard Data' when the table fails to load", async () => {
    detailApi({}, { [`GET ${L}/leaderboard/`]: () => ({ status: 404, body: { message: 'nope' } }) });
    renderApp('/leagues/7');
    expect(await screen.findByText('No Leaderboard Data')).toBeTruthy();
  });

  it('re-ranks rows in place on a live update and marks who moved', async () => {
    detailApi({}, { [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard([makeRow(1), makeRow(2), makeRow(3)]) } }) });
    renderApp('/leagues/7');
    const table = (await screen.findByText('League leaderboard', { selector: 'caption' })).closest('table')!;
    await within(table).findByText('Player 3');
    act(() =>
      emitLiveEventForTest('leaderboard.updated', {
        leagueId: 7,
        truncated: false,
        changed: [
          { userId: 103, rank: 1, previousRank: 3, totalPoints: 250, recentPoints: 40 },
          { userId: 101, rank: 2, previousRank: 1, totalPoints: 190, recentPoints: 10 },
          { userId: 102, rank: 3, previousRank: 2, totalPoints: 180, recentPoints: 10 },
        ],
      }),
    );
    const rows = within(table).getAllByRole('row').slice(1);
    // Each row links the player's name (first) and, for others than the viewer, the head to head.
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['Player 3', 'Player 1', 'Player 2']);
    expect(rows[0].getAttribute('data-moved')).toBe('up');
    expect(rows[1].getAttribute('data-moved')).toBe('down');
    expect(within(rows[0]).getByRole('img', { name: 'Crown badge' })).toBeTruthy();
    expect(within(rows[0]).getByText('250')).toBeTruthy();
  });

  it('refetches the table and the members list a moment after a goal (its server has it before the table push), not on a minute tick', async () => {
    const { api, before, membersBefore } = await openCountingRefetches();
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 20 }));
    await waitFor(() => expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 1));
    await waitFor(() => expect(callsTo(api, `${L}/members/enhanced/`).length).toBe(membersBefore + 1));
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 21 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 1);
    expect(callsTo(api, `${L}/members/enhanced/`).length).toBe(membersBefore + 1);
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 2, awayScore: 0, minute: 30 }));
    await waitFor(() => expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 2));
    // The gameweek table, when shown, likewise.
    fireEvent.click(screen.getByRole('tab', { name: 'Gameweek' }));
    await waitFor(() => expect(callsTo(api, `${L}/table/`).length).toBeGreaterThan(0));
    const tables = callsTo(api, `${L}/table/`).length;
    act(() => emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'finished', homeScore: 2, awayScore: 0, minute: null }));
    await waitFor(() => expect(callsTo(api, `${L}/table/`).length).toBe(tables + 1));
    vi.restoreAllMocks();
  });
});

/** League 7 open, refetches spread over no time (Math.random is 0), and how often its table and members were fetched so far. */
async function openCountingRefetches() {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  const api = detailApi();
  renderApp('/leagues/7');
  const table = (await screen.findByText('League leaderboard', { selector: 'caption' })).closest('table')!;
  await within(table).findByText('Player 2');
  await waitFor(() => expect(callsTo(api, `${L}/members/enhanced/`).length).toBeGreaterThan(0));
  return { api, before: callsTo(api, `${L}/leaderboard/`).length, membersBefore: callsTo(api, `${L}/members/enhanced/`).length };
}

describe('a big league at a goal', () => {
  it("refetches once for the score's push and the table's push that comes with it, and a lone table push refetches too", async () => {
    const { api, before, membersBefore } = await openCountingRefetches();
    act(() => {
      emitLiveEventForTest('fixture.updated', { fixtureId: 5, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute: 20 });
      emitLiveEventForTest('leaderboard.updated', { leagueId: 7, changed: [], truncated: true });
    });
    await waitFor(() => expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 1));
    await waitFor(() => expect(callsTo(api, `${L}/members/enhanced/`).length).toBe(membersBefore + 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 1);
    expect(callsTo(api, `${L}/members/enhanced/`).length).toBe(membersBefore + 1);
    // Another league's push is not this one's.
    act(() => emitLiveEventForTest('leaderboard.updated', { leagueId: 8, changed: [], truncated: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 1);
    act(() => emitLiveEventForTest('leaderboard.updated', { leagueId: 7, changed: [], truncated: true }));
    await waitFor(() => expect(callsTo(api, `${L}/leaderboard/`).length).toBe(before + 2));
    vi.restoreAllMocks();
  });
});

describe('activity feed', () => {
  it('loads more while has_next and starts again at page 1 when a filter changes', async () => {
    const fetchMock = detailApi(
      {},
      {
        [`GET ${L}/activity/`]: (url) => {
          const page = Number(url.searchParams.get('page'));
          const category = url.searchParams.get('category');
          const base = category ? 100 : 0;
          return {
            body: {
              data: {
                feed: {
                  activities: [makeActivity(base + page * 10 + 1), makeActivity(base + page * 10 + 2)],
                  total_count: 4,
                  has_next: page === 1,
                  has_previous: page > 1,
                  page,
                  page_size: 10,
                },
              },
            },
          };
        },
      },
    );
    renderApp('/leagues/7');
    expect(await screen.findByText('Activity number 11')).toBeTruthy();
    expect(callsTo(fetchMock, `${L}/activity/`)[0].searchParams.get('days')).toBe('30');

    fireEvent.click(screen.getByText('Load More', { selector: 'button' }));
    expect(await screen.findByText('Activity number 21')).toBeTruthy();
    expect(screen.getByText('Activity number 11')).toBeTruthy();
    expect(callsTo(fetchMock, `${L}/activity/`).at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.queryByText('Load More', { selector: 'button' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'membership' } });
    expect(await screen.findByText('Activity number 111')).toBeTruthy();
    const last = callsTo(fetchMock, `${L}/activity/`).at(-1)!;
    expect(last.searchParams.get('page')).toBe('1');
    expect(last.searchParams.get('category')).toBe('membership');
    expect(last.searchParams.get('page_size')).toBe('10');
    expect(screen.queryByText('Activity number 21')).toBeNull();
    expect(screen.getByText('Load More', { selector: 'button' })).toBeTruthy();
  });

  it("shows 'No Recent Activity' with a refresh button", async () => {
    const fetchMock = detailApi();
    renderApp('/leagues/7');
    expect(await screen.findByText('No Recent Activity')).toBeTruthy();
    const before = callsTo(fetchMock, `${L}/activity/`).length;
    fireEvent.click(screen.getByText('Refresh', { selector: 'button' }));
    await waitFor(() => expect(callsTo(fetchMock, `${L}/activity/`).length).toBe(before + 1));
  });
});

describe('members', () => {
  it('sorts and searches on the server and opens the member modal, which Escape closes', async () => {
    const fetchMock = detailApi(
      {},
      {
        [`GET ${L}/members/201/`]: () => ({
          body: {
            data: {
              member: {
                user_id: 201,
                username: 'member1',
                avatar: 'M1',
                full_name: 'Member 1',
                team_name: 'Chelsea',
                rank: 1,
                total_points: 299,
                prediction_accuracy: 61,
                weeks_active: 4,
                role: 'member',
                badge: 'crown',
              },
              achievements: [{ icon: 'crown', title: 'League Leader', description: 'Top of the table right now.' }],
              comparison: { difference: 20, better_than_percent: 100, viewer_total_points: 279, is_self: false },
            },
          },
        }),
      },
    );
    renderApp('/leagues/7');
    const row = await screen.findByLabelText(/^Member 1, rank 1/);

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'points' } });
    await waitFor(() => expect(callsTo(fetchMock, `${L}/members/enhanced/`).at(-1)?.searchParams.get('sort')).toBe('points'));

    fireEvent.click(row);
    const dialog = (await screen.findByText('View Full Profile')).closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(dialog).findByText('League Leader')).toBeTruthy();
    expect(within(dialog).getByText('20 points ahead of')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe('/leagues/7/player/member1');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it("shows 'No Members Found' when the list fails", async () => {
    detailApi({}, { [`GET ${L}/members/enhanced/`]: () => ({ status: 500, body: {} }) });
    renderApp('/leagues/7');
    expect(await screen.findByText('No Members Found')).toBeTruthy();
  });
});
