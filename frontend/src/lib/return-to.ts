/**
 * Where to go after sign-in / onboarding: an invite link opened signed out is remembered here
 * (this tab only, for an hour) and taken once the fan is in, so they land back on the join with
 * the code filled. Only the app's own invite paths are kept, never an outside address.
 */
const KEY = 'scoreline.returnTo';
const MAX_AGE_MS = 60 * 60 * 1000;
const ALLOWED = [/^\/join\/[A-Za-z0-9]{1,8}$/, /^\/leagues\/\d{1,10}\/join$/];

export function isReturnPath(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path));
}

export function rememberReturnTo(path: string, now = Date.now()): void {
  if (!isReturnPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage off (private mode): the fan lands on the dashboard instead.
  }
}

/** The remembered path, forgotten as it is read; null when none, stale or not an invite path. */
export function takeReturnTo(now = Date.now()): string | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > MAX_AGE_MS || !isReturnPath(path)) return null;
    return path;
  } catch {
    return null;
  }
}

/** Reads without forgetting (the sign-in form decides between onboarding and the join). */
export function peekReturnTo(now = Date.now()): string | null {
  const path = takeReturnTo(now);
  if (path) rememberReturnTo(path, now);
  return path;
}
