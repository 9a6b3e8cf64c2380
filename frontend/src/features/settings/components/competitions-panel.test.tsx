// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import { renderApp } from '@/test/render-app';
import { stubFetch, type StubHandler } from '@/test/stub-fetch';

const competition = (code: string, name: string, over: Partial<Competition> = {}): Competition => ({
  code,
  name,
  kind: 'league',
  season: { id: 4, name: `${name} 2026/27` },
  first_kickoff: null,
  playing: true,
  team: null,
  team_locked: false,
  ...over,
});

const PREMIER = competition('en.1', 'Premier League');
const WORLD_CUP = competition('fifa.wc', 'FIFA World Cup', { kind: 'tournament', season: { id: 9, name: 'World Cup 2026' } });
const CHAMPIONS = competition('uefa.cl', 'Champions League', { playing: false });

const row = (team_id: number, team: string) => ({
  position: 1, team_id, team, played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0, tied: false,
});
const GROUPS: SeasonGroups = { season_id: 9, season_name: 'World Cup 2026', groups: [{ name: 'Group A', rows: [row(55, 'Brazil'), row(57, 'France')], unfinished: 6 }] };

function settingsApi(competitions: Competition[], overrides: Record<string, StubHandler> = {}) {
  let list = competitions;
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = stubFetch({
    'GET /api/auth/profile/': () => ({ body: { data: { id: 7, username: 'fan', email: 'fan@example.com', first_name: 'A', last_name: 'B', is_admin: false, completed_onboarding: true } } }),
    'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
    'GET /api/competitions/': () => ({ body: { data: list } }),
    'GET /api/seasons/9/groups/': () => ({ body: { data: GROUPS } }),
    ...Object.fromEntries(
      [...competitions].flatMap((c) => [
        [
          `PUT /api/competitions/${c.code}/play/`,
          (init: RequestInit | undefined) => {
            const body = JSON.parse(String(init?.body)) as { team_id?: number };
            sent.push({ method: 'PUT', url: `/api/competitions/${c.code}/play/`, body });
            const team = body.team_id === undefined ? c.team : { id: body.team_id, name: body.team_id === 57 ? 'France' : 'Brazil', logo: null };
            const next = { ...c, playing: true, team };
            list = list.map((x) => (x.code === c.code ? next : x));
            return { body: { data: next } };
          },
        ],
        [
          `DELETE /api/competitions/${c.code}/play/`,
          () => {
            sent.push({ method: 'DELETE', url: `/api/competitions/${c.code}/play/`, body: undefined });
            list = list.map((x) => (x.code === c.code ? { ...x, playing: false } : x));
            return { body: { message: 'You no longer play this competition. Your leagues stay.' } };
          },
        ],
      ]),
    ),
    ...overrides,
  });
  return { sent, fetchMock };
}

const playSwitch = (name: string) => screen.getByRole('switch', { name: `Play ${name}` });

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('settings: competitions', () => {
  it('starts and stops playing a competition', async () => {
    const { sent } = settingsApi([PREMIER, WORLD_CUP, CHAMPIONS]);
    renderApp('/settings');
    expect(await screen.findByRole('switch', { name: 'Play Champions League' })).toBeTruthy();
    expect(playSwitch('Premier League').getAttribute('aria-checked')).toBe('true');
    expect(playSwitch('Champions League').getAttribute('aria-checked')).toBe('false');

    fireEvent.click(playSwitch('Champions League'));
    expect(await screen.findByText('You now play Champions League.')).toBeTruthy();
    expect(playSwitch('Champions League').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(playSwitch('Premier League'));
    expect(await screen.findByText('You no longer play Premier League. Your leagues stay.')).toBeTruthy();
    await waitFor(() => expect(playSwitch('Premier League').getAttribute('aria-checked')).toBe('false'));
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/api/competitions/uefa.cl/play/', {}],
      ['DELETE', '/api/competitions/en.1/play/', undefined],
    ]);
  });

  it('clears the current competition when the fan stops playing it, so the screens fall back to one they play', async () => {
    localStorage.setItem('scoreline.competition', JSON.stringify({ chosen: 'en.1', saved: 'en.1', auto: false, several: true }));
    const saves: unknown[] = [];
    settingsApi([PREMIER, WORLD_CUP], {
      'PUT /api/auth/preferences/': (init) => {
        saves.push(JSON.parse(String(init?.body)));
        return { body: { data: { preferences: { theme: 'dark', language: 'en', timezone: 'local' }, notifications: { gameweekDeadlines: true, leagueUpdates: true, matchResults: false, weeklyDigest: true } } } };
      },
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('switch', { name: 'Play Premier League' }));
    await waitFor(() => expect(saves).toEqual([{ current_competition: null }]));
    // Both competitions are still being played: the switcher names the one the fan still plays.
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Competition' }) as HTMLSelectElement).value).toBe('fifa.wc'));
  });

  it("chooses the national team in a tournament until it kicks off, then shows it locked", async () => {
    const { sent } = settingsApi([PREMIER, WORLD_CUP]);
    const view = renderApp('/settings');
    const team = (await screen.findByLabelText('Your team in FIFA World Cup')) as HTMLSelectElement;
    expect(team.disabled).toBe(false);
    fireEvent.change(team, { target: { value: '57' } });
    expect(await screen.findByText('Your team in FIFA World Cup is saved.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ team_id: 57 }]);
    await waitFor(() => expect(team.value).toBe('57'));
    view.unmount();

    settingsApi([PREMIER, { ...WORLD_CUP, team: { id: 55, name: 'Brazil', logo: null }, team_locked: true }]);
    renderApp('/settings');
    const locked = (await screen.findByLabelText('Your team in FIFA World Cup')) as HTMLSelectElement;
    await waitFor(() => expect(locked.value).toBe('55'));
    expect(locked.disabled).toBe(true);
    expect(screen.getByText('Your team is set: FIFA World Cup has kicked off.')).toBeTruthy();
  });

  it('says when the competitions cannot load, with Try Again', async () => {
    let fail = true;
    settingsApi([PREMIER], {
      'GET /api/competitions/': () => (fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: { data: [PREMIER] } }),
    });
    renderApp('/settings');
    expect(await screen.findByText('Competitions could not load')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('switch', { name: 'Play Premier League' })).toBeTruthy();
  });
});
