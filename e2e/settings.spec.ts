import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAs, signUpVerified } from './support/api';

/**
 * Settings are the user's, not the browser's: a timezone chosen on one device is there on
 * another. Privacy's Export Data downloads everything we hold; Delete Account (with the password)
 * removes the account and signs out.
 */
test('settings follow the user to a second device; the language switches the screens; export downloads the data; delete removes the account', async ({ page, browser, request }) => {
  const fan = await signUpVerified(request, { prefix: 'settings', first: 'Sam', last: 'Settings' });
  await signInAs(page, fan);

  await page.goto('/settings?tab=preferences');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/preferences/') && r.request().method() === 'PUT');
  await page.getByLabel('Timezone').selectOption({ label: 'US Pacific (PST/PDT)' });
  expect((await saved).status()).toBe(200);

  // Another device: a fresh browser context with the same account.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, fan);
  await second.goto('/settings?tab=preferences');
  await expect(second.getByLabel('Timezone')).toHaveValue('PST');
  await other.close();

  // Deutsch: the screens and <html lang> switch at once; back to English for the rest.
  const german = page.waitForResponse((r) => r.url().endsWith('/api/auth/preferences/') && r.request().method() === 'PUT');
  await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
  expect((await german).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Übersicht' }).first()).toBeVisible();
  await page.getByLabel('Sprache').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.goto('/settings?tab=privacy');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Data' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^scoreline-data-${fan.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { username: string; email: string }; preferences: { preferences: { timezone: string } } | null };
  expect(exported.profile).toMatchObject({ username: fan.username, email: fan.email });
  expect(exported.preferences?.preferences.timezone).toBe('PST');
  expect(JSON.stringify(exported)).not.toContain('password_hash');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Your password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(fan.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  const login = await request.post('/api/auth/login/', { data: { email: fan.email, password: fan.password } });
  expect(login.status()).toBe(401);
});
