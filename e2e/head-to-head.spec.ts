import { expect, test } from '@playwright/test';
import type { RankHistory } from '@scoreline/contracts/api/compare';
import type { League } from '@scoreline/contracts/api/leagues';
import { apiGet, apiSend, signInAs, signUpVerified } from './support/api';

// The rank history of a league created now is written by the workers' reconciler pass (once a
// minute as `npm start` runs it) for the demo season's finished gameweeks.
test.setTimeout(150_000);

test('opens head to head from the leaderboard with its figures and chart, and the rank chart on a profile', async ({ page, request }) => {
  const dana = await signUpVerified(request, { prefix: 'dana', first: 'Dana', last: 'Rival' });
  const eli = await signUpVerified(request, { prefix: 'eli', first: 'Eli', last: 'Challenger' });
  const league = await apiSend<League>(request, 'post', '/api/leagues/', dana.token, { name: `Derby Day ${Date.now() % 100000}`, type: 'public' });
  await apiSend(request, 'post', '/api/leagues/join/', eli.token, { type: 'public', league_id: league.id });

  await expect
    .poll(async () => (await apiGet<RankHistory>(request, `/api/leagues/${league.id}/rank-history/${eli.id}/`, dana.token)).history.length, {
      timeout: 120_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);

  // From the leaderboard to the head to head.
  await signInAs(page, dana);
  await page.goto(`/leagues/${league.id}`);
  const board = page.getByRole('table', { name: 'League leaderboard' });
  const eliRow = board.getByRole('row').filter({ has: page.getByRole('link', { name: 'Eli Challenger', exact: true }) });
  await expect(eliRow).toBeVisible({ timeout: 20_000 });
  await eliRow.getByRole('link', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/leagues/${league.id}/compare/${eli.id}$`));
  await expect(page.getByRole('heading', { name: 'Head to head' })).toBeVisible();
  const figures = page.getByTestId('head-to-head-figures');
  await expect(figures.getByRole('rowheader', { name: 'Points' })).toBeVisible();
  await expect(figures.getByRole('rowheader', { name: 'Gameweeks won' })).toBeVisible();
  // The demo season's past gameweeks are revealed: the chart draws them.
  await expect(page.getByRole('heading', { name: 'Points per gameweek' })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangles, .recharts-surface').first()).toBeVisible();
  await expect(page.getByText('Your picks have not differed yet.')).toBeVisible();

  // Eli's profile carries the rank over time, best and worst marked.
  await page.goto(`/leagues/${league.id}/player/${eli.username}`);
  const card = page.getByTestId('rank-history');
  await expect(card.getByRole('heading', { name: 'Rank over time' })).toBeVisible();
  await expect(card.getByTestId('rank-history-chart')).toBeVisible();
  await expect(card.getByTestId('rank-best')).toContainText('Best: #1');
  await expect(page.getByTestId('compare-link')).toBeVisible();
});
