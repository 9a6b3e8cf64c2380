import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import { apiGet, apiSend, signInAs, signUpVerified } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

const SCREENS_DIR = join('test-results', 'screens');

/**
 * The bonus questions of the run's active season: the demo season, shifted so that its middle
 * gameweek is the current one, so its first kick-off is months past and the questions are locked.
 * (Answering and saving are covered by the screen's own tests: making a season with a future first
 * kick-off the active one would change the season every other spec of the run plays in.)
 */
test("a fan opens Bonus from the navigation and reads the season's locked questions, axe-clean at 390 and 1280 px", async ({ page, request }) => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const fan = await signUpVerified(request, { prefix: 'bonus', first: 'Bea', last: 'Bonus' });
  await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
  const bonus = await apiGet<SeasonBonus>(request, '/api/bonus/current/', fan.token);
  expect(bonus.open).toBe(false);

  await signInAs(page, fan);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bonus' }).click();
  await expect(page).toHaveURL(/\/bonus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Questions' })).toBeVisible();
  await expect(page.getByText(bonus.season_name, { exact: true })).toBeVisible();
  // When they locked, with the zone named.
  await expect(page.locator('p', { hasText: 'Answers locked at' })).toContainText(' · ');
  await expect(page.getByRole('heading', { name: 'Answers are locked' })).toBeVisible();

  const questions = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(questions).toHaveCount(bonus.questions.length);
  const champion = page.getByRole('listitem', { name: 'Who wins the competition?' });
  await expect(champion).toContainText('Your answer');
  await expect(champion).toContainText('No answer');
  await expect(page.getByText('Your bonus points', { exact: true }).locator('../..')).toContainText(String(bonus.my_points));
  // Read-only: nothing to fill in, nothing to save (the header's competition switcher aside).
  await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save answers' })).toHaveCount(0);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Answers are locked' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: join(SCREENS_DIR, `${width}-bonus.png`), fullPage: true });
    await expectNoSidewaysScroll(page, `/bonus at ${width} px`);
    await expectNoSeriousViolations(page, `/bonus (${width} px)`);
  }

  // On a phone the menu leads there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-nav').getByRole('link', { name: 'Bonus' })).toHaveAttribute('aria-current', 'page');
});
