import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { admin, apiGet, apiSend, signInAs, signUpVerified, type ApiUser } from './support/api';
import { axeRulesFor, expectNoSeriousViolations, type AxeRules } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

/**
 * The main screens as a fan sees them: a screenshot of each at phone and desktop width, in the
 * dark and the light theme (under test-results/screens, to look at), and an axe-core scan that
 * allows no serious or critical accessibility violation. The fan plays the Premier League and the
 * World Cup (both seeded by `npm start`), so the header's competition switcher is on every
 * signed-in screen; the screens that differ for a tournament (its knockout fixtures, bonus
 * questions and group tables) are looked at again with the World Cup chosen. The operator
 * console's six tabs are looked at as the run's admin sees them, in each of the four languages.
 */
const SCREENS_DIR = join('test-results', 'screens');

const PUBLIC = ['/home', '/signin', '/signup', '/about', '/help'];
const SIGNED_IN = ['/dashboard', '/fixtures', '/results', '/bonus', '/groups', '/leagues', '/gameweeks-history', '/settings'];
/** Looked at again with the World Cup as the fan's competition (with the Premier League, /groups says it has no groups). */
const WORLD_CUP_SCREENS = ['/fixtures', '/bonus', '/groups'];
const PREMIER_LEAGUE = 'en.1';
const WORLD_CUP = 'fifa.wc';
/** The console's tabs (/console?tab=…), each with its first section's heading. */
const CONSOLE_TABS = [
  { tab: 'feed', label: 'Feed', heading: 'Results feed' },
  { tab: 'matches', label: 'Matches', heading: 'In play now' },
  { tab: 'import', label: 'Import', heading: 'Import a competition file' },
  { tab: 'bonus', label: 'Bonus', heading: 'Bonus questions' },
  { tab: 'health', label: 'Health', heading: 'Health' },
  { tab: 'audit', label: 'Audit', heading: 'Audit' },
] as const;

/** The console in the other languages: its title, and each tab of CONSOLE_TABS (in order) as [tab label, first heading]. */
const CONSOLE_TRANSLATED = [
  {
    language: 'de',
    title: 'Betriebskonsole',
    tabs: [['Feed', 'Ergebnis-Feed'], ['Spiele', 'Jetzt laufend'], ['Import', 'Wettbewerbsdatei importieren'], ['Bonus', 'Bonusfragen'], ['Zustand', 'Zustand'], ['Protokoll', 'Protokoll']],
  },
  {
    language: 'es',
    title: 'Consola de operación',
    tabs: [['Feed', 'Feed de resultados'], ['Partidos', 'En juego ahora'], ['Importar', 'Importar un archivo de competición'], ['Extra', 'Preguntas extra'], ['Estado', 'Estado'], ['Auditoría', 'Auditoría']],
  },
  {
    language: 'fr',
    title: 'Console d’exploitation',
    tabs: [['Flux', 'Flux de résultats'], ['Matchs', 'En cours'], ['Import', 'Importer un fichier de compétition'], ['Bonus', 'Questions bonus'], ['État', 'État'], ['Journal', 'Journal']],
  },
] as const;

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: t, language: 'en', timezone: 'UTC' })), theme);
}

/**
 * `competition`: signed in, the one the switcher (on every screen, so scanned with it) must show.
 * `ready`: what must be on screen before judging, beyond the skeletons gone.
 */
async function check(page: Page, path: string, label: string, theme: 'dark' | 'light', rules: AxeRules, competition?: string, ready?: () => Promise<void>): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Let skeletons give way to content before judging.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  if (competition) await expect(page.getByRole('combobox', { name: 'Competition', exact: true })).toHaveValue(competition);
  await ready?.();
  await page.screenshot({ path: join(SCREENS_DIR, `${label}${path.replace(/[/?=&]/g, '_')}.png`), fullPage: true });
  await expectNoSidewaysScroll(page, `${path} (${label})`);
  await expectNoSeriousViolations(page, `${path} (${label})`, rules);
}

