import { stdSerializers } from 'pino';

/**
 * What the logs must never hold, and how it is taken out. Credentials travel in headers (bearer,
 * refresh and board cookies, both ways), in URLs (the calendar feed's token is its path; any
 * `token=` style parameter) and in bodies (passwords, codes, push action tokens). The request
 * and response serializers keep only what is safe; the text scrub below runs over every message
 * and error, for a credential that reaches a log line some other way.
 */
export const REDACTED = '[Redacted]';

/** Header names (lower case) whose value is a credential. */
const SECRET_HEADER = /authorization|cookie|token|secret|api-?key/i;

/** Query parameter names whose value is a credential: those ending in one of these words (token, access_token, api_key, code). */
const SECRET_PARAM = String.raw`[^=&#\s"']*?(?:token|code|otp|password|secret|signature|sig|key|auth|jwt|session)`;

const TEXT_SCRUBS: [RegExp, string][] = [
  // The calendar feed: /api/calendar/<token>.ics (the settings routes live under /calendar/feed;
  // a route template's `:file` is no token).
  [/(\/calendar\/)(?!feed(?:[/?#.\s"']|$)|:)[^/?#.\s"']+/gi, `$1${REDACTED}`],
  // ?token=…, &refresh_token=…, ?code=… in any URL, and `token=…` in a message.
  [new RegExp(String.raw`((?:^|[?&;\s,(])${SECRET_PARAM}=)[^&#\s"',;)]*`, 'gi'), `$1${REDACTED}`],
  // An Authorization header's value quoted in a message.
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`],
  // Our cookies (refresh token, queue board session) quoted in a message.
  [/\b(scoreline_[a-z_]+=)[^;,\s"']+/gi, `$1${REDACTED}`],
  // Signed tokens: JWTs (access, board session) and push action tokens (base64url JSON '.' signature).
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]+)?/g, REDACTED],
];

/**
 * Text that none of TEXT_SCRUBS can match: each needs one of these in the text ('/calendar/',
 * '=' for a parameter or a cookie, 'Bearer', a JWT's 'eyJ'). Most header values have none of them,
 * so the request line's headers (both ways, on every request) skip the five expressions.
 */
const MAY_HOLD_CREDENTIAL = /=|\/calendar\/|bearer|eyJ/i;

/** Text with every credential we know the shape of replaced by [Redacted]. */
export function redactText(text: string): string {
  if (!MAY_HOLD_CREDENTIAL.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of TEXT_SCRUBS) out = out.replace(pattern, replacement);
  return out;
}

function redactHeaders(headers: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (headers === null || typeof headers !== 'object') return out;
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    out[name] = SECRET_HEADER.test(name) ? REDACTED : typeof value === 'string' ? redactText(value) : value;
  }
  return out;
}

/** pino-std-serializers' request, as pino-http hands it over (query and params are left out: the URL has them, scrubbed). */
interface SerializedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: unknown;
  remoteAddress?: string;
  remotePort?: number;
}

/** The request as logged: method, scrubbed URL, headers without credentials; never the body. */
export function serializeRequest(req: SerializedRequest): Record<string, unknown> {
  return {
    id: req.id,
    method: req.method,
    url: typeof req.url === 'string' ? redactText(req.url) : req.url,
    headers: redactHeaders(req.headers),
    remoteAddress: req.remoteAddress,
    remotePort: req.remotePort,
  };
}

/** The response as logged: its status and headers, without Set-Cookie's tokens. */
export function serializeResponse(res: { statusCode?: number; headers?: unknown }): Record<string, unknown> {
  return { statusCode: res.statusCode, headers: redactHeaders(res.headers) };
}

/**
 * An error as logged, its message and stack scrubbed. pino-http hands over the serialized error;
 * a plain pino logger the Error itself.
 */
export function serializeError(err: unknown): unknown {
  const serialized: unknown = err instanceof Error ? stdSerializers.err(err) : err;
  if (serialized === null || typeof serialized !== 'object') return typeof serialized === 'string' ? redactText(serialized) : serialized;
  const out: Record<string, unknown> = { ...(serialized as Record<string, unknown>) };
  for (const key of ['message', 'stack']) if (typeof out[key] === 'string') out[key] = redactText(out[key] as string);
  return out;
}

/** Fields that hold a credential wherever they sit in a logged object (one level down, or a request body's). */
const SECRET_FIELDS = [
  'password',
  'password_confirm',
  'new_password',
  'current_password',
  'otp_code',
  'code',
  'sealedCode',
  'token',
  'action_token',
  'access',
  'refresh',
  'accessToken',
  'refreshToken',
  'replaces',
  'auth',
  'p256dh',
];
// `code` only in bodies: at the top of a log line it is an error's code (ECONNREFUSED), not a secret.
const TOP_LEVEL_FIELDS = SECRET_FIELDS.filter((field) => field !== 'code');

/** pino `redact` paths: a second net behind the serializers, for objects logged directly. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.map((field) => `req.body.${field}`),
  ...TOP_LEVEL_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

const scrubString = (arg: unknown): unknown => (typeof arg === 'string' ? redactText(arg) : arg);

/**
 * pino `hooks.logMethod`: every string argument of a log call (the message, a Nest stack) is
 * scrubbed. A call that gives an error and no message would have pino take the error's own
 * message, unscrubbed: it is given the scrubbed one (the error itself goes through serializeError).
 */
export function scrubLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const hasMessage = rest.length > 0;
  if (first instanceof Error) return [{ err: first }, ...(hasMessage ? rest.map(scrubString) : [redactText(first.message)])];
  const err = first !== null && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
  if (err instanceof Error && !hasMessage) return [first, redactText(err.message)];
  return [scrubString(first), ...rest.map(scrubString)];
}
