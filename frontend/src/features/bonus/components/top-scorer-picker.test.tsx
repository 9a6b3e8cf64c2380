// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SeasonBonus, SeasonPlayer, SeasonPlayers } from '@scoreline/contracts/api/bonus';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';

const MBAPPE: SeasonPlayer = { name: 'Kylian Mbappé', team_id: 11, team_name: 'France', number: 10, position: 'FW' };
const KANE: SeasonPlayer = { name: 'Harry Kane', team_id: 12, team_name: 'England', number: 9, position: 'FW' };

function worldCup(over: Partial<SeasonBonus> = {}): SeasonBonus {
  const question = { points: 20, my_answer: null, right_answers: null, settled_by: null, my_points: null };
  return {
    season_id: 7,
    season_name: 'World Cup 2098',
    locks_at: '2098-06-11T19:00:00.000Z',
    open: true,
    revealed: false,
    questions: [
      { key: 'champion', answer: 'team', ...question },
      { key: 'top_scorer', answer: 'squad_player', ...question },
    ],
    teams: [
      { id: 11, name: 'France' },
      { id: 12, name: 'England' },
    ],
    my_points: 0,
    ...over,
  };
}

function page(players: SeasonPlayer[], total = players.length): { body: { data: SeasonPlayers } } {
  const pages = Math.max(1, Math.ceil(total / 20));
  return { body: { data: { season_id: 7, players, page: 1, page_size: 20, total_count: total, total_pages: pages, has_next: pages > 1, has_previous: false } } };
}

type Answer = { status?: number; body?: unknown };

/** A fetch answering by "METHOD /api/path", each handler given the URL's query (the players search) and the request. */
function stubApi(handlers: Record<string, (query: URLSearchParams, init?: RequestInit) => Answer | Promise<Answer>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    const answer = handler ? await handler(url.searchParams, init) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function signedIn(language: LanguageSetting = 'en') {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

const bySearch = (query: URLSearchParams) => {
  const search = (query.get('search') ?? '').toLowerCase();
  if (search === '') return page([KANE, MBAPPE], 1248);
  return page([KANE, MBAPPE].filter((p) => p.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(search)));
};

describe('the top-scorer picker of a tournament with squads', () => {
  it('searches the squads as the fan types, shows each player with their team, chooses by keyboard and saves the squad spelling', async () => {
    await signedIn();
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      'GET /api/bonus/current/': () => ({ body: { data: worldCup() } }),
      'GET /api/seasons/7/players/': bySearch,
      'PUT /api/bonus/current/': (_query, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { data: worldCup() } };
      },
    });
    renderApp('/bonus');

    const picker = (await screen.findByRole('combobox', { name: 'Who finishes top scorer?' })) as HTMLInputElement;
    expect(picker.getAttribute('placeholder')).toBe('Search a player, e.g. Mbappé');
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)?.textContent).toMatch(/Choose a player of the squads/);
    fireEvent.focus(picker);
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    const first = await screen.findByRole('listbox');
    expect(within(first).getAllByRole('option').map((o) => o.textContent)).toEqual(['Harry KaneEngland · No. 9 · Forward', 'Kylian MbappéFrance · No. 10 · Forward']);
    expect(screen.getByText('2 of 1248 players: type more of the name to narrow the list.')).toBeTruthy();

    fireEvent.change(picker, { target: { value: 'MBAP' } });
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/seasons/7/players/?search=MBAP&page_size=20'))).toBe(true);
    const option = screen.getByRole('option', { name: /Kylian Mbappé/ });
    expect(option.textContent).toContain('France');

    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(picker.getAttribute('aria-activedescendant')).toBe(option.id);
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(picker.value).toBe('Kylian Mbappé');
    expect(picker.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(bodies).toEqual([{ answers: { champion: null, top_scorer: 'Kylian Mbappé' } }]));
  });

  it('shows the list loading, says when no player matches, and when the players cannot be loaded offers to try again', async () => {
    await signedIn();
    let release: () => void = () => undefined;
    let calls = 0;
    stubApi({
      'GET /api/bonus/current/': () => ({ body: { data: worldCup() } }),
      'GET /api/seasons/7/players/': async (query) => {
        // The first list comes late, and fails; asked again, it comes.
        if ((query.get('search') ?? '') === '' && ++calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return { status: 500, body: { message: 'Server error' } };
        }
        return bySearch(query);
      },
    });
    renderApp('/bonus');

    const picker = await screen.findByRole('combobox', { name: 'Who finishes top scorer?' });
    fireEvent.focus(picker);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    release();
    expect((await screen.findAllByText('Could not load the players.')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Harry Kane/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    fireEvent.change(picker, { target: { value: 'zzz' } });
    expect(await screen.findByText('No player of the squads matches.')).toBeTruthy();
  });

  it("marks the field invalid when the server finds no such player, and reads the reason with it", async () => {
    await signedIn();
    stubApi({
      'GET /api/bonus/current/': () => ({ body: { data: worldCup() } }),
      'GET /api/seasons/7/players/': bySearch,
      'PUT /api/bonus/current/': () => ({
        status: 400,
        body: { message: 'Some answers cannot be saved.', errors: { 'answers.top_scorer': ['Choose a player of the squads of this competition.'] } },
      }),
    });
    renderApp('/bonus');

    const picker = await screen.findByRole('combobox', { name: 'Who finishes top scorer?' });
    expect(picker.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(picker, { target: { value: 'Pelé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Some answers could not be saved: see the notes under them.')).toBeTruthy();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)?.textContent).toContain('Choose a player of the squads of this competition.');
  });

  it("speaks the fan's language", async () => {
    await signedIn('de');
    stubApi({ 'GET /api/bonus/current/': () => ({ body: { data: worldCup() } }), 'GET /api/seasons/7/players/': bySearch });
    renderApp('/bonus');
    const picker = (await screen.findByRole('combobox', { name: 'Wer wird Torschützenkönig?' })) as HTMLInputElement;
    expect(picker.getAttribute('placeholder')).toBe('Spieler suchen, z. B. Mbappé');
    fireEvent.focus(picker);
    expect(await screen.findByRole('option', { name: /Kylian Mbappé/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Kylian Mbappé/ }).textContent).toContain('France · Nr. 10 · Sturm');
  });
});