test.describe('how the main screens look, and their accessibility', () => {
  let fan: ApiUser;
  let leaguePath: string;
  /** Head to head with a rival in a public league, and the rival's profile (rank over time). */
  let comparePaths: string[];

  test.beforeAll(async ({ request }) => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    fan = await signUpVerified(request, { prefix: 'look', first: 'Lena', last: 'Looker' });
    await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
    // The Premier League first: the leagues below are written in the fan's competition.
    await apiSend(request, 'put', `/api/competitions/${PREMIER_LEAGUE}/play/`, fan.token, {});
    await apiSend(request, 'post', '/api/leagues/', fan.token, { name: 'Screenshot City', type: 'private', description: 'Where the pictures are taken.' });
    const overview = await apiGet<LeaguesOverview>(request, '/api/leagues/overview/', fan.token);
    leaguePath = `/leagues/${overview.private_leagues.leagues[0].league.id}`;
    const rival = await signUpVerified(request, { prefix: 'rival', first: 'Rory', last: 'Rival' });
    const derby = await apiSend<{ id: number }>(request, 'post', '/api/leagues/', fan.token, { name: 'Screenshot Derby', type: 'public' });
    await apiSend(request, 'post', '/api/leagues/join/', rival.token, { type: 'public', league_id: derby.id });
    comparePaths = [`/leagues/${derby.id}/compare/${rival.id}`, `/leagues/${derby.id}/player/${rival.username}`];
    // The World Cup too (no national team: the seeded tournament has kicked off, its teams are locked).
    await apiSend(request, 'put', `/api/competitions/${WORLD_CUP}/play/`, fan.token, {});
  });

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`at ${width} px in the ${theme} theme`, async ({ page, request }) => {
        test.setTimeout(240_000);
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/home');
        await setTheme(page, theme);
        for (const path of PUBLIC) await check(page, path, `${width}-${theme}`, theme, axeRulesFor(width, theme));
        // Signed in, the theme is the fan's saved preference (it follows them across devices), not this browser's.
        // The current competition too: the Premier League (the World Cup's tests below choose theirs).
        await apiSend(request, 'put', '/api/auth/preferences/', fan.token, { preferences: { theme }, current_competition: PREMIER_LEAGUE });
        await signInAs(page, fan);
        for (const path of [...SIGNED_IN, leaguePath, ...comparePaths]) await check(page, path, `${width}-${theme}`, theme, axeRulesFor(width, theme), PREMIER_LEAGUE);
      });

      test(`with the World Cup chosen, at ${width} px in the ${theme} theme`, async ({ page, request }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 844 });
        // A fan of their own: a page of the test before may still be saving the first fan's competition.
        const cupFan = await signUpVerified(request, { prefix: `cup${width}${theme}`, first: 'Wanda', last: 'Cup' });
        await apiSend(request, 'post', '/api/onboarding/skip/', cupFan.token);
        await apiSend(request, 'put', `/api/competitions/${PREMIER_LEAGUE}/play/`, cupFan.token, {});
        await apiSend(request, 'put', `/api/competitions/${WORLD_CUP}/play/`, cupFan.token, {});
        // Chosen on another device: the screens follow the fan's saved competition.
        await apiSend(request, 'put', '/api/auth/preferences/', cupFan.token, { preferences: { theme }, current_competition: WORLD_CUP });
        await signInAs(page, cupFan);
        for (const path of WORLD_CUP_SCREENS) await check(page, path, `${width}-${theme}-world-cup`, theme, axeRulesFor(width, theme), WORLD_CUP);
      });
    }
  }
});

test.describe('how the operator console looks to an admin, and its accessibility', () => {
  let adminToken: string;

  test.beforeAll(async ({ request }) => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    adminToken = await admin(request);
    await apiSend(request, 'post', '/api/onboarding/skip/', adminToken);
  });

  // The other three languages at the narrow width, where a longer word would push the page sideways.
  for (const { language, title, tabs } of CONSOLE_TRANSLATED) {
    test(`the console's tabs in ${language} at 390 px`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await apiSend(request, 'put', '/api/auth/preferences/', adminToken, { preferences: { theme: 'dark', language } });
      await signInAs(page, { token: adminToken });
      for (const [i, { tab }] of CONSOLE_TABS.entries()) {
        const [label, heading] = tabs[i];
        // Colours and structure as the English scan at 390 px dark; what a language changes is its words.
        await check(page, `/console?tab=${tab}`, `390-dark-${language}`, 'dark', 'structure', undefined, async () => {
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
          await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
        });
      }
    });
  }

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`the console's tabs at ${width} px in the ${theme} theme`, async ({ page, request }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 844 });
        // The admin's saved theme, as a fan's (it follows them across devices), and English, which these tests read.
        await apiSend(request, 'put', '/api/auth/preferences/', adminToken, { preferences: { theme, language: 'en' } });
        await signInAs(page, { token: adminToken });
        for (const { tab, label, heading } of CONSOLE_TABS) {
          await check(page, `/console?tab=${tab}`, `${width}-${theme}`, theme, axeRulesFor(width, theme), undefined, async () => {
            await expect(page.getByRole('heading', { level: 1, name: 'Operator Console' })).toBeVisible();
            await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
            await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
          });
        }
      });
    }
  }
});
