import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import type { DiscoverLeaguesPage } from '@scoreline/contracts/api/leagues';
import { admin, apiGet, apiSend, signInAs, signUpVerified, type ApiUser } from './support/api';
import { axeRulesFor, expectNoSeriousViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

/**
 * The screens' states that look-and-accessibility.spec.ts does not reach by URL alone, in the
 * same four combinations (390 and 1280 px, dark and light): Settings → Notifications with the
 * push switch showing, the gameweek and month table panels of a league with winners (a demo
 * league: the first start's demo world has finished gameweeks won in it), and the offline banner
 * of a page the service worker serves; the group tables (/groups) and the header's competition
 * switcher while they load, when they fail and with nothing to show (the requests held or answered
 * by the test); the operator console's Feed and Health tabs likewise, as the run's admin sees them.
 * A screenshot of each and an axe-core scan that allows no serious or critical violation. Nothing
 * here plays a match: no gameweek is started.
 */
const SCREENS_DIR = join('test-results', 'screens');
const DEMO_LEAGUE = 'Premier Predictors';
const PREMIER_LEAGUE = 'en.1';
const WORLD_CUP = 'fifa.wc';
const COMPETITIONS = '**/api/competitions/';
const GROUP_TABLES = '**/api/seasons/*/groups/';
const SERVER_ERROR = { status: 500, json: { message: 'Internal server error' } };
const CONSOLE_FEED = '**/api/admin/feed/';
const CONSOLE_UNMATCHED = '**/api/admin/feed/unmatched/';
const CONSOLE_HEALTH = '**/api/admin/health/';
/** A health with nothing to report: no queue, nothing pending or failing, no reconciler run, no message. */
const QUIET_HEALTH: ConsoleHealth = {
  queues: [],
  queue_board_url: '/admin/queues',
  outbox: { pending: 0, oldest_pending_seconds: null, failing: [], dead_letters: 0 },
  reconciler: [],
  mail: { sent: 0, failed: 0 },
  push: { sent: 0, failed: 0 },
};

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: t, language: 'en', timezone: 'UTC' })), theme);
}

/** `settled`: wait for skeletons to give way first (offline, some never do: that state is scanned as it is). */
async function scan(page: Page, label: string, theme: 'dark' | 'light', settled = true): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (settled) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: join(SCREENS_DIR, `${label}.png`), fullPage: true });
  await expectNoSidewaysScroll(page, label);
  await expectNoSeriousViolations(page, label, axeRulesFor(width, theme));
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
    // Both seeded competitions, so the switcher shows (the World Cup's team is locked: it has kicked off).
    await apiSend(request, 'put', `/api/competitions/${PREMIER_LEAGUE}/play/`, fan.token, {});
    await apiSend(request, 'put', `/api/competitions/${WORLD_CUP}/play/`, fan.token, {});
  });

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`at ${width} px in the ${theme} theme`, async ({ page, context, request }) => {
        test.setTimeout(180_000);
        const label = (what: string) => `${width}-${theme}-${what}`;
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/home');
        await setTheme(page, theme);
        // Signed in, the theme is the fan's saved preference (it follows them across devices); the Premier League theirs.
        await apiSend(request, 'put', '/api/auth/preferences/', fan.token, { preferences: { theme }, current_competition: PREMIER_LEAGUE });
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
        await page.getByRole('tab', { name: 'Gameweek', exact: true }).click();
        const gameweekPanel = page.getByRole('tabpanel', { name: 'Gameweek', exact: true });
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
        await page.getByRole('tab', { name: 'Month', exact: true }).click();
        const monthPanel = page.getByRole('tabpanel', { name: 'Month', exact: true });
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

      test(`the group tables and the competition switcher loading, failing and empty, at ${width} px in the ${theme} theme`, async ({ page, request }) => {
        test.setTimeout(150_000);
        const label = (what: string) => `${width}-${theme}-${what}`;
        await page.setViewportSize({ width, height: 844 });
        await apiSend(request, 'put', '/api/auth/preferences/', fan.token, { preferences: { theme }, current_competition: PREMIER_LEAGUE });
        await signInAs(page, fan);
        const switcher = page.getByRole('combobox', { name: 'Competition', exact: true });

        // The Premier League's: a league has no groups.
        await page.goto('/groups');
        await expect(page.getByRole('heading', { name: 'This competition has no groups' })).toBeVisible({ timeout: 15_000 });
        await expect(switcher).toHaveValue(PREMIER_LEAGUE);
        await scan(page, label('groups-league'), theme);

        // The World Cup's, chosen in the switcher; the states below are its.
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/preferences/') && r.request().method() === 'PUT');
        await switcher.selectOption(WORLD_CUP);
        expect((await saved).status()).toBe(200);
        await expect(page.getByRole('table', { name: 'Standings: Group A' })).toBeVisible({ timeout: 15_000 });

        try {
          // Loading: the competitions and the tables not answered yet (the switcher keeps its place).
          await page.route(COMPETITIONS, () => undefined);
          await page.route(GROUP_TABLES, () => undefined);
          await page.reload();
          await expect(page.getByRole('status').filter({ hasText: 'Loading the group tables…' })).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: 'Loading competitions…' })).toBeVisible();
          await scan(page, label('groups-loading'), theme, false);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // The tables fail: the error, with Try Again.
          await page.route(GROUP_TABLES, (route) => route.fulfill(SERVER_ERROR));
          await page.reload();
          const failed = page.getByRole('alert').filter({ hasText: 'Could not load the group tables' });
          await expect(failed.getByRole('button', { name: 'Try Again' })).toBeVisible({ timeout: 15_000 });
          await expect(switcher).toHaveValue(WORLD_CUP);
          await scan(page, label('groups-error'), theme);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // The competitions fail: the switcher offers to try again, and the screen cannot say whose tables to show.
          await page.route(COMPETITIONS, (route) => route.fulfill(SERVER_ERROR));
          await page.reload();
          await expect(page.getByRole('button', { name: 'Competitions could not load. Try again' })).toBeVisible({ timeout: 15_000 });
          await expect(failed.getByRole('button', { name: 'Try Again' })).toBeVisible({ timeout: 15_000 });
          await scan(page, label('groups-competitions-error'), theme);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // No competition being played: nothing to switch, nothing to show.
          await page.route(COMPETITIONS, (route) => route.fulfill({ json: { data: [] } }));
          await page.reload();
          await expect(page.getByRole('heading', { name: 'No competition is being played right now' })).toBeVisible({ timeout: 15_000 });
          await expect(switcher).toHaveCount(0);
          await scan(page, label('groups-none'), theme);
        } finally {
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      });
    }
  }
});

