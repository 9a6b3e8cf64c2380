import { expect, test, type Page } from '@playwright/test';
import type { GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import { admin, apiGet, apiSend, signInAs, signUpVerified } from './support/api';

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function stillNoReload(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

test('the gameweek table moves on a goal without a reload, and the winner gets a badge once the gameweek ends', async ({ page, request }) => {
  const gil = await signUpVerified(request, { prefix: 'gil', first: 'Gil', last: 'Tablewatcher' });
  const hal = await signUpVerified(request, { prefix: 'hal', first: 'Hal', last: 'Rival' });
  const { fixtures } = await apiGet<GameweekFixtures>(request, '/api/fixtures/current/', gil.token);
  const [target] = fixtures;
  // Gil: 1–0 everywhere, banker on the first match; Hal: 0–3 everywhere.
  await apiSend(request, 'post', '/api/predictions/', gil.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 1, away_score: 0, is_banker: f.id === target.id })),
  });
  await apiSend(request, 'post', '/api/predictions/', hal.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 0, away_score: 3, is_banker: false })),
  });
  const league = await apiSend<{ id: number }>(request, 'post', '/api/leagues/', gil.token, { name: 'Table Talk', type: 'public' });
  await apiSend(request, 'post', '/api/leagues/join/', hal.token, { type: 'public', league_id: league.id });

  await signInAs(page, gil);
  await page.goto(`/leagues/${league.id}`);
  await page.getByRole('tab', { name: 'Gameweek', exact: true }).click();
  const table = page.getByRole('table', { name: 'League table for the chosen period' });
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online');
  await markNoReload(page);

  // A goal: 1–0, exactly Gil's banker → 40 provisional points in this gameweek's table.
  const adminToken = await admin(request);
  await apiSend(request, 'put', `/api/admin/fixtures/${target.id}/result`, adminToken, { home_score: 1, away_score: 0, status: 'live', minute: 30 });
  const gilRow = table.getByRole('row').filter({ hasText: 'Gil Tablewatcher' });
  await expect(gilRow).toContainText('40', { timeout: 20_000 });
  await expect(table.getByRole('row').nth(1)).toContainText('Gil Tablewatcher');
  await expect(page.getByRole('tabpanel', { name: 'Gameweek' }).getByText('Live', { exact: true })).toBeVisible();
  expect(await stillNoReload(page)).toBe(true);

  // Every match of the gameweek ends 1–0: Gil wins the gameweek outright.
  for (const f of fixtures) {
    await apiSend(request, 'put', `/api/admin/fixtures/${f.id}/result`, adminToken, { home_score: 1, away_score: 0, status: 'finished' });
  }
  const badges = page.getByTestId('winner-badges');
  await expect(badges).toContainText('Gil Tablewatcher', { timeout: 30_000 });
  await expect(gilRow).toContainText('Winner', { timeout: 20_000 });
  expect(await stillNoReload(page)).toBe(true);

  // The month tab shows the same rule over the month's gameweeks.
  await page.getByRole('tab', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('table', { name: 'League table for the chosen period' })).toContainText('Gil Tablewatcher');
});
