// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp } from '@/test/render-app';
import { makeActivity, makeLeaderboard, makeLeague, makeMember, makeOverview, makeRow } from '../testing/fixtures';
import { stubApi } from '../testing/stub-api';

const L = '/api/leagues/7';

/** The stored preference (read by the app on mount) and i18next both in `language`. */
async function speak(language: LanguageSetting) {
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('leagues in another language', () => {
  it('shows the league page in German, numbers included', async () => {
    await speak('de');
    stubApi({
      [`GET ${L}/`]: () => ({ body: { data: makeLeague({ member_count: 1234 }) } }),
      [`GET ${L}/stats/`]: () => ({
        body: { data: { stats: { total_members: 1234, current_gameweek: 5, total_gameweeks: 38, leading_score: 190, season_progress_percent: 13 } } },
      }),
      [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard([makeRow(1), makeRow(2)]) } }),
      [`GET ${L}/members/enhanced/`]: () => ({
        body: { data: { members: [makeMember(1)], page: 1, page_size: 10, total_count: 1, total_pages: 1, has_next: false, has_previous: false } },
      }),
      [`GET ${L}/members/stats/`]: () => ({ body: { data: { member_stats: { total_members: 1234, active_this_week: 2, avg_accuracy: 48, top_performers: 3 } } } }),
      [`GET ${L}/activity/`]: () => ({ body: { data: { feed: { activities: [], total_count: 0, has_next: false, has_previous: false, page: 1, page_size: 10 } } } }),
      [`GET ${L}/activity/stats/`]: () => ({
        body: { data: { stats: { total_activities: 4, activities_today: 1, activities_this_week: 2, user_participation_rate: 67 } } },
      }),
    });
    renderApp('/leagues/7');
    expect(await screen.findByText('Office Predictors', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Zurück zu den Ligen')).toBeTruthy();
    expect(screen.getByText('1.234 Mitglieder')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Liga verlassen' })).toBeTruthy();
    expect(await screen.findByText('Spieltag')).toBeTruthy();
    expect(screen.getByText('von 38')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tabelle' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mitglieder' })).toBeTruthy();
    expect(await screen.findByText('Keine aktuellen Aktivitäten')).toBeTruthy();
    expect(await screen.findByText('67 %')).toBeTruthy();
    expect(screen.getByLabelText('Einladungscode kopieren')).toBeTruthy();
  });

  it('writes the activity feed in German, older entries in the server\'s words', async () => {
    await speak('de');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000 - 60_000).toISOString();
    const activities = [
      makeActivity(1, {
        kind: 'exact_score',
        icon: 'target',
        display_message: 'Ada Lovelace called the exact score: Arsenal 2–1 Chelsea',
        description: 'Gameweek 5 · banker, double points',
        time_since: '2 hours ago',
        created_at: hoursAgo(2),
        metadata: { points: 40, fixture_id: 3, gameweek: 5, banker: true, home: 'Arsenal', away: 'Chelsea', home_score: 2, away_score: 1 },
      }),
      makeActivity(2, { display_message: 'Ada Lovelace joined Office Predictors', description: 'Welcome to the league!', time_since: '3 days ago', created_at: hoursAgo(72) }),
    ];
    stubApi({
      [`GET ${L}/`]: () => ({ body: { data: makeLeague() } }),
      [`GET ${L}/stats/`]: () => ({
        body: { data: { stats: { total_members: 3, current_gameweek: 5, total_gameweeks: 38, leading_score: 190, season_progress_percent: 13 } } },
      }),
      [`GET ${L}/leaderboard/`]: () => ({ body: { data: makeLeaderboard([makeRow(1)]) } }),
      [`GET ${L}/members/enhanced/`]: () => ({
        body: { data: { members: [makeMember(1)], page: 1, page_size: 10, total_count: 1, total_pages: 1, has_next: false, has_previous: false } },
      }),
      [`GET ${L}/members/stats/`]: () => ({ body: { data: { member_stats: { total_members: 3, active_this_week: 2, avg_accuracy: 48, top_performers: 3 } } } }),
      [`GET ${L}/activity/`]: () => ({ body: { data: { feed: { activities, total_count: 2, has_next: false, has_previous: false, page: 1, page_size: 10 } } } }),
      [`GET ${L}/activity/stats/`]: () => ({
        body: { data: { stats: { total_activities: 2, activities_today: 1, activities_this_week: 2, user_participation_rate: 67 } } },
      }),
    });
    renderApp('/leagues/7');
    expect(await screen.findByText('Ada Lovelace hat das exakte Ergebnis getippt: Arsenal 2:1 Chelsea')).toBeTruthy();
    expect(screen.getByText('5. Spieltag · Joker, doppelte Punkte')).toBeTruthy();
    expect(screen.getByText('vor 2 Stunden')).toBeTruthy();
    // Written before the metadata existed: the server's line, the age still in German.
    expect(screen.getByText('Ada Lovelace joined Office Predictors')).toBeTruthy();
    expect(screen.getByText('vor 3 Tagen')).toBeTruthy();
  });

  it('creates a league in French, with the form checks in French', async () => {
    await speak('fr');
    mockApi({ 'GET /api/leagues/overview/': () => ({ body: { data: makeOverview() } }) });
    renderApp('/leagues?tab=create');
    expect(await screen.findByPlaceholderText('Saisissez un nombre (2-1000)')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Rejoindre une ligue' })).toBeTruthy();
    fireEvent.click(screen.getByText('Créer la ligue', { selector: 'button[type="submit"]' }));
    expect(await screen.findByText('Le nom de la ligue est obligatoire.')).toBeTruthy();

    // A shown check follows a change of language.
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    expect(await screen.findByText('El nombre de la liga es obligatorio.')).toBeTruthy();
  });
});
