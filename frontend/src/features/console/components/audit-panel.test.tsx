// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { AUDIT_PAGE_SIZE } from '../api/get-audit';
import { adminBase, callsTo, makeAuditEntry, signIn, stubApi } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

/** Entries from `from` down, newest first. */
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeAuditEntry(from - i));

describe('operator console: audit', () => {
  it('lists operator actions newest first with only what changed, and pages to older ones', async () => {
    const first = page(120, AUDIT_PAGE_SIZE);
    first[2] = makeAuditEntry(118, { actor: null, via: 'cli', via_detail: 'ops@vm', target: 'Fixture 118 (by the CLI)' });
    first[0] = makeAuditEntry(120, {
      action: 'feed.team-link',
      actor: null,
      via: 'feed',
      via_detail: 'football-data',
      target: 'Korea Republic (KOR) → Korea Republic',
      before: null,
      after: { club_id: 7 },
    });
    let olderFails = true;
    const fetchMock = stubApi({
      ...adminBase(),
      'GET /api/admin/audit/': (url) => {
        const before = url.searchParams.get('before');
        if (before === null) return { body: { data: first } };
        if (olderFails) {
          olderFails = false;
          return { status: 500, body: { message: 'boom' } };
        }
        return { body: { data: page(Number(before) - 1, 2) } };
      },
    });
    renderApp('/console?tab=audit');

    const feedEntry = (await screen.findByText('Korea Republic (KOR) → Korea Republic')).closest('li')!;
    expect(within(feedEntry).getByText('feed.team-link')).toBeTruthy();
    expect(within(feedEntry).getByText('Results feed')).toBeTruthy();
    expect(within(feedEntry).getByText('{"club_id":7}')).toBeTruthy();

    const cliEntry = screen.getByText('Fixture 118 (by the CLI)').closest('li')!;
    expect(within(cliEntry).getByText('Ops CLI (ops@vm)')).toBeTruthy();

    const resultEntry = screen.getByText('Fixture 119 (Arsenal v Chelsea)').closest('li')!;
    expect(within(resultEntry).getByText('ops_ada')).toBeTruthy();
    // Only the keys that changed: away_score (0 → 0) is left out.
    expect([...resultEntry.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['status', 'home_score', 'minute']);
    expect(within(resultEntry).getByText('"live"')).toBeTruthy();
    expect(within(resultEntry).getByText('"finished"')).toBeTruthy();

    expect(callsTo(fetchMock, 'GET', '/api/admin/audit/').map((c) => c.url.search)).toEqual([`?limit=${AUDIT_PAGE_SIZE}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Could not load older entries. Please try again.')).toBeTruthy();
    // What was shown stays.
    expect(screen.getByText('Fixture 119 (Arsenal v Chelsea)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Fixture 70 (Arsenal v Chelsea)')).toBeTruthy();
    expect(screen.getByText('Fixture 69 (Arsenal v Chelsea)')).toBeTruthy();
    expect(screen.getByText('No older entries.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit/').map((c) => c.url.searchParams.get('before'))).toEqual([null, '71', '71']);
  });

  it('says when nothing was done yet, and when the list cannot load', async () => {
    let calls = 0;
    stubApi({ ...adminBase(), 'GET /api/admin/audit/': () => (++calls === 1 ? { status: 500, body: { message: 'Internal server error' } } : { body: { data: [] } }) });
    renderApp('/console?tab=audit');
    expect(await screen.findByText('Could not load the audit list')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No operator action yet.')).toBeTruthy();
  });
});
