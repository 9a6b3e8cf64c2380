import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type CDPSession, type Worker } from '@playwright/test';
import type { League } from '@scoreline/contracts/api/leagues';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { apiSend, signInAs, signUpVerified } from './support/api';

/**
 * The installable app and web push in Chromium, through the DevTools protocol: the app passes
 * Chromium's installability check, opens offline from its service worker, and a push delivered
 * to the worker shows its notification, whose click opens the league page. (DevTools cannot
 * click a system notification: the click is the worker's own `notificationclick` event,
 * dispatched in the worker on the notification it shows.)
 */

/** The page's service worker, once it is active (registered after load, in builds). */
async function activeWorker(context: BrowserContext, page: import('@playwright/test').Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** The registration id DevTools knows the origin's worker by. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('Chromium reports the app installable: manifest, icons and a service worker that controls the page', async ({ baseURL, launchOptions }) => {
  // A profile on disk: Chromium never offers to install from an incognito-like context (Playwright's default).
  const profile = mkdtempSync(join(tmpdir(), 'scoreline-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/home');
    await activeWorker(context, page);
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);

    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(JSON.parse(data!)).toMatchObject({ start_url: '/dashboard', display: 'standalone', theme_color: '#0b1220', background_color: '#0b1220' });
    for (const [path, size] of [
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
      ['/icons/maskable-512.png', 512],
      ['/icons/apple-touch-icon-180.png', 180],
    ] as const) {
      const png = await (await page.request.get(path)).body();
      // A PNG's IHDR holds its width and height at bytes 16–23.
      expect([path, png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([path, size, size]);
    }
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon-180.png');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('opens offline from the service worker and says it is offline', async ({ page, context, request }) => {
  const fan = await signUpVerified(request, { prefix: 'offline', first: 'Olli', last: 'Offline' });
  await signInAs(page, fan);
  await page.goto('/dashboard');
  await activeWorker(context, page);
  // Loaded once under the worker's control, every chunk of the shell is in its cache.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    await page.goto('/leagues');
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('a push delivered to the service worker shows its notification, and its click opens the league page', async ({ page, context, request, baseURL }) => {
  const owner = await signUpVerified(request, { prefix: 'pushowner', first: 'Paula', last: 'Pusher' });
  const league = await apiSend<League>(request, 'post', '/api/leagues/', owner.token, { name: 'Push Night League', type: 'private' });
  await context.grantPermissions(['notifications'], { origin: baseURL });

  await signInAs(page, owner);
  await page.goto('/settings?tab=notifications');
  // The per-device opt-in waits for the fan: nothing is asked or subscribed before it is touched.
  await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'off');
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toHaveAttribute('aria-checked', 'false');
  const worker = await activeWorker(context, page);

  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, `${baseURL}/`);
  const payload: PushPayload = {
    kind: 'join_request',
    title: 'Join request for Push Night League',
    body: 'Remy Requester would like to join.',
    url: `/leagues/${league.id}`,
    tag: `join:${league.id}:99`,
    actions: [
      { action: 'approve', title: 'Approve' },
      { action: 'reject', title: 'Reject' },
    ],
    action_token: 'token-for-the-buttons',
  };
  const shown = () =>
    worker.evaluate(async () => {
      const sw = globalThis as unknown as { registration: { getNotifications(): Promise<{ title: string; body: string; tag: string; data: { url: string } }[]> } };
      return (await sw.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }));
    });
  // A push service delivers at least once, not exactly once: on a loaded machine DevTools' first
  // delivery can reach the worker before it handles pushes, so when it has not shown in 10 s one
  // more delivery of the same push (same tag: it replaces, never adds) is a push service's retry.
  const expected = [{ title: payload.title, body: payload.body, tag: payload.tag, url: `/leagues/${league.id}` }];
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: id, data: JSON.stringify(payload) });
  await deliver();
  const arrived = await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1).then(() => true, () => false);
  if (!arrived) await deliver();
  await expect.poll(shown, { timeout: 20_000 }).toEqual(expected);

  // The click: the worker's notificationclick handler on the notification it showed. Whether the
  // handler closed it is read from that notification itself, not from the list: a retried
  // delivery that lands late may rightly show the same notification again.
  await worker.evaluate(async () => {
    const sw = globalThis as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      dispatchEvent(event: Event): boolean;
      clickedNotificationClosed?: boolean;
    };
    const [notification] = await sw.registration.getNotifications();
    const close = notification.close.bind(notification);
    sw.clickedNotificationClosed = false;
    notification.close = () => {
      sw.clickedNotificationClosed = true;
      close();
    };
    const NotificationEventClass = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action?: string }) => Event }).NotificationEvent;
    sw.dispatchEvent(new NotificationEventClass('notificationclick', { notification, action: '' }));
  });
  await expect(page).toHaveURL(new RegExp(`/leagues/${league.id}$`));
  await expect(page.getByText('Push Night League').first()).toBeVisible();
  expect(await worker.evaluate(() => (globalThis as unknown as { clickedNotificationClosed?: boolean }).clickedNotificationClosed)).toBe(true);
  if (arrived) await expect.poll(shown).toEqual([]);
});
