// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeagueTableResponse, LeagueWinnersResponse, PeriodWinners } from '@scoreline/contracts/api/tables';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';
import { makeLeaderboard, makeLeague, makeRow } from '../testing/fixtures';
import { stubApi } from '../testing/stub-api';

const L = '/api/leagues/7';

const winner = (gameweek: number, gameweek_name: string | undefined, points: number): PeriodWinners => ({
  period: 'gameweek',
  gameweek,
  gameweek_name,
  month: null,
  points,
  winners: [{ user_id: 1, full_name: 'Ann Cup', points }],
  decided_at: '2026-07-01T20:00:00.000Z',
});

/** A table answer of a World Cup (rounds named by the file) or a league (named "Gameweek N" by the server). */
function table(period: 'gameweek' | 'month', rounds: { number: number; name?: string }[], shown: number[]): LeagueTableResponse {
  return {
    period,
    gameweek: period === 'gameweek' ? shown[0] : null,
    month: period === 'month' ? '2026-06' : null,
    month_gameweeks: period === 'month' ? shown : [],
    completed: true,
    live: false,
    rows: [],
    current_user: null,
    gameweeks: rounds.map((r) => ({ ...r, month: '2026-06', completed: true })),
    months: ['2026-06'],
    updated_at: null,
    page: 1,
    page_size: 50,
    total_count: 0,
    total_pages: 0,
    has_next: false,
    has_previous: false,
  };
}

function leagueApi(winners: LeagueWinnersResponse, rounds: { number: number; name?: string }[], shown: { gameweek: number[]; month: number[] }) {
  return stubApi({
    [`GET ${L}/`]: () => ({ body: { data: makeLeague() } }),
    [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard([makeRow(1, { full_name: 'Ann Cup' })]) } }),
    [`GET ${L}/winners/`]: () => ({ body: { data: winners } }),
    [`GET ${L}/table/`]: (url) => {
      const period = url.searchParams.get('period') === 'month' ? 'month' : 'gameweek';
      return { body: { data: table(period, rounds, shown[period]) } };
    },
  });
}

const WORLD_CUP = [
  { number: 1, name: 'Matchday 1' },
  { number: 2, name: 'Matchday 2' },
  { number: 103, name: 'Round of 32' },
];

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe("a tournament's rounds in the league tables", () => {
  it('names the winners\' rounds, the gameweek table and the month\'s rounds by the file\'s names, never "GW 103"', async () => {
    await i18n.changeLanguage('en');
    leagueApi({ gameweeks: [winner(103, 'Round of 32', 30), winner(2, 'Matchday 2', 20)], months: [] }, WORLD_CUP, { gameweek: [103], month: [1, 2, 103] });
    renderApp('/leagues/7');
    const badges = await screen.findByTestId('winner-badges');
    const items = within(badges).getAllByRole('listitem');
    expect(items.map((b) => b.textContent)).toEqual(['Round of 32Ann Cup30 pts', 'Matchday 2Ann Cup20 pts']);
    expect(items[0].getAttribute('title')).toBe('Round of 32: Ann Cup, 30 pts');

    fireEvent.click(screen.getByRole('tab', { name: 'Gameweek' }));
    expect(await screen.findByText('Round of 32', { selector: '#period-table-title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Month' }));
    expect(await screen.findByText('Matchday 1, Matchday 2, Round of 32 (the rounds whose first match is this month)')).toBeTruthy();
  });

  it("keeps a league's matchdays as before, in the fan's language", async () => {
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'light', language: 'de', timezone: 'UTC' }));
    await i18n.changeLanguage('de');
    leagueApi(
      { gameweeks: [winner(5, 'Gameweek 5', 30), winner(4, undefined, 20)], months: [] },
      [4, 5].map((number) => ({ number, name: `Gameweek ${number}` })),
      { gameweek: [5], month: [4, 5] },
    );
    renderApp('/leagues/7');
    const badges = await screen.findByTestId('winner-badges');
    const items = within(badges).getAllByRole('listitem');
    expect(items.map((b) => b.textContent?.split('Ann Cup')[0])).toEqual(['ST 5', 'ST 4']);
    expect(items[0].getAttribute('title')).toMatch(/^Spieltag 5: Ann Cup/);

    fireEvent.click(screen.getByRole('tab', { name: 'Spieltag' }));
    expect(await screen.findByText('Spieltag 5', { selector: '#period-table-title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Monat' }));
    await waitFor(() => expect(screen.getByText('Spieltage 4, 5 (die Spieltage, deren erstes Spiel in diesem Monat ist)')).toBeTruthy());
    await i18n.changeLanguage('en');
  });
});
