import type { ClientErrorReport } from '@scoreline/contracts/api/client-errors';

/**
 * Characters that could forge or hide log lines: C0 and C1 controls (newlines included), the
 * Unicode line and paragraph separators, and the bidi overrides that reorder text on screen.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** A path or URL's `?query` or `#hash` (they may hold tokens): from the mark to the next blank. */
const QUERY_OR_HASH = /(\/[^\s?#]*)[?#]\S*/g;

/** The text on one line: every control character a single space, blanks at the ends trimmed. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The path alone: whatever follows the first `?` or `#` is dropped. */
export function pathOnly(route: string): string {
  return route.replace(/[?#].*$/s, '');
}

/** Every URL or path in the text without its query string or hash (a chunk URL, a link in a message). */
export function withoutQueryStrings(text: string): string {
  return text.replace(QUERY_OR_HASH, '$1');
}

/** Safe to log: one line, no query strings. */
function clean(text: string): string {
  return withoutControlCharacters(withoutQueryStrings(text));
}

export interface ClientErrorLog {
  /** `client error: <route> <message>` */
  line: string;
  /** The rest of the report, beside the line in the same JSON record. */
  fields: { user_id?: number; component_stack?: string; user_agent?: string; build?: string };
}

/** What the one warn line of a client's crash report says. */
export function clientErrorLog(report: ClientErrorReport, userId: number | null): ClientErrorLog {
  const fields: ClientErrorLog['fields'] = {};
  if (userId !== null) fields.user_id = userId;
  // The component stack's lines joined by " < " (innermost first, as React lists them).
  const stack = report.component_stack
    ?.split(/\r\n|[\n\r]/)
    .map(clean)
    .filter((line) => line !== '')
    .join(' < ');
  if (stack) fields.component_stack = stack;
  const userAgent = report.user_agent === undefined ? '' : withoutControlCharacters(report.user_agent);
  if (userAgent) fields.user_agent = userAgent;
  const build = report.build === undefined ? '' : clean(report.build);
  if (build) fields.build = build;
  return { line: `client error: ${clean(pathOnly(report.route)) || '/'} ${clean(report.message)}`, fields };
}
