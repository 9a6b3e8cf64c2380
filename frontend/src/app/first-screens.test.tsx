// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ALIASES, FIRST_SCREENS } from '../../build/first-screens.mjs';
import { mockApi, renderApp } from '@/test/render-app';
import { routes, type RouteHandle } from './router';

// build/first-screens.mjs tells the bundle budget and index.html's early boot script what the
// measured first screens load: it must say what the router and the screens really do.
describe('first screens', () => {
  it('lists the namespaces the router loads with each measured route', () => {
    for (const [path, first] of Object.entries(FIRST_SCREENS)) {
      const namespaces = (matchRoutes(routes, path) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.namespaces ?? []);
      expect([path, [...namespaces].sort()]).toEqual([path, [...first.namespaces].sort()]);
    }
    expect(Object.values(FIRST_SCREEN_ALIASES).flat().every((path) => path in FIRST_SCREENS)).toBe(true);
  });

  it('starts early only calls the signed-in dashboard makes at once', async () => {
    localStorage.setItem('authToken', 'tok');
    const fetchMock = mockApi({});
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const early = FIRST_SCREENS['/dashboard'].signedInRequests ?? [];
    await waitFor(() => {
      const called = new Set(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([url]) => String(url).split('?')[0]));
      expect(early.filter((url) => !called.has(url))).toEqual([]);
    });
  });
});
