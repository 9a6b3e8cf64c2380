import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { League } from '@scoreline/contracts/api/leagues';
import { apiGet, apiSend, signInAs, signUpVerified, type ApiUser } from './support/api';
import { axeRulesFor, expectNoSeriousViolations } from './support/axe';
import { uniqueFan, waitForEmailCode } from './support/mail';

/**
 * Issue 13 §3 in the browser: an invite link opened signed out leads through sign-up, the emailed
 * code, sign-in and onboarding back to the join with the code filled; one tap sends the request.
 * A rotated code's link says it was replaced. The new screens at 390 and 1280 px, dark and light,
 * with no serious axe violation.
 */
const SCREENS_DIR = join('test-results', 'screens');

async function axeClean(page: Page, label: string, theme: 'dark' | 'light'): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: join(SCREENS_DIR, `invites-${label}.png`), fullPage: true });
  await expectNoSeriousViolations(page, label, axeRulesFor(page.viewportSize()!.width, theme));
}

test.describe('invite links', () => {
  let owner: ApiUser;
  let league: League;

  test.beforeAll(async ({ request }) => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    owner = await signUpVerified(request, { prefix: 'inviter', first: 'Olga', last: 'Owner' });
    await apiSend(request, 'post', '/api/onboarding/skip/', owner.token);
    league = await apiSend<League>(request, 'post', '/api/leagues/', owner.token, { name: 'Pub Quiz Predictors', type: 'private', description: 'Thursday crowd' });
  });

  test('a signed-out fan opens /join/{code}, signs up, verifies, onboards and lands back on the join to send the request', async ({ page, request }) => {
    test.setTimeout(180_000);
    // The link as a chat app sees it: the league's card, no member's name.
    const html = await (await request.get(`/join/${league.code}`)).text();
    expect(html).toContain('<meta property="og:title" content="Join Pub Quiz Predictors on Scoreline" />');
    expect(html).not.toContain('Olga');

    await page.goto(`/join/${league.code}`);
    await expect(page.getByRole('heading', { name: 'Pub Quiz Predictors' })).toBeVisible();
    await expect(page.getByText('1 member', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Sign up to join' }).click();

    const fan = uniqueFan('invitee');
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Invitee');
    await page.getByLabel('Username').fill(fan.username);
    await page.getByLabel('Email').fill(fan.email);
    await page.getByLabel('Password', { exact: true }).fill(fan.password);
    await page.getByLabel('Confirm password').fill(fan.password);
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await page.getByLabel('Verification code').fill(await waitForEmailCode(fan.email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/signin$/, { timeout: 5000 });
    await page.getByLabel('Password', { exact: true }).fill(fan.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/onboarding\/country-club-selection$/);
    await page.getByLabel('Country').fill('engl');
    await page.getByRole('option', { name: /England/ }).click();
    await page.getByLabel('Favorite club').fill('Leicester');
    await page.getByRole('option', { name: /Leicester City FC/ }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await expect(page).toHaveURL(new RegExp(`/join/${league.code}$`));
    await expect(page.getByRole('heading', { name: 'Pub Quiz Predictors' })).toBeVisible();
    await page.getByLabel('Message to the owner (optional)').fill('It is Ivy from the pub');
    await page.getByRole('button', { name: 'Send join request' }).click();
    await expect(page.getByText('Request sent. The owner of Pub Quiz Predictors will review it.')).toBeVisible();

    const requests = await apiGet<{ pending_requests: { username: string; message: string }[] }>(request, `/api/leagues/${league.id}/join-requests/`, owner.token);
    expect(requests.pending_requests).toEqual([expect.objectContaining({ username: fan.username, message: 'It is Ivy from the pub' })]);
  });

  test('the owner shares and rotates the code; the old link then says it was replaced', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-write']);
    // The app's Permissions-Policy denies clipboard-read (it never reads the clipboard): what it
    // copies is kept on its way to the clipboard instead.
    await page.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const writeText = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { copiedText?: string }).copiedText = text;
        return writeText(text);
      };
    });
    await signInAs(page, owner);
    await page.goto(`/leagues/${league.id}`);
    // Chromium on Linux has no share sheet: the link is copied.
    await page.getByRole('button', { name: 'Share invite link' }).click();
    await expect(page.getByText('Invite link copied')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(`${new URL(page.url()).origin}/join/${league.code}`);

    await page.getByRole('button', { name: /new code/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate New Code' }).click();
    await expect(page.getByText('A new invite code was generated. The old code no longer works.')).toBeVisible();
    const fresh = (await apiGet<League>(request, `/api/leagues/${league.id}/`, owner.token)).code!;
    expect(fresh).not.toBe(league.code);
    await expect(page.getByText(fresh)).toBeVisible();

    await page.goto(`/join/${league.code}`);
    await expect(page.getByRole('heading', { name: 'This invite link was replaced' })).toBeVisible();
    await expect(page.getByText('The league owner made a new invite link')).toBeVisible();
    league = { ...league, code: fresh };
  });

  test('a signed-in fan joins a public league from its link in one tap', async ({ page, request }) => {
    const host = await signUpVerified(request, { prefix: 'pubhost' });
    const pub = await apiSend<League>(request, 'post', '/api/leagues/', host.token, { name: 'Open Terrace', type: 'public' });
    const fan = await signUpVerified(request, { prefix: 'pubfan' });
    await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
    await signInAs(page, fan);
    await page.goto(`/leagues/${pub.id}/join`);
    await page.getByRole('button', { name: 'Join league' }).click();
    await expect(page.getByText('You joined Open Terrace!')).toBeVisible();
    await page.getByRole('button', { name: 'Open the league' }).click();
    await expect(page).toHaveURL(new RegExp(`/leagues/${pub.id}$`));
  });

  for (const width of [390, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`the join screen and Add to calendar at ${width} px in the ${theme} theme pass axe`, async ({ page, request }) => {
        test.setTimeout(240_000);
        const viewer = await signUpVerified(request, { prefix: `look${width}${theme}` });
        await apiSend(request, 'post', '/api/onboarding/skip/', viewer.token);
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/home');
        await page.evaluate((t) => localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: t, language: 'en', timezone: 'UTC' })), theme);
        await page.goto(`/join/${league.code}`);
        await expect(page.getByRole('heading', { name: 'Pub Quiz Predictors' })).toBeVisible();
        await axeClean(page, `${width}-${theme}-join-signed-out`, theme);
        await page.goto('/join/GONE2345');
        await expect(page.getByRole('heading', { name: 'Invite not found' })).toBeVisible();
        await axeClean(page, `${width}-${theme}-join-unknown`, theme);
        await signInAs(page, viewer);
        await page.goto(`/join/${league.code}`);
        await expect(page.getByRole('button', { name: 'Send join request' })).toBeVisible();
        await axeClean(page, `${width}-${theme}-join-signed-in`, theme);
        await page.goto('/settings?tab=notifications');
        await expect(page.getByRole('link', { name: 'Subscribe in calendar app' })).toHaveAttribute('href', /^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
        await axeClean(page, `${width}-${theme}-settings-calendar`, theme);
        await page.goto('/fixtures');
        await expect(page.getByRole('link', { name: 'Subscribe in calendar app' })).toBeVisible();
        await axeClean(page, `${width}-${theme}-fixtures-calendar`, theme);
      });
    }
  }
});
