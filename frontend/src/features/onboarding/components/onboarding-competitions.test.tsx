// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import { mockApi, renderApp } from '@/test/render-app';

const competition = (code: string, name: string, over: Partial<Competition> = {}): Competition => ({
  code,
  name,
  kind: 'league',
  season: { id: 4, name: `${name} 2026/27` },
  first_kickoff: null,
  playing: false,
  team: null,
  team_locked: false,
  ...over,
});

const PREMIER = competition('en.1', 'Premier League');
const WORLD_CUP = competition('fifa.wc', 'FIFA World Cup', { kind: 'tournament', season: { id: 9, name: 'World Cup 2026' } });

const row = (team_id: number, team: string) => ({
  position: 1, team_id, team, played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0, tied: false,
});
const GROUPS: SeasonGroups = {
  season_id: 9,
  season_name: 'World Cup 2026',
  groups: [
    { name: 'Group A', rows: [row(55, 'Brazil'), row(56, 'Argentina')], unfinished: 6 },
    { name: 'Group B', rows: [row(57, 'France')], unfinished: 6 },
  ],
};

function onboardingApi(competitions: Competition[]) {
  const sent: { path: string; body: unknown }[] = [];
  const record = (path: string) => (init: RequestInit | undefined) => {
    sent.push({ path, body: JSON.parse(String(init?.body ?? 'null')) });
    return { body: { data: {} } };
  };
  mockApi({
    'GET /api/auth/profile/': () => ({ body: { data: { id: 7, username: 'fan', email: 'fan@example.com', first_name: 'A', last_name: 'B', is_admin: false, completed_onboarding: false } } }),
    'GET /api/onboarding/status/': () => ({ body: { data: { completed_onboarding: false, is_complete: false, has_preferences: false } } }),
    'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
    'GET /api/onboarding/countries/': () => ({ body: { data: [{ id: 1, code: 'GB', name: 'England', flag: '🏴' }] } }),
    'GET /api/onboarding/clubs/': () => ({
      body: { data: [{ id: 10, name: 'Arsenal', logo: null, short_name: 'ARS', country_id: 1, league: { name: 'Premier League', code: 'en.1' } }] },
    }),
    'GET /api/competitions/': () => ({ body: { data: competitions } }),
    'GET /api/seasons/9/groups/': () => ({ body: { data: GROUPS } }),
    'POST /api/onboarding/complete/': record('/onboarding/complete/'),
    'PUT /api/competitions/fifa.wc/play/': record('/competitions/fifa.wc/play/'),
  });
  return sent;
}

async function chooseCountryAndClub() {
  const country = await screen.findByLabelText('Country');
  fireEvent.focus(country);
  fireEvent.click(await screen.findByRole('option', { name: /England/ }));
  const club = screen.getByLabelText('Favorite club');
  fireEvent.focus(club);
  fireEvent.click(await screen.findByRole('option', { name: /Arsenal/ }));
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('onboarding: competitions you play', () => {
  it("ticks the club's league, takes a tournament with its national team and sends both with Complete Setup", async () => {
    const sent = onboardingApi([PREMIER, WORLD_CUP]);
    renderApp('/onboarding/country-club-selection');
    await chooseCountryAndClub();

    expect(await screen.findByText('Competitions you play')).toBeTruthy();
    const premier = screen.getByRole('checkbox', { name: /Premier League/ }) as HTMLInputElement;
    const worldCup = screen.getByRole('checkbox', { name: /FIFA World Cup/ }) as HTMLInputElement;
    expect(premier.checked).toBe(true);
    expect(screen.getByText('Your club’s league')).toBeTruthy();
    expect(worldCup.checked).toBe(false);
    expect(screen.queryByLabelText('Your team in FIFA World Cup')).toBeNull();

    fireEvent.click(worldCup);
    const team = (await screen.findByLabelText('Your team in FIFA World Cup')) as HTMLSelectElement;
    expect([...team.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Group A', 'Group B']);
    expect([...team.options].map((o) => o.textContent)).toEqual(['No team for now', 'Argentina', 'Brazil', 'France']);
    fireEvent.change(team, { target: { value: '55' } });

    fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['/onboarding/complete/', '/competitions/fifa.wc/play/']));
    expect(sent[0].body).toEqual({ country_id: 1, club_id: 10, competitions: ['en.1', 'fifa.wc'] });
    expect(sent[1].body).toEqual({ team_id: 55 });
  });

  it('sends what the fan leaves ticked, nothing more', async () => {
    const sent = onboardingApi([PREMIER, WORLD_CUP]);
    renderApp('/onboarding/country-club-selection');
    await chooseCountryAndClub();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Premier League/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /FIFA World Cup/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ country_id: 1, club_id: 10, competitions: ['fifa.wc'] });
  });

  it('asks nothing about competitions while one is played, and sends none (as before)', async () => {
    const sent = onboardingApi([PREMIER]);
    renderApp('/onboarding/country-club-selection');
    await chooseCountryAndClub();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Competitions you play')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ country_id: 1, club_id: 10 });
  });
});
