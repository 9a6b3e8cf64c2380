// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, makeHealth, signIn, stubApi } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

describe('operator console: health', () => {
  it('opens a queue board session (its cookie) before the board itself, in a tab opened by the click', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetchMock = stubApi({
      ...adminBase(),
      'GET /api/admin/health/': () => ({ body: { data: makeHealth() } }),
      'POST /api/admin/queues/session': () => ({ body: { data: { url: '/api/admin/queues/', expires_in: 900 } } }),
    });
    renderApp('/console?tab=health');
    (await screen.findByRole('link', { name: /Open the queue board/ })).click();
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/admin/queues/'));
    expect(callsTo(fetchMock, 'POST', '/api/admin/queues/session')).toHaveLength(1);
    open.mockRestore();
  });


  it('shows the queues table with the board link, the outbox, the reconciler and mail and push', async () => {
    stubApi({ ...adminBase(), 'GET /api/admin/health/': () => ({ body: { data: makeHealth() } }) });
    renderApp('/console?tab=health');

    const table = await screen.findByRole('table', { name: 'Queues' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Queue', 'Waiting', 'Active', 'Delayed', 'Failed'],
      ['scoring', '3', '1', '0', '0'],
      ['notifications', '0', '0', '12', '4 Failed'],
    ]);
    expect(screen.getByText('4 failed jobs: see the queue board.')).toBeTruthy();
    const board = screen.getByRole('link', { name: /Open the queue board/ });
    expect(board.getAttribute('href')).toBe('/admin/queues/');
    expect(board.getAttribute('target')).toBe('_blank');

    expect(screen.getByText('Pending').nextElementSibling?.textContent).toBe('5');
    expect(screen.getByText('Oldest written').nextElementSibling?.textContent).toBe('1 min ago');
    expect(screen.getByText('1 event keeps failing')).toBeTruthy();
    expect(screen.getByText('#91 result.recorded')).toBeTruthy();
    expect(screen.getByText('6 attempts')).toBeTruthy();
    expect(screen.getByText('Redis connection refused')).toBeTruthy();

    expect(screen.getByText('Rescored 2 predictions of fixture 33.')).toBeTruthy();
    expect(screen.getByText('2 repaired')).toBeTruthy();
    expect(screen.getByText('Emails sent').nextElementSibling?.textContent).toBe('120');
    expect(screen.getByText('Emails failed').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Pushes sent').nextElementSibling?.textContent).toBe('340');
    expect(screen.getByText('Pushes failed').nextElementSibling?.textContent).toBe('0');
  });

  it('asks again every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failed = 0;
    const fetchMock = stubApi({ ...adminBase(), 'GET /api/admin/health/': () => ({ body: { data: makeHealth({ queues: [{ name: 'scoring', waiting: 0, active: 0, delayed: 0, failed: failed++ }] }) } }) });
    renderApp('/console?tab=health');
    expect(await screen.findByText('No failed job.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/health/')).toHaveLength(2));
    expect(await screen.findByText('1 failed job: see the queue board.')).toBeTruthy();
  });

  it('says when there is no queue, no reconciler run and nothing pending', async () => {
    stubApi({
      ...adminBase(),
      'GET /api/admin/health/': () => ({ body: { data: makeHealth({ queues: [], reconciler: [], outbox: { pending: 0, oldest_pending_seconds: null, failing: [], dead_letters: 0 } }) } }),
      'GET /api/admin/outbox/dead-letters/': () => ({ body: { data: [] } }),
    });
    renderApp('/console?tab=health');
    expect(await screen.findByText('No queue.')).toBeTruthy();
    expect(screen.getByText('The reconciler has not run yet.')).toBeTruthy();
    expect(screen.getByText('No event keeps failing.')).toBeTruthy();
    expect(await screen.findByText('No dead letter.')).toBeTruthy();
    expect(screen.getByText('Oldest written').nextElementSibling?.textContent).toBe('—');
  });
});
