import { expect, test } from '@playwright/test';
import type { Fixture, GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { admin, apiGet, apiSend, signInAs, signUpVerified } from './support/api';

test('a fan predicts a gameweek with a banker, an admin records the results, the fan sees the points on Results, Dashboard and History', async ({ page, request }) => {
  const fan = await signUpVerified(request, { prefix: 'pred', first: 'Paula', last: 'Predictor' });
  await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
  const current = await apiGet<GameweekFixtures>(request, '/api/fixtures/current/', fan.token);
  const fixtures: Fixture[] = current.fixtures;
  expect(fixtures.length).toBeGreaterThan(1);
  const [bankerMatch, ...others] = fixtures;

  // Predict in the UI: 2-1 everywhere, the first match as the banker.
  await signInAs(page, fan);
  await page.goto('/fixtures');
  for (const f of fixtures) {
    const card = page.getByRole('group', { name: `${f.home_team} vs ${f.away_team}` });
    await card.getByLabel(`${f.home_team} score`).fill('2');
    await card.getByLabel(`${f.away_team} score`).fill('1');
  }
  await page.getByLabel(`Banker for ${bankerMatch.home_team} vs ${bankerMatch.away_team}`).check();
  await page.getByRole('button', { name: 'Save Predictions' }).click();
  await expect(page.getByText('All predictions saved successfully!')).toBeVisible();

  // The admin records the results: the banker match exactly right (20 x 2), the rest draws (0).
  const adminToken = await admin(request);
  await apiSend(request, 'put', `/api/admin/fixtures/${bankerMatch.id}/result`, adminToken, { home_score: 2, away_score: 1, status: 'finished' });
  for (const f of others) {
    await apiSend(request, 'put', `/api/admin/fixtures/${f.id}/result`, adminToken, { home_score: 1, away_score: 1, status: 'finished' });
  }
  await expect
    .poll(async () => (await apiGet<DashboardData>(request, '/api/stats/dashboard/', fan.token)).current_season_stats.total_points, { timeout: 20_000 })
    .toBe(40);

  await page.goto('/results');
  await expect(page.getByRole('heading', { name: `Gameweek ${current.gameweek.number} Results` })).toBeVisible();
  await expect(page.getByText('BANKER').first()).toBeVisible();
  await expect(page.getByText('40', { exact: true }).first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText('Total Points', { exact: true }).locator('..')).toContainText('40');

  await page.goto('/gameweeks-history');
  await expect(page.getByText('Season Total Points', { exact: true }).locator('..')).toContainText('40');
  await page.getByRole('button', { name: new RegExp(`Show .*${current.gameweek.number}.* matches`) }).click();
  await expect(page.getByText('BANKER').first()).toBeVisible();
});
