/**
 * The service worker (src/service-worker/sw.ts): registered once the page has loaded, in builds
 * only (the dev server has no precache list). A new build's worker takes over by itself; the
 * next visit runs the new version. A notification click asks an open page to move to its
 * screen: `onNavigate` does that inside the SPA.
 */
export function registerServiceWorker(onNavigate: (url: string) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: unknown }>) => {
    if (event.data?.type === 'scoreline:navigate' && typeof event.data.url === 'string' && event.data.url.startsWith('/')) onNavigate(event.data.url);
  });
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The active registration, when a worker controls (or will control) this page. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}
