import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscoverLeaguesPage } from '@scoreline/contracts/api/leagues';
import { apiGet, apiSend, signInAs, signUpVerified, type ApiUser } from './support/api';
import { expectNoSidewaysScroll } from './support/layout';

/**
 * The screens' states that look-and-accessibility.spec.ts does not reach by URL alone, in the
 * same four combinations (390 and 1280 px, dark and light): Settings → Notifications with the
 * push switch showing, the gameweek and month table panels of a league with winners (a demo
 * league: the first start's demo world has finished gameweeks won in it), and the offline banner
 * of a page the service worker serves. A screenshot of each and an axe-core scan that allows no
 * serious or critical violation. Nothing here plays a match: no gameweek is started.
 */
const SCREENS_DIR = join('test-results', 'screens');
const DEMO_LEAGUE = 'Premier Predictors';

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: t, language: 'en', timezone: 'UTC' })), theme);
}

/** `settled`: wait for skeletons to give way first (offline, some never do: that state is scanned as it is). */
async function scan(page: Page, label: string, theme: 'dark' | 'light', settled = true): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (settled) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: join(SCREENS_DIR, `${label}.png`), fullPage: true });
  await expectNoSidewaysScroll(page, label);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} — ${v.help} [${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}]`)).toEqual([]);
}

/** Until the service worker controls the page: then its shell is cached and it can open offline. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/**
 * Offline, twice: the connection drops on a loaded page (the banner over what is shown), then a
 * navigation the service worker answers with the shell (the banner over screens that wait).
 */
async function offline(context: BrowserContext, page: Page, path: string, label: string, theme: 'dark' | 'light'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await context.setOffline(true);
  try {
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    // As it is: a query the page starts once offline waits (a skeleton) until the network is back.
    await scan(page, `${label}-loaded`, theme, false);
    await page.goto('/dashboard');
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await scan(page, `${label}-reopened`, theme, false);
  } finally {
    await context.setOffline(false);
  }
}

test.describe('how the states behind the screens look, and their accessibility', () => {
  let fan: ApiUser;
  let leaguePath: string;

  test.beforeAll(async ({ request }) => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    fan = await signUpVerified(request, { prefix: 'states', first: 'Stella', last: 'States' });
    await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
    const found = await apiGet<DiscoverLeaguesPage>(request, `/api/leagues/discover/?search=${encodeURIComponent(DEMO_LEAGUE)}`, fan.token);
    const league = found.leagues.find((l) => l.name === DEMO_LEAGUE);
    expect(league, `the demo league ${DEMO_LEAGUE} (SEED_DEMO on)`).toBeDefined();
    await apiSend(request, 'post', '/api/leagues/join/', fan.token, { type: 'public', league_id: league!.id });
    leaguePath = `/leagues/${league!.id}`;
  });

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`at ${width} px in the ${theme} theme`, async ({ page, context, request }) => {
        test.setTimeout(180_000);
        const label = (what: string) => `${width}-${theme}-${what}`;
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/home');
        await setTheme(page, theme);
        // Signed in, the theme is the fan's saved preference (it follows them across devices).
        await apiSend(request, 'put', '/api/auth/preferences/', fan.token, { preferences: { theme } });
        await signInAs(page, fan);

        // Settings → Notifications, the push switch on screen (notifications allowed, not subscribed).
        await context.grantPermissions(['notifications']);
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Notifications' }).click();
        const push = page.getByTestId('push-device');
        await expect(push).toHaveAttribute('data-state', 'off', { timeout: 15_000 });
        await push.getByRole('switch').scrollIntoViewIfNeeded();
        await expect(push.getByRole('switch')).toBeVisible();
        await scan(page, label('settings-notifications'), theme);

        // The league's gameweek table (a finished gameweek, its winner marked) and month table, under the winners' badges.
        await page.goto(leaguePath);
        await expect(page.getByTestId('winner-badges')).toBeVisible({ timeout: 15_000 });
        await page.getByRole('tab', { name: 'Gameweek' }).click();
        const gameweekPanel = page.getByRole('tabpanel', { name: 'Gameweek' });
        const gameweekTable = gameweekPanel.getByRole('table', { name: 'League table for the chosen period' });
        await expect(gameweekPanel.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 15_000 });
        // The current gameweek may be live with no table yet (an earlier spec plays one): step back to the
        // latest gameweek that has a winner.
        for (let step = 0; step < 4; step += 1) {
          await gameweekPanel.getByRole('button', { name: 'Previous gameweek' }).click();
          const won = await gameweekTable.filter({ hasText: 'Winner' }).waitFor({ timeout: 6_000 }).then(() => true, () => false);
          if (won) break;
        }
        await expect(gameweekTable).toContainText('Winner', { timeout: 15_000 });
        await scan(page, label('league-gameweek-table'), theme);
        await page.getByRole('tab', { name: 'Month' }).click();
        const monthPanel = page.getByRole('tabpanel', { name: 'Month' });
        const monthTable = monthPanel.getByRole('table', { name: 'League table for the chosen period' });
        await expect(monthPanel.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 15_000 });
        // Likewise the current month may have no points yet: step back to the latest month with a table.
        for (let step = 0; step < 3; step += 1) {
          if (await monthTable.waitFor({ timeout: 6_000 }).then(() => true, () => false)) break;
          await monthPanel.getByRole('button', { name: 'Previous month' }).click();
        }
        await expect(monthTable).toBeVisible({ timeout: 15_000 });
        await scan(page, label('league-month-table'), theme);

        // Offline, under the service worker: the banner over what the app already has.
        await page.goto('/dashboard');
        await underServiceWorker(page);
        await offline(context, page, '/leagues', label('offline'), theme);
      });
    }
  }
});
