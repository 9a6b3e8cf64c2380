/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushActionRequest, PushPayload } from '@scoreline/contracts/api/push';
import { decisionNotice, decisionOutcome, pickLanguage } from './decision-notice';

/**
 * Scoreline's service worker: the app shell and every hashed asset of this build are precached
 * (the list is written in by vite-plugin-pwa at build time), so the app opens offline and shows
 * its "you are offline" state instead of the browser's error page; a new build's worker takes
 * over at once and the next visit runs the new version. It also shows web pushes and answers
 * their clicks. API calls and sockets are never cached: they need the server.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every client route is the SPA's index.html (from the precache: the shell works offline); the
// server's own paths are not pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\.io\//, /^\/admin\//, /^\/metrics/] }));

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

function isPayload(value: unknown): value is PushPayload {
  const p = value as Partial<PushPayload> | null;
  return !!p && typeof p.title === 'string' && typeof p.body === 'string' && typeof p.url === 'string' && p.url.startsWith('/');
}

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    /* not ours: ignored below */
  }
  if (!isPayload(payload)) return;
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: payload.body,
    tag: payload.tag,
    icon: ICON,
    badge: BADGE,
    data: { url: payload.url, kind: payload.kind, actionToken: payload.action_token ?? null, language: payload.language ?? null },
    actions: payload.actions,
  };
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

/** Focuses a Scoreline window and moves it to `url`, or opens one there. */
async function openScreen(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // The page moves inside the SPA (src/lib/service-worker.ts); then it is brought forward,
    // which the browser may refuse without a click (the move has happened either way).
    open.postMessage({ type: 'scoreline:navigate', url });
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

/** Approve / Reject on a join request: the push's own token decides it, no sign-in needed. */
async function decide(action: PushActionRequest['action'], token: string, url: string, language: unknown): Promise<void> {
  const body: PushActionRequest = { token, action };
  const response = await fetch('/api/push/actions/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  // Say what happened (or that it did not), in the reader's language: the owner tapped a button and saw nothing else.
  const notice = decisionNotice(pickLanguage(language, self.navigator.language), action, decisionOutcome(response?.status ?? null));
  await self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: `decided-here:${url}`,
    icon: ICON,
    badge: BADGE,
    data: { url, kind: 'decided_here', actionToken: null },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: string; actionToken?: string | null; language?: unknown };
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard';
  const work = (event.action === 'approve' || event.action === 'reject') && data.actionToken ? decide(event.action, data.actionToken, url, data.language) : openScreen(url);
  event.waitUntil(work);
});
