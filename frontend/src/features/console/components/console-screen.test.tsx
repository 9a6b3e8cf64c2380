// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';
import { adminBase, makeFeedState, profile, signIn, stubApi } from '../testing/console-api';

// Whole-app renders: generous under a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

describe('operator console: access', () => {
  it('sends a signed-in fan who is no admin where an unknown address goes, with no console link and no console call', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/profile/': profile(false) });
    const { router } = renderApp('/console?tab=health');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Operator Console' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Console' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/admin/'))).toBe(false);

    // The same place an address the app does not know leads to.
    const unknown = renderApp('/no-such-screen');
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows an admin the console with its six sections and a Console link in the header', async () => {
    stubApi({ ...adminBase(), 'GET /api/admin/feed/': () => ({ body: { data: [makeFeedState()] } }), 'GET /api/admin/feed/unmatched/': () => ({ body: { data: [] } }) });
    const { router } = renderApp('/console');
    expect(await screen.findByRole('heading', { name: 'Operator Console' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Console sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Feed', 'Matches', 'Import', 'Bonus', 'Health', 'Audit']);
    const link = await screen.findByRole('link', { name: 'Console' });
    expect(link.getAttribute('href')).toBe('/console');
    expect(link.getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Audit' }));
    expect(router.state.location.search).toBe('?tab=audit');
    expect(within(tabs).getByRole('tab', { name: 'Audit' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when the profile cannot be read, and tries again', async () => {
    let calls = 0;
    stubApi({
      ...adminBase(),
      'GET /api/auth/profile/': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : profile(true)()),
      'GET /api/admin/feed/': () => ({ body: { data: [] } }),
      'GET /api/admin/feed/unmatched/': () => ({ body: { data: [] } }),
    });
    renderApp('/console');
    expect(await screen.findByText('Could not check your access to the console')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Operator Console' })).toBeTruthy();
  });

  it('speaks every language', async () => {
    stubApi({ ...adminBase(), 'GET /api/admin/feed/': () => ({ body: { data: [] } }), 'GET /api/admin/feed/unmatched/': () => ({ body: { data: [] } }) });
    signIn('de');
    await i18n.changeLanguage('de');
    renderApp('/console');
    expect(await screen.findByRole('heading', { name: 'Betriebskonsole' })).toBeTruthy();
    expect(await screen.findByText('Keine nicht zugeordneten Teams oder Spiele')).toBeTruthy();
  });
});
