import {
  CLIENT_ERROR_BUILD_MAX,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_ROUTE_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERROR_USER_AGENT_MAX,
  type ClientErrorReport,
} from '@scoreline/contracts/api/client-errors';
import { buildApiUrl } from './api-client';
import { getStoredToken } from './auth-token';

/** How many lines of React's component stack a report keeps: the innermost ones say where. */
const STACK_LINES = 12;

/**
 * What browsers and Vite say when a lazy screen's file cannot be fetched: after a deploy the old
 * build's chunks are gone (or the fan is offline). A reload fetches the new build.
 */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** The error's own words, whatever was thrown. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : String(error);
  return text.trim() || 'Unknown error';
}

/**
 * At most `max` characters the server takes: no NUL (refused whole) and no half of a surrogate
 * pair left at the cut.
 */
function clip(text: string, max: number): string {
  const cut = text.replaceAll('\u0000', '').slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The path alone: a query string or hash may hold a token (a sign-in link, an invite). */
export function pathOnly(route: string): string {
  return route.replace(/[?#].*$/s, '') || '/';
}

/**
 * In a production build this module sits in a content-hashed chunk, so its file name tells which
 * build ran; in development there is no build to name.
 */
function buildName(): string | undefined {
  return import.meta.env.PROD ? new URL(import.meta.url).pathname.split('/').pop() : undefined;
}

/** The report the server takes (contracts/api/client-errors.ts), every field within its limit. */
export function clientErrorReport(error: unknown, route: string, componentStack?: string | null): ClientErrorReport {
  const report: ClientErrorReport = { message: clip(errorMessage(error), CLIENT_ERROR_MESSAGE_MAX), route: clip(pathOnly(route), CLIENT_ERROR_ROUTE_MAX) };
  const stack = componentStack
    ?.split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, STACK_LINES)
    .join('\n');
  if (stack) report.component_stack = clip(stack, CLIENT_ERROR_STACK_MAX);
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (userAgent) report.user_agent = clip(userAgent, CLIENT_ERROR_USER_AGENT_MAX);
  const build = buildName();
  if (build) report.build = clip(build, CLIENT_ERROR_BUILD_MAX);
  return report;
}

/** What was reported in this page's life: the same crash on the same path is sent once. */
const reported = new Set<string>();

/**
 * Tells the server's log about a crash (POST /api/client-errors), once per error and path, with
 * the stored token when there is one (it names the user). Fire and forget: a report that fails
 * (offline, refused, rate limited) is dropped without a word, since the fan already sees the error screen.
 */
export function reportClientError(error: unknown, route: string, componentStack?: string | null): void {
  const report = clientErrorReport(error, route, componentStack);
  const key = `${report.route}\n${report.message}`;
  if (reported.has(key)) return;
  reported.add(key);
  try {
    const token = getStoredToken();
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // keepalive: the report still goes out when the fan reloads at once.
    void fetch(buildApiUrl('/client-errors'), { method: 'POST', headers, body: JSON.stringify(report), keepalive: true }).catch(() => undefined);
  } catch {
    // fetch itself threw (no fetch, a refused header): nothing to do.
  }
}

/** Forgets what was reported (tests). */
export function forgetReportedClientErrors(): void {
  reported.clear();
}
