// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import { renderApp } from '@/test/render-app';
import { stubFetch, type StubAnswer, type StubHandler } from '@/test/stub-fetch';

type Handler = StubHandler;

const PROFILE = { id: 7, username: 'goal_getter', email: 'fan@example.com', first_name: 'Ada', last_name: 'L', is_admin: false, completed_onboarding: true };

const SERVER: UserPreferences = {
  preferences: { theme: 'light', language: 'de', timezone: 'PST' },
  notifications: { gameweekDeadlines: true, leagueUpdates: false, matchResults: false, weeklyDigest: true },
};

const base: Record<string, Handler> = {
  'GET /api/auth/profile/': () => ({ body: { data: PROFILE } }),
  'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
  'GET /api/auth/preferences/': () => ({ body: { data: SERVER } }),
};

/** The same settings with English screens, for tests that look texts up in English. */
const SERVER_EN: UserPreferences = { ...SERVER, preferences: { ...SERVER.preferences, language: 'en' } };
const baseEn: Record<string, Handler> = { ...base, 'GET /api/auth/preferences/': () => ({ body: { data: SERVER_EN } }) };

const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) as unknown, auth: (init?.headers as Record<string, string>).Authorization }));

const cached = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe('preferences panel', () => {
  it("shows the server's settings once signed in, applies them and keeps them as the first-paint cache", async () => {
    // This browser last saw other values: the server's win.
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language: 'en', timezone: 'UTC' }));
    stubFetch(base);
    renderApp('/settings?tab=preferences');

    // The screen's code loads on demand, so the server's German may already be on when it shows.
    const timezone = (await screen.findByLabelText(/^(Timezone|Zeitzone)$/)) as HTMLSelectElement;
    await waitFor(() => expect(timezone.value).toBe('PST'));
    // The server's language is German: the screen now reads in German.
    expect((await screen.findByLabelText('Sprache') as HTMLSelectElement).value).toBe('de');
    expect((screen.getByRole('radio', { name: /Hell/ }) as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.lang).toBe('de');
    // public/theme-init.js reads the theme from here before the next first paint.
    expect(cached('scoreline.preferences')).toEqual(SERVER.preferences);
    expect(cached('scoreline.notifications')).toEqual(SERVER.notifications);

    expect(screen.queryByText(/Screens are in English/)).toBeNull();
    expect(screen.getByText('Anstoßzeiten und Tippschluss werden in dieser Zone angezeigt.')).toBeTruthy();
    expect([...timezone.options].map((o) => [o.value, o.textContent])).toEqual([
      ['local', 'Gerätezeit (lokal)'],
      ['UTC', 'UTC'],
      ['GMT', 'Britische Zeit (GMT/BST)'],
      ['EST', 'US-Ostküste (EST/EDT)'],
      ['PST', 'US-Westküste (PST/PDT)'],
    ]);
    // Each language keeps its own name.
    expect([...(screen.getByLabelText('Sprache') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
    ]);
  });

  it('changes at once and saves only the change to the server', async () => {
    let release: (answer: StubAnswer) => void = () => undefined;
    const fetchMock = stubFetch({
      ...baseEn,
      'PUT /api/auth/preferences/': () => new Promise<StubAnswer>((resolve) => (release = resolve)),
    });
    renderApp('/settings?tab=preferences');
    // The screen's code loads on demand, so the server's German may already be on when it shows.
    const timezone = (await screen.findByLabelText(/^(Timezone|Zeitzone)$/)) as HTMLSelectElement;
    await waitFor(() => expect(timezone.value).toBe('PST'));

    fireEvent.change(timezone, { target: { value: 'GMT' } });
    // Optimistic: shown and cached before the server answers.
    expect(timezone.value).toBe('GMT');
    expect(cached('scoreline.preferences')).toMatchObject({ timezone: 'GMT' });
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ url: '/api/auth/preferences/', body: { preferences: { timezone: 'GMT' } }, auth: 'Bearer tok' }]));

    release({ body: { message: 'Settings saved.', data: { ...SERVER_EN, preferences: { ...SERVER_EN.preferences, timezone: 'GMT' } } } });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    expect(timezone.value).toBe('GMT');

    fireEvent.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await waitFor(() => expect(puts(fetchMock)[1]?.body).toEqual({ preferences: { theme: 'dark' } }));
    release({ body: { message: 'Settings saved.', data: { ...SERVER_EN, preferences: { theme: 'dark', language: 'en', timezone: 'GMT' } } } });
    await waitFor(() => expect(cached('scoreline.preferences')).toEqual({ theme: 'dark', language: 'en', timezone: 'GMT' }));
  });

  it('keeps a saved change when a load that started before it answers after it', async () => {
    localStorage.setItem('scoreline.preferences', JSON.stringify(SERVER_EN.preferences));
    let releaseLoad: (answer: StubAnswer) => void = () => undefined;
    stubFetch({
      ...baseEn,
      'GET /api/auth/preferences/': () => new Promise<StubAnswer>((resolve) => (releaseLoad = resolve)),
      'PUT /api/auth/preferences/': () => ({ body: { message: 'Settings saved.', data: { ...SERVER_EN, preferences: { ...SERVER_EN.preferences, timezone: 'GMT' } } } }),
    });
    renderApp('/settings?tab=preferences');
    // The screen's code loads on demand, so the server's German may already be on when it shows.
    const timezone = (await screen.findByLabelText(/^(Timezone|Zeitzone)$/)) as HTMLSelectElement;
    expect(timezone.value).toBe('PST'); // from the cache; the load is still on its way

    fireEvent.change(timezone, { target: { value: 'GMT' } });
    await waitFor(() => expect(cached('scoreline.preferences')).toMatchObject({ timezone: 'GMT' }));
    releaseLoad({ body: { data: SERVER_EN } }); // the old values, answered late
    await new Promise((r) => setTimeout(r, 50));
    expect(timezone.value).toBe('GMT');
    expect(cached('scoreline.preferences')).toMatchObject({ timezone: 'GMT' });
  });

  it('puts a setting back and says so when the server refuses it', async () => {
    const fetchMock = stubFetch({
      ...base,
      'PUT /api/auth/preferences/': () => ({ status: 400, body: { message: 'language must be one of: en, es, fr, de.', errors: { 'preferences.language': ['x'] } } }),
    });
    renderApp('/settings?tab=preferences');
    const language = (await screen.findByLabelText(/^(Language|Sprache)$/)) as HTMLSelectElement;
    await waitFor(() => expect(language.value).toBe('de'));

    fireEvent.change(language, { target: { value: 'fr' } });
    expect(language.value).toBe('fr');
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(language.value).toBe('de'));
    expect(cached('scoreline.preferences')).toMatchObject({ language: 'de' });
    expect(puts(fetchMock)).toHaveLength(1);
  });
});

describe('notifications panel', () => {
  it("shows the server's switches and saves a flip", async () => {
    const fetchMock = stubFetch({
      ...baseEn,
      'PUT /api/auth/preferences/': (init) => {
        const change = JSON.parse(String(init?.body)) as { notifications: Partial<UserPreferences['notifications']> };
        return { body: { message: 'Settings saved.', data: { ...SERVER_EN, notifications: { ...SERVER_EN.notifications, ...change.notifications } } } };
      },
    });
    renderApp('/settings?tab=notifications');

    const league = await screen.findByRole('switch', { name: 'League updates' });
    await waitFor(() => expect(league.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('switch', { name: 'Weekly digest' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('switch', { name: 'Match results' }));
    expect(screen.getByRole('switch', { name: 'Match results' }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ url: '/api/auth/preferences/', body: { notifications: { matchResults: true } }, auth: 'Bearer tok' }]));
    await waitFor(() => expect(cached('scoreline.notifications')).toEqual({ ...SERVER.notifications, matchResults: true }));
  });
});
