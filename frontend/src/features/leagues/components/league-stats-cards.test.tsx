// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeagueStats } from '@scoreline/contracts/api/leagues';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { stubApi } from '../testing/stub-api';
import { LeagueStatsCards } from './league-stats-cards';

const stats = (over: Partial<LeagueStats>): LeagueStats => ({
  total_members: 12,
  current_gameweek: 12,
  total_gameweeks: 38,
  leading_score: 140,
  season_progress_percent: 29,
  ...over,
});

/** The league's stats cards for the answer `data`; the round card (the second) once shown. */
async function roundCard(data: LeagueStats) {
  stubApi({ 'GET /api/leagues/7/stats/': () => ({ body: { data: { stats: data } } }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LeagueStatsCards leagueId={7} />
    </QueryClientProvider>,
  );
  const section = await screen.findByRole('region', { name: i18n.t('leagues:stats.label') });
  // Members, the round, the leading score, the season's progress.
  return section.children[1] as HTMLElement;
}

/** The stored preference (read by the app on mount) and i18next both in `language`. */
async function speak(language: LanguageSetting) {
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('the league stats cards', () => {
  it('show a league\'s matchday as "Gameweek 12 of 38"', async () => {
    const card = await roundCard(stats({ current_gameweek_name: 'Gameweek 12' }));
    expect(card.textContent).toBe('Gameweek12of 38');
  });

  it('show a league\'s matchday as before when the server sends no name', async () => {
    const card = await roundCard(stats({}));
    expect(card.textContent).toBe('Gameweek12of 38');
  });

  it('name a tournament\'s current round, never "Gameweek 103 of 24"', async () => {
    const card = await roundCard(stats({ current_gameweek: 103, current_gameweek_name: 'Round of 32', total_gameweeks: 24 }));
    expect(card.textContent).toBe('RoundRound of 3224 rounds in all');
    expect(card.textContent).not.toMatch(/Gameweek|103/);
  });

  it("name a tournament's round in the fan's language around the file's name", async () => {
    await speak('de');
    const card = await roundCard(stats({ current_gameweek: 105, current_gameweek_name: 'Quarter-final', total_gameweeks: 24 }));
    expect(card.textContent).toBe('RundeQuarter-final24 Runden insgesamt');
  });

  it('translate a league\'s matchday', async () => {
    await speak('fr');
    expect((await roundCard(stats({ current_gameweek_name: 'Gameweek 12' }))).textContent).toBe('Journée12sur 38');
  });

  it('show a dash when the season has no current round', async () => {
    const card = await roundCard(stats({ current_gameweek: null, current_gameweek_name: null, total_gameweeks: 24, season_progress_percent: 100 }));
    expect(card.textContent).toBe('Gameweek—of 24');
  });
});
