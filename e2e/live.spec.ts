import { expect, test, type Page } from '@playwright/test';
import type { GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import type { LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import { admin, apiGet, apiSend, signInAs, signUpVerified } from './support/api';

// Motion on here (off for the rest of the run, playwright.config.ts): the leaderboard's rows slide to their new places.
test.use({ reducedMotion: 'no-preference' });

/** Mark the page so a reload (which would clear the mark) is detectable. */
async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function stillNoReload(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

test('while B watches a league page, an admin records a goal: B’s points and the leaderboard change without a reload', async ({ page, request }) => {
  const bea = await signUpVerified(request, { prefix: 'bea', first: 'Bea', last: 'Watcher' });
  const cal = await signUpVerified(request, { prefix: 'cal', first: 'Cal', last: 'Rival' });
  const { fixtures } = await apiGet<GameweekFixtures>(request, '/api/fixtures/current/', bea.token);
  const target = fixtures[0];
  await apiSend(request, 'post', '/api/predictions/', bea.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 1, away_score: 0, is_banker: f.id === target.id })),
  });
  await apiSend(request, 'post', '/api/predictions/', cal.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 0, away_score: 3, is_banker: false })),
  });
  const league = await apiSend<{ id: number }>(request, 'post', '/api/leagues/', bea.token, { name: 'Live Lounge', type: 'public' });
  await apiSend(request, 'post', '/api/leagues/join/', cal.token, { type: 'public', league_id: league.id });

  await signInAs(page, bea);
  await page.goto(`/leagues/${league.id}`);
  const board = page.getByRole('table', { name: 'League leaderboard' });
  await expect(board.getByRole('link', { name: 'Cal Rival' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online');
  const beaRow = board.getByRole('row').filter({ has: page.getByRole('link', { name: 'Bea Watcher' }) });
  await expect(beaRow).not.toContainText('40');
  await markNoReload(page);

  // A goal: 1-0 at minute 30, exactly Bea's banker prediction → 20 x 2 = 40 provisional points.
  const adminToken = await admin(request);
  await apiSend(request, 'put', `/api/admin/fixtures/${target.id}/result`, adminToken, { home_score: 1, away_score: 0, status: 'live', minute: 30 });

  await expect(beaRow).toContainText('40', { timeout: 20_000 });
  const rows = board.getByRole('row');
  await expect(rows.nth(1)).toContainText('Bea Watcher'); // Bea now leads
  expect(await stillNoReload(page)).toBe(true);
});

test('while owner A watches the league, B’s join request appears in A’s panel without a reload', async ({ page, request }) => {
  const ann = await signUpVerified(request, { prefix: 'ann', first: 'Ann', last: 'Owner' });
  const ben = await signUpVerified(request, { prefix: 'ben', first: 'Ben', last: 'Asker' });
  const league = await apiSend<{ id: number; code: string }>(request, 'post', '/api/leagues/', ann.token, { name: 'Door Policy', type: 'private' });

  await signInAs(page, ann);
  await page.goto(`/leagues/${league.id}`);
  const panel = page.getByRole('region', { name: /pending/i });
  await expect(panel.getByText('No pending requests')).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online');
  await markNoReload(page);

  await apiSend(request, 'post', '/api/leagues/join/', ben.token, { type: 'private', code: league.code, message: 'Room for one more?' });

  await expect(panel.getByText('Room for one more?')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Approve Ben Asker' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Ben Asker/ }).first()).toBeVisible();
  expect(await stillNoReload(page)).toBe(true);
});

test('a handshake the server refuses as unavailable is tried again, and the screen catches up with what it missed', async ({ page, request }) => {
  const rae = await signUpVerified(request, { prefix: 'rae', first: 'Rae', last: 'Retry' });
  const sam = await signUpVerified(request, { prefix: 'sam', first: 'Sam', last: 'Late' });
  const league = await apiSend<{ id: number }>(request, 'post', '/api/leagues/', rae.token, { name: 'Second Chances', type: 'public' });

  // Until the gate opens, every handshake meets a stand-in that answers as the API does when it
  // cannot read the fan's leagues (Engine.IO's open packet, then Socket.IO's CONNECT_ERROR); then they reach the API.
  let refused = 0;
  let open = false;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (open) {
      ws.connectToServer();
      return;
    }
    refused += 1;
    ws.send(`0${JSON.stringify({ sid: `refused-${refused}`, upgrades: [], pingInterval: 25000, pingTimeout: 20000, maxPayload: 1000000 })}`);
    ws.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40')) ws.send(`44${JSON.stringify({ message: 'unavailable' })}`);
    });
  });
  await signInAs(page, rae);
  await page.goto(`/leagues/${league.id}`);
  const board = page.getByRole('table', { name: 'League leaderboard' });
  await expect(board.getByRole('link', { name: 'Rae Retry' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'offline');
  await markNoReload(page);

  // Sam joins while the screen has no socket: the push that would have shown him went nowhere.
  await apiSend(request, 'post', '/api/leagues/join/', sam.token, { type: 'public', league_id: league.id });
  await expect
    .poll(async () => (await apiGet<LeaderboardResponse>(request, `/api/leagues/${league.id}/leaderboard/`, rae.token)).leaderboard.length, { timeout: 20_000 })
    .toBe(2);
  await expect(board.getByRole('link', { name: 'Sam Late' })).toHaveCount(0);

  open = true;
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online', { timeout: 40_000 });
  await expect(board.getByRole('link', { name: 'Sam Late' })).toBeVisible({ timeout: 20_000 });
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(await stillNoReload(page)).toBe(true);
});
