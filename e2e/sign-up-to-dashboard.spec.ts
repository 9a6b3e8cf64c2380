import { expect, test } from '@playwright/test';
import { uniqueFan, waitForEmailCode } from './support/mail';

test('a new fan signs up, verifies with the emailed code, signs in, completes onboarding and reaches the dashboard', async ({ page }) => {
  const fan = uniqueFan();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Jamie');
  await page.getByLabel('Last name').fill('Vardy');
  await page.getByLabel('Username').fill(fan.username);
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password', { exact: true }).fill(fan.password);
  await page.getByLabel('Confirm password').fill(fan.password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await expect(page.getByText(/f\*{3}@example\.com/)).toBeVisible();
  const code = await waitForEmailCode(fan.email);
  await page.getByLabel('Verification code').fill(code);
  await expect(page.getByText('6/6 digits entered')).toBeVisible();
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Email verified successfully! Redirecting to sign in...')).toBeVisible();

  await expect(page).toHaveURL(/\/signin$/, { timeout: 5000 });
  await expect(page.getByLabel('Email')).toHaveValue(fan.email);
  await page.getByLabel('Password', { exact: true }).fill(fan.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/onboarding\/country-club-selection$/);
  await page.getByLabel('Country').fill('engl');
  await page.getByRole('option', { name: /England/ }).click();
  await page.getByLabel('Favorite club').fill('Leicester');
  await page.getByRole('option', { name: /Leicester City FC/ }).click();
  await page.getByRole('button', { name: 'Complete Setup' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^ey/);
});

test('an anonymous visit to /dashboard lands on /home', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('How Well Do You Know The Beautiful Game?')).toBeVisible();
});

test('signing out clears the token and goes home', async ({ page, request }) => {
  const fan = uniqueFan('out');
  await request.post('/api/auth/register/', {
    data: { ...fan, first_name: 'Sam', last_name: 'Kerr', password_confirm: fan.password },
  });
  const code = await waitForEmailCode(fan.email);
  await request.post('/api/auth/verify-otp/', { data: { email: fan.email, otp_code: code, purpose: 'email_verification' } });

  await page.goto('/signin');
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password', { exact: true }).fill(fan.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding\/country-club-selection$/);
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).or(page.getByRole('button', { name: 'Sign Out' })).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/home$/);
});