test.describe("how the console's states look to an admin, and their accessibility", () => {
  let adminToken: string;

  test.beforeAll(async ({ request }) => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    adminToken = await admin(request);
    await apiSend(request, 'post', '/api/onboarding/skip/', adminToken);
  });

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`the console's Feed and Health tabs loading, failing and empty, at ${width} px in the ${theme} theme`, async ({ page, request }) => {
        test.setTimeout(150_000);
        const label = (what: string) => `${width}-${theme}-${what}`;
        await page.setViewportSize({ width, height: 844 });
        await apiSend(request, 'put', '/api/auth/preferences/', adminToken, { preferences: { theme } });
        await signInAs(page, { token: adminToken });
        const status = (text: string) => page.getByRole('status').filter({ hasText: text });
        const failed = (title: string) => page.getByRole('alert').filter({ hasText: title });

        try {
          // Feed, loading: the competitions' feed and the unmatched list not answered yet.
          await page.route(CONSOLE_FEED, () => undefined);
          await page.route(CONSOLE_UNMATCHED, () => undefined);
          await page.goto('/console?tab=feed');
          await expect(status('Loading the feed…')).toBeVisible({ timeout: 15_000 });
          await expect(status('Loading the unmatched teams and matches…')).toBeVisible();
          await scan(page, label('console-feed-loading'), theme, false);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // Feed, failing: each section says so and offers to try again.
          await page.route(CONSOLE_FEED, (route) => route.fulfill(SERVER_ERROR));
          await page.route(CONSOLE_UNMATCHED, (route) => route.fulfill(SERVER_ERROR));
          await page.reload();
          await expect(failed('Could not load the feed').getByRole('button')).toBeVisible({ timeout: 15_000 });
          await expect(failed('Could not load the unmatched teams and matches').getByRole('button')).toBeVisible({ timeout: 15_000 });
          await scan(page, label('console-feed-error'), theme);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // Feed, empty: no competition fed, nothing to map.
          await page.route(CONSOLE_FEED, (route) => route.fulfill({ json: { data: [] } }));
          await page.route(CONSOLE_UNMATCHED, (route) => route.fulfill({ json: { data: [] } }));
          await page.reload();
          await expect(page.getByRole('heading', { name: 'No active competition has a feed.' })).toBeVisible({ timeout: 15_000 });
          await expect(page.getByRole('heading', { name: 'No unmatched teams or matches' })).toBeVisible();
          await scan(page, label('console-feed-empty'), theme);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // Health, loading.
          await page.route(CONSOLE_HEALTH, () => undefined);
          await page.goto('/console?tab=health');
          await expect(status('Loading the health…')).toBeVisible({ timeout: 15_000 });
          await scan(page, label('console-health-loading'), theme, false);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // Health, failing.
          await page.route(CONSOLE_HEALTH, (route) => route.fulfill(SERVER_ERROR));
          await page.reload();
          await expect(failed('Could not load the health').getByRole('button')).toBeVisible({ timeout: 15_000 });
          await scan(page, label('console-health-error'), theme);
          await page.unrouteAll({ behavior: 'ignoreErrors' });

          // Health with nothing to report (a fresh deployment): no queue, no reconciler run yet.
          await page.route(CONSOLE_HEALTH, (route) => route.fulfill({ json: { data: QUIET_HEALTH } }));
          await page.reload();
          await expect(page.getByText('No queue.')).toBeVisible({ timeout: 15_000 });
          await expect(page.getByText('The reconciler has not run yet.')).toBeVisible();
          await scan(page, label('console-health-quiet'), theme);
        } finally {
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      });
    }
  }
});
