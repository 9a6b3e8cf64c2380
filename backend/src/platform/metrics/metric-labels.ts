import { timingSafeEqual } from 'node:crypto';

/** 200 → '2xx': the status label stays a handful of values. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/**
 * The route template an Express request matched ('/api/leagues/:id'), never its raw URL, so
 * ids and query strings cannot multiply the series. No matched route (static files, 404s): 'unmatched'.
 */
export function routeTemplate(req: { baseUrl?: string; route?: { path?: unknown } }): string {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : 'unmatched';
}

/** Age in seconds of a Redis stream entry, from the millisecond timestamp in its id ('1700000000000-3'). */
export function streamEntryAgeSeconds(entryId: string, nowMs: number): number | null {
  const millis = Number(entryId.split('-')[0]);
  if (!Number.isFinite(millis) || millis <= 0) return null;
  return Math.max(0, nowMs - millis) / 1000;
}

/** /metrics answers when no token is configured, or when the Authorization header carries it. */
export function metricsAccessAllowed(authorization: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
