// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { forgetReportedClientErrors } from '@/lib/client-errors';
import { mockApi, renderApp } from '@/test/render-app';

// Real routes (app/router.tsx) with a few screens swapped for ones that crash on demand: the
// about page (signed out, site layout), the dashboard (signed in, app layout), the competition
// switcher (inside the app layout itself), and the terms page, whose file "is gone after a deploy".
const crash = vi.hoisted(() => ({ about: null as Error | null, dashboard: null as Error | null, layout: null as Error | null }));

vi.mock('@/features/about/components/about-screen', () => ({
  AboutScreen: () => {
    if (crash.about) throw crash.about;
    return <h1>About us</h1>;
  },
}));
vi.mock('@/features/dashboard/components/dashboard-screen', () => ({
  DashboardScreen: () => {
    if (crash.dashboard) throw crash.dashboard;
    return <h1>Dashboard</h1>;
  },
}));
vi.mock('@/components/layout/competition-switcher', () => ({
  CompetitionSwitcher: () => {
    if (crash.layout) throw crash.layout;
    return null;
  },
}));
// As a browser fails the import of a chunk that is no longer on the server.
vi.mock('@/features/legal/components/terms-screen', () => ({
  get TermsScreen(): never {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/terms-screen-Ab12.js');
  },
}));

const PROFILE = { 'GET /api/auth/profile/': () => ({ body: { data: { id: 1, username: 'gooner7', first_name: 'Ada', last_name: 'Lovelace' } } }) };

/** Screens in `language`: chosen in this browser's settings (which the app applies) and in i18next. */
async function speak(language: LanguageSetting) {
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await act(() => i18n.changeLanguage(language));
}

/** The reports sent, as the server would read them. */
function reportsOf(fetchMock: ReturnType<typeof mockApi>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/client-errors' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('the error screen of every route', () => {
  beforeEach(() => {
    crash.about = null;
    crash.dashboard = null;
    crash.layout = null;
    forgetReportedClientErrors();
    // React logs every error a boundary catches; the tests expect them.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a friendly screen with both ways out instead of a blank page, and reports the crash once without the query string', async () => {
    crash.about = new Error('points is undefined');
    const fetchMock = mockApi({ 'POST /api/client-errors': () => ({ status: 204 }) });
    const { router } = renderApp('/about?token=secret#top');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Sorry, this page ran into a problem. Try again, or head back and carry on.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    // The site's header and footer stay around a crashed page.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // Development builds (and tests) name the error; never a stack.
    expect(screen.getByTestId('error-detail').textContent).toBe('points is undefined');
    expect(document.body.textContent).not.toMatch(/\bat \S+ \(|\.tsx?:\d+/);

    await waitFor(() => expect(reportsOf(fetchMock)).toHaveLength(1));
    const [report] = reportsOf(fetchMock);
    expect(report).toMatchObject({ message: 'points is undefined', route: '/about', user_agent: navigator.userAgent });
    expect(String(report.component_stack)).toMatch(/AboutScreen/);
    expect(String(report.component_stack).length).toBeLessThanOrEqual(2000);
    expect(JSON.stringify(report)).not.toContain('secret');
    expect(router.state.location.pathname).toBe('/about');

    // Try Again renders the page again: once it works, it shows.
    crash.about = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    expect(reportsOf(fetchMock)).toHaveLength(1);
  });

  it('speaks the fan\'s language, and leads a signed-in fan back to the dashboard', async () => {
    await speak('de');
    localStorage.setItem('authToken', 'tok');
    crash.dashboard = new Error('kaputt');
    const fetchMock = mockApi({ ...PROFILE, 'POST /api/client-errors': () => ({ status: 204 }) });
    const { router } = renderApp('/dashboard?competition=wc');

    expect(await screen.findByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Zurück zur Übersicht' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    // The app's header (and its user menu) stay.
    expect(await screen.findByText('gooner7')).toBeTruthy();

    await waitFor(() => expect(reportsOf(fetchMock)).toHaveLength(1));
    expect(reportsOf(fetchMock)[0]).toMatchObject({ message: 'kaputt', route: '/dashboard' });
    // The stored token names the user to the server.
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/client-errors')!;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');

    // The way back to where it crashed tries the screen again.
    crash.dashboard = null;
    fireEvent.click(back);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('reports the same crash once however often it recurs, and a new one again', async () => {
    crash.about = new Error('once');
    const fetchMock = mockApi({ 'POST /api/client-errors': () => ({ status: 204 }) });
    renderApp('/about');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Something went wrong' });
    crash.about = new Error('twice');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('error-detail').textContent).toBe('twice'));
    await waitFor(() => expect(reportsOf(fetchMock).map((r) => r.message)).toEqual(['once', 'twice']));
  });

  it.each([
    ['the server refuses the report', () => ({ status: 500, body: { message: 'boom' } })],
    ['the network is down', () => 'network-error' as const],
  ])('keeps the screen when %s', async (_what, answer) => {
    crash.about = new Error('crashed');
    const fetchMock = mockApi({ 'POST /api/client-errors': answer });
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(reportsOf(fetchMock)).toHaveLength(1));
    // Give the failed report's promise time to settle: the screen is still there, whole.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('keeps the screen when fetch itself throws', async () => {
    crash.about = new Error('crashed');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        throw new TypeError('fetch is broken');
      }),
    );
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it('says a new version is out when a page\'s file is gone after a deploy, and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchMock = mockApi({ 'POST /api/client-errors': () => ({ status: 204 }) });
    renderApp('/terms');

    expect(await screen.findByRole('heading', { name: 'A new version is available' })).toBeTruthy();
    expect(screen.getByText('Scoreline was updated while this page was open. Reload to get the latest version.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(reportsOf(fetchMock)).toHaveLength(1));
    expect(reportsOf(fetchMock)[0]).toMatchObject({ route: '/terms' });
    expect(String(reportsOf(fetchMock)[0].message)).toMatch(/Failed to fetch dynamically imported module/);
  });

  it('says so in Spanish too', async () => {
    await speak('es');
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    mockApi({ 'POST /api/client-errors': () => ({ status: 204 }) });
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Hay una nueva versión disponible' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it('still shows the screen, on its own, when the layout itself crashes', async () => {
    localStorage.setItem('authToken', 'tok');
    crash.layout = new Error('layout down');
    const fetchMock = mockApi({ ...PROFILE, 'POST /api/client-errors': () => ({ status: 204 }) });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await waitFor(() => expect(reportsOf(fetchMock)).toEqual([expect.objectContaining({ message: 'layout down', route: '/dashboard' })]));

    crash.layout = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
