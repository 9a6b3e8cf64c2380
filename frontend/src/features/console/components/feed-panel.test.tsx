// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, makeFeedState, makeFixture, makeGameweek, makeUnmatched, signIn, stubApi } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

const CLUBS = [
  { id: 7, name: 'Korea Republic', short_name: 'Korea', code: 'KOR' },
  { id: 3, name: 'Czechia', short_name: null, code: 'CZE' },
];

const TEAM = makeUnmatched();
const MATCH = makeUnmatched({ kind: 'match', provider_id: 9001, description: 'Korea Republic v Czechia, 2098-06-12T02:00:00Z' });

describe('operator console: feed', () => {
  it('shows one card per competition: how stale, requests left, errors and recent problems', async () => {
    stubApi({
      ...adminBase(),
      'GET /api/admin/feed/': () => ({
        body: {
          data: [
            makeFeedState(),
            makeFeedState({
              competition: 'fifa.wc',
              competition_name: 'World Cup',
              provider_code: 'WC',
              stand_in: true,
              stale_seconds: null,
              last_poll_at: null,
              last_good_poll_at: null,
              requests_left: null,
              recent_errors: [],
              errors_24h: 0,
              live_matches: 0,
            }),
          ],
        },
      }),
      'GET /api/admin/feed/unmatched/': () => ({ body: { data: [] } }),
    });
    renderApp('/console');

    const league = await screen.findByRole('group', { name: 'Premier League' });
    expect(within(league).getByText('en.1 · football-data · PL')).toBeTruthy();
    expect(within(league).getByText('Last good poll').nextElementSibling?.textContent).toBe('2 min ago');
    expect(within(league).getByText('Requests left').nextElementSibling?.textContent).toBe('7');
    expect(within(league).getByText('In play').nextElementSibling?.textContent).toBe('2');
    expect(within(league).getByText('Errors (24 h)').nextElementSibling?.textContent).toBe('1');
    expect(within(league).getByText('Up to date')).toBeTruthy();
    expect(within(league).getByText('rate-limited')).toBeTruthy();
    expect(within(league).getByText('The provider said 429: wait 30 s.')).toBeTruthy();

    const cup = screen.getByRole('group', { name: 'World Cup' });
    expect(within(cup).getByText('Stand-in')).toBeTruthy();
    expect(within(cup).getByText('Never polled')).toBeTruthy();
    expect(within(cup).getByText('Last good poll').nextElementSibling?.textContent).toBe('Never');
    expect(within(cup).getByText('Requests left').nextElementSibling?.textContent).toBe('Unknown');
    expect(within(cup).getByText('No recent problems.')).toBeTruthy();

    expect(await screen.findByText('No unmatched teams or matches')).toBeTruthy();
  });

  it('shows an error with the server message when the feed cannot load, and tries again', async () => {
    let calls = 0;
    stubApi({
      ...adminBase(),
      'GET /api/admin/feed/': () => (++calls === 1 ? { status: 400, body: { message: 'The feed is switched off.' } } : { body: { data: [makeFeedState()] } }),
      'GET /api/admin/feed/unmatched/': () => ({ body: { data: [] } }),
    });
    renderApp('/console');
    expect(await screen.findByText('Could not load the feed')).toBeTruthy();
    expect(screen.getByText('The feed is switched off.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('group', { name: 'Premier League' })).toBeTruthy();
  });

  it('maps an unmatched team to a club with PUT /admin/feed/teams/{id}, after asking for a club first', async () => {
    const fetchMock = stubApi({
      ...adminBase(),
      'GET /api/admin/feed/': () => ({ body: { data: [] } }),
      'GET /api/admin/feed/unmatched/': () => ({ body: { data: [TEAM, MATCH] } }),
      'GET /api/admin/clubs/': (url) => ({ body: { data: url.searchParams.get('competition') === 'fifa.wc' ? CLUBS : [] } }),
      'GET /api/admin/fixtures/': () => ({ body: { data: [] } }),
      'PUT /api/admin/feed/teams/501': () => ({ body: { data: [MATCH] } }),
    });
    renderApp('/console');
    const select = (await screen.findByLabelText('Our club for Korea Republic (KOR)')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a club', 'Czechia (CZE)', 'Korea Republic (KOR)']);

    const form = select.closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Link' }));
    expect(await within(form).findByText('Choose the club this team is.')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PUT', '/api/admin/feed/teams/501')).toEqual([]);

    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked: Korea Republic (KOR).')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/feed/teams/501').map((c) => c.body)).toEqual([{ club_id: 7 }]);
    // What is still open: the match only.
    expect(screen.queryByLabelText('Our club for Korea Republic (KOR)')).toBeNull();
    expect(screen.getByLabelText(`Our match for ${MATCH.description}`)).toBeTruthy();
  });

  it('maps an unmatched match to a fixture found by a team, and shows the server refusal next to the field', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ status: 409, body: { message: 'That fixture is linked to another match already.' } });
    const fetchMock = stubApi({
      ...adminBase(),
      'GET /api/admin/feed/': () => ({ body: { data: [] } }),
      'GET /api/admin/feed/unmatched/': () => ({ body: { data: [MATCH] } }),
      'GET /api/admin/fixtures/': (url) => ({
        body: {
          data:
            url.searchParams.get('competition') === 'fifa.wc'
              ? [
                  makeFixture({ id: 33, gameweek: 1, home_team: 'Korea Republic', away_team: 'Czechia', match_time: '2098-06-12T02:00:00Z' }),
                  makeFixture({ id: 34, gameweek: 1, home_team: 'Mexico', away_team: 'South Africa', match_time: '2098-06-11T19:00:00Z' }),
                ]
              : [],
        },
      }),
      // The World Cup names its rounds: the match list says "Matchday 1", not "GW 1".
      'GET /api/seasons/gameweeks/': (url) => ({ body: { data: url.searchParams.get('competition') === 'fifa.wc' ? [makeGameweek(1, { name: 'Matchday 1' })] : [] } }),
      'PUT /api/admin/feed/matches/9001': () => answer(),
    });
    renderApp('/console');
    const select = (await screen.findByLabelText(`Our match for ${MATCH.description}`)) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    fireEvent.change(screen.getByLabelText('Find a match'), { target: { value: 'czech' } });
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a match (1 listed)', 'Matchday 1 · Korea Republic v Czechia · Thu 12 Jun, 02:00']));

    fireEvent.change(select, { target: { value: '33' } });
    const form = select.closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Link' }));
    expect(await within(form).findByText('That fixture is linked to another match already.')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');

    answer = () => ({ body: { data: [] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('No unmatched teams or matches')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/feed/matches/9001').map((c) => c.body)).toEqual([{ fixture_id: 33 }, { fixture_id: 33 }]);
  });
});
