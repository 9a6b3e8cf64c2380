/**
 * How the built frontend is cached and compressed. Pure rules, so they can be tested without a
 * server; `frontend-static.middleware.ts` applies them.
 */

/** Vite puts every content-hashed file under /assets/: a new build gives a new name, never new bytes. */
export const HASHED_ASSETS_PREFIX = '/assets/';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The browser may keep it but must revalidate (ETag) before each use, so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS_PREFIX) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** The precompressed siblings the build writes next to a text asset (vite-plugin-compression2). */
export const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type ContentEncoding = (typeof ENCODINGS)[number]['encoding'];

/** Paths the API and the socket server own; the frontend never answers them, not even with its fallback. */
const SERVER_PREFIXES = ['/api', '/socket.io', '/metrics'];

export function isServerPath(urlPath: string): boolean {
  return SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

/**
 * Whether an unknown path gets index.html (the SPA's client-side routes) or a 404: a missing
 * hashed asset is a stale reference and must not be answered with HTML a browser would keep a year.
 */
export function takesSpaFallback(urlPath: string): boolean {
  return !isServerPath(urlPath) && !urlPath.startsWith(HASHED_ASSETS_PREFIX);
}
