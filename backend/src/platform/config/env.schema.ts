/**
 * The environment as one zod schema: every variable the API and the workers read, each with its
 * type, its default (by NODE_ENV where that differs), whether it is a secret and what it is for.
 * env.ts parses process.env with it into AppEnv; docs/configuration.md's table is this list
 * rendered (env-docs.ts; env-docs.spec.ts fails when the two differ).
 *
 * A bad value is refused with a line naming the variable, what was given (a secret's length only;
 * a URL's password masked) and what is expected.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

export type NodeEnv = 'development' | 'production' | 'test';

export class EnvError extends Error {}

const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
  let dir = from;
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && /"name":\s*"scoreline"/.test(readFileSync(pkg, 'utf8'))) return dir;
    dir = resolve(dir, '..');
  }
  return process.cwd();
}

/** The repository's root folder (the default DATA_DIR and FRONTEND_DIST are in it). */
export function repoRoot(): string {
  return REPO_ROOT;
}

/**
 * An unset variable's value, written as it would be given (so it goes through the same checks):
 * one for every NODE_ENV, or per NODE_ENV with `value` for those not named. None: unset.
 */
export type EnvDefault = string | { value?: string; development?: string; production?: string; test?: string };

export interface EnvVar<T = unknown, D extends EnvDefault | undefined = EnvDefault | undefined> {
  /** From the given text (trimmed; blank counts as unset) to the value. */
  schema: z.ZodType<T, string>;
  default: D;
  /** The docs' "default" column when it is more than the value(s) above: derived from another variable, generated, required. */
  docDefault?: string;
  /** The docs' "meaning" column (markdown, one line). */
  description: string;
  /** Never shown in a message (only its length). */
  secret?: boolean;
}

function envVar<T, D extends EnvDefault | undefined = undefined>(spec: {
  schema: z.ZodType<T, string>;
  default?: D;
  docDefault?: string;
  description: string;
  secret?: boolean;
}): EnvVar<T, D> {
  return { ...spec, default: spec.default as D };
}

/** The default a variable takes under this NODE_ENV, undefined for none. */
export function defaultFor(variable: EnvVar, nodeEnv: NodeEnv): string | undefined {
  const given = variable.default;
  return typeof given === 'string' ? given : (given?.[nodeEnv] ?? given?.value);
}

// ---- Value types -------------------------------------------------------------------------------

/** A refusal inside `checked`: what is expected, and the part of the value at fault (null: none to show). */
class Refusal {
  constructor(
    readonly expected: string,
    readonly got?: string | null,
  ) {}
}

const refuse = (expected: string, got?: string | null): never => {
  throw new Refusal(expected, got);
};

/** A value read by a function that calls refuse() with what it expects (lists, URLs: more than one rule). */
function checked<T>(read: (value: string) => T): z.ZodType<T, string> {
  return z.string().transform((value, ctx) => {
    try {
      return read(value);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      ctx.addIssue({ code: 'custom', message: error.expected, params: { got: error.got } });
      return z.NEVER;
    }
  });
}

/** Items of a comma list, trimmed, blanks dropped. */
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function wholeNumber(min: number, max: number): z.ZodType<number, string> {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

const bool = (): z.ZodType<boolean, string> =>
  z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'], case: 'insensitive', error: 'must be true or false' });

function url(protocols: string[]): z.ZodType<string, string> {
  return checked((value) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return refuse(`must be a URL (${protocols.join(' or ')})`);
    }
    if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) refuse(`must start with ${protocols.map((p) => `${p}://`).join(' or ')}`);
    return value;
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const FEED_COMPETITION_CODE = /^[a-z0-9.]{1,16}$/;
const PROVIDER_COMPETITION_CODE = /^[A-Z0-9]{2,10}$/;

/** URL-safe base64 of `bytes` bytes: the uncompressed P-256 public point (65), the private scalar (32). */
export function isBase64UrlKey(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

/** METRICS_PORT: a port (0: any free one) or off. */
const metricsPort = checked((value): number | null => {
  if (/^(off|none|false)$/i.test(value)) return null;
  if (!/^\d+$/.test(value) || Number(value) > 65535) refuse('must be a port from 0 to 65535 (0: any free one) or "off"');
  return Number(value);
});

/** TRUST_PROXY: IPs, CIDRs or Express's named ranges; hop counts and `true` believe whatever the nearest peer claims. */
const trustProxy = checked((value): string[] => {
  if (/^(none|false)$/i.test(value)) return [];
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    if (PROXY_NAMES.includes(entry)) return entry;
    const [ip, prefix, ...rest] = entry.split('/');
    const maxPrefix = isIP(ip) === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (isIP(ip) === 0 || !prefixOk || rest.length > 0) {
      refuse('must be "none" or a comma list of IPs, CIDRs (10.0.0.0/8) or loopback/linklocal/uniquelocal', entry);
    }
    return entry;
  });
});

/** ALLOWED_ORIGINS: origins (scheme, host, port; no path), lowercased. */
const origins = checked((value): string[] =>
  commaList(value).map((raw) => {
    let parsed: URL | null = null;
    try {
      parsed = new URL(raw);
    } catch {
      /* refused below */
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== raw.replace(/\/$/, '').toLowerCase()) {
      refuse('must be a comma list of origins like https://app.example.com (no path)', raw);
    }
    return parsed!.origin;
  }),
);

/** FOOTBALL_DATA_COMPETITIONS: "en.1=PL,fifa.wc=WC", each of our codes once. */
const competitionMap = checked((value): Record<string, string> => {
  const map: Record<string, string> = {};
  for (const raw of commaList(value)) {
    const [ours, theirs, ...rest] = raw.split('=').map((p) => p.trim());
    if (rest.length > 0 || !FEED_COMPETITION_CODE.test(ours ?? '') || !PROVIDER_COMPETITION_CODE.test(theirs ?? '')) {
      refuse(`must be a comma list like "en.1=PL,fifa.wc=WC" (our code = the provider's)`, raw);
    }
    if (Object.prototype.hasOwnProperty.call(map, ours)) refuse(`names ${ours} twice`, null);
    map[ours] = theirs;
  }
  if (Object.keys(map).length === 0) refuse('must name at least one competition');
  return map;
});

// ---- The variables -----------------------------------------------------------------------------

/** Every variable, in the order of the docs' table. */
export const ENV_VARS = {
  PORT: envVar({ schema: wholeNumber(1, 65535), default: '3000', description: 'HTTP port of the API (also serves the frontend and sockets)' }),
  DATABASE_URL: envVar({
    schema: url(['postgres', 'postgresql']),
    default: 'postgres://postgres@127.0.0.1:5432/scoreline',
    docDefault: '`postgres://postgres@127.0.0.1:5432/scoreline`; `npm start` without it: see "What `npm start` does" above',
    description: 'PostgreSQL',
  }),
  REDIS_URL: envVar({ schema: url(['redis', 'rediss']), default: 'redis://127.0.0.1:6379', description: 'Redis: queues, rate limits, socket fan-out' }),
  SMTP_URL: envVar({
    schema: url(['smtp', 'smtps']),
    docDefault: 'unset: development logs each mail and writes `.data/mail/*.eml`; production sends nothing and logs only that a mail was not sent',
    description:
      'e.g. `smtp://user:pass@mail.example.com:587`; a mail gives up after 10 s to connect or be greeted, or 30 s of silence (`?connectionTimeout=`, `?greetingTimeout=`, `?socketTimeout=` in ms change them), and its job retries',
  }),
  PUSH_ALLOWED_HOSTS: envVar({
    schema: checked((value) =>
      commaList(value).map((entry) => {
        const host = entry.toLowerCase().replace(/^\./, '');
        if (!HOST_NAME.test(host) || isIP(host) !== 0) refuse('must be a comma list of host names like fcm.googleapis.com', entry);
        return host;
      }),
    ),
    docDefault: 'empty: any host on the public internet',
    description:
      "comma list of push service host names; an endpoint's host must be one of them or under one, e.g. `fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com`",
  }),
  PUSH_ALLOW_LOOPBACK: envVar({
    schema: bool(),
    default: 'false',
    description: '`true` lets push endpoints be on this machine (http or https, loopback only) for a local push stand-in in tests and benches; refused with `NODE_ENV=production`',
  }),
  MAIL_FROM: envVar({
    schema: z.string().regex(/<?[^\s@<>]+@[^\s@<>]+>?/, { error: 'must contain an email address' }),
    default: 'Scoreline <no-reply@scoreline.local>',
    description: 'sender of every email',
  }),
  JWT_SECRET: envVar({
    schema: z.string().min(16, { error: 'must be at least 16 characters long' }),
    secret: true,
    docDefault: 'development and tests: random, generated once into `.data/jwt-secret`; **required** with `NODE_ENV=production`',
    description: 'signs access tokens (15 min) and keys the email-code hashes (≥ 16 characters)',
  }),
  APP_URL: envVar({
    schema: url(['http', 'https']).transform((value) => value.replace(/\/$/, '')),
    docDefault: '`http://localhost:$PORT`',
    description: 'public address, used in emails',
  }),
  ADMIN_EMAILS: envVar({
    schema: checked((value) =>
      commaList(value).map((entry) => (EMAIL.test(entry) ? entry.toLowerCase() : refuse('must be a comma list of email addresses', entry))),
    ),
    docDefault: 'empty',
    description: 'comma-separated emails that get the admin role (at sign-up and sign-in)',
  }),
  RATE_LIMIT_FACTOR: envVar({
    schema: checked((value) => {
      const factor = Number(value);
      return Number.isFinite(factor) && factor > 0 && factor <= 100000 ? factor : refuse('must be a positive number (up to 100000)');
    }),
    default: '1',
    description: 'multiplies every rate limit (tests and load benchmarks raise it)',
  }),
  SEED_DEMO: envVar({
    schema: bool(),
    default: 'true',
    description:
      'on first start with an empty database, import the bundled season shifted to now and create the demo world (300 demo fans with their predictions, leagues, tables, winners and rank history; [demo-world.md](demo-world.md))',
  }),
  NODE_ENV: envVar({
    schema: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }),
    default: 'development',
    description: '`development`, `production` or `test`; `production` requires `JWT_SECRET` and the VAPID keys',
  }),
  DATA_DIR: envVar({
    schema: z.string().transform((value) => resolve(value)),
    default: join(REPO_ROOT, '.data'),
    docDefault: '`.data` in the repository',
    description: 'local state: embedded Postgres, the development secrets, captured mail',
  }),
  FRONTEND_DIST: envVar({
    schema: z.string().transform((value) => resolve(value)),
    default: join(REPO_ROOT, 'frontend', 'dist'),
    docDefault: '`frontend/dist` in the repository',
    description: "the built frontend the API serves, when the folder exists (the bench compares two builds with it)",
  }),
  QUEUE_PREFIX: envVar({ schema: z.string(), default: 'scoreline', description: 'prefix of every BullMQ/rate-limit key in Redis' }),
  LOG_LEVEL: envVar({
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be fatal, error, warn, info, debug, trace or silent' }),
    default: { value: 'info', test: 'warn' },
    description: 'pino log level',
  }),
  LOG_FORMAT: envVar({
    // Checked here, so a bad value stops the process with the others; the logger reads it itself (common/log-format.ts).
    schema: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(['pretty', 'json'], { error: 'must be pretty or json' })),
    docDefault: 'unset: `pretty` in development at a terminal, else `json`',
    description:
      '`json`: JSON lines; `pretty`: pino-pretty\'s coloured lines (development and tests). `NODE_ENV=production` always writes JSON ([development.md](development.md#logs))',
  }),
  DATABASE_POOL_SIZE: envVar({
    schema: wholeNumber(1, 1000),
    default: '10',
    description:
      "Postgres connections per process (the pool's max); see the connection budget in [deploying.md](deploying.md) and [`k8s/README.md`](../k8s/README.md)",
  }),
  METRICS_TOKEN: envVar({
    schema: z.string(),
    secret: true,
    docDefault: 'unset: `/metrics` open',
    description: 'bearer token that `GET /metrics` (API and worker) requires',
  }),
  METRICS_PORT: envVar({
    schema: metricsPort,
    default: { production: '9464', test: '0', development: 'off' },
    docDefault: '`9464` with `NODE_ENV=production`; `0` in tests; `off` in development',
    description:
      "the API's own listener for `GET /metrics`, apart from `PORT` (the main port answers `/metrics` 404, so an Ingress routing `PORT` never exposes it); `0` = any free port; `off` = none. Off in development so `npm start`, the bench and a second local replica need no spare port: set it (e.g. `9464`) to scrape a local API. Must differ from `PORT`. The workers serve theirs on `HEALTH_PORT`",
  }),
  HEALTH_PORT: envVar({
    schema: wholeNumber(1, 65535),
    docDefault: 'unset: none',
    description: "the workers' own port for `GET /health/live`, `/health/ready` and `/metrics` (Kubernetes probes and Prometheus; [deploying.md](deploying.md))",
  }),
  TRUST_PROXY: envVar({
    schema: trustProxy,
    default: 'none',
    docDefault: '`none`: the socket peer is the client',
    description:
      "the proxies whose `X-Forwarded-For` is believed, as Express's `trust proxy`: a comma list of IPs, CIDRs or `loopback`/`linklocal`/`uniquelocal` (e.g. the ingress controller pods' CIDR). Hop counts and `true` are refused: they would believe any client",
  }),
  API_DOCS: envVar({
    schema: bool(),
    default: { value: 'true', production: 'false' },
    description: 'serve Swagger UI at `/api/docs` and the OpenAPI JSON at `/api/docs-json`; off, both are 404',
  }),
  ALLOWED_ORIGINS: envVar({
    schema: origins,
    docDefault: 'empty (development: `127.0.0.1:$PORT` and the Vite dev server on 5173 too)',
    description: "comma-separated origins, besides `APP_URL`'s, whose pages may open the live socket",
  }),
  NOTIFICATION_SCHEDULER: envVar({
    schema: bool(),
    default: { value: 'true', test: 'false' },
    description:
      'the workers register the repeatable notification jobs (deadline reminders every 5 min, weekly digest Mondays 09:00 UTC); `false` removes them. Event-driven emails (league updates, match results) go out either way',
  }),
  VAPID_PUBLIC_KEY: envVar({
    schema: z.string().refine((value) => isBase64UrlKey(value, 65), { error: 'must be URL-safe base64 of a 65-byte P-256 public key' }),
    docDefault: 'development and tests: generated once into `.data/vapid-keys.json`; **required** with `NODE_ENV=production`',
    description: 'the Web Push key pair\'s public half (`npx web-push generate-vapid-keys` prints the pair); changing the pair invalidates every push subscription',
  }),
  VAPID_PRIVATE_KEY: envVar({
    schema: z.string().refine((value) => isBase64UrlKey(value, 32), { error: 'must be URL-safe base64 of a 32-byte P-256 private key' }),
    secret: true,
    docDefault: 'as `VAPID_PUBLIC_KEY`: the two are given together or not at all',
    description: "the Web Push key pair's private half",
  }),
  VAPID_SUBJECT: envVar({
    schema: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' }),
    docDefault: '`APP_URL` when https, else `mailto:push@scoreline.local`',
    description: 'the contact the push services see',
  }),
  RECONCILE_INTERVAL_SECONDS: envVar({
    schema: wholeNumber(0, 86400),
    default: { value: '60', test: '0' },
    description: "seconds between the workers' reconciler passes ([reconciler.md](reconciler.md)); `0` = only at worker start and after a Redis reconnect",
  }),
  FOOTBALL_DATA_TOKEN: envVar({
    schema: z.string(),
    secret: true,
    docDefault: 'unset: `npm start` replays the demo through the local stand-in',
    description: 'a football-data.org v4 token: results arrive from the real provider ([results-feed.md](results-feed.md))',
  }),
  FOOTBALL_DATA_BASE_URL: envVar({
    schema: url(['http', 'https']).transform((value) => value.replace(/\/+$/, '')),
    default: 'https://api.football-data.org/v4',
    docDefault: "`https://api.football-data.org/v4` (`npm start` without a token: the stand-in's)",
    description: "the provider's address, up to `/v4`",
  }),
  FOOTBALL_DATA_COMPETITIONS: envVar({
    schema: competitionMap,
    docDefault: 'the built-in map: `en.1=PL,de.1=BL1,es.1=PD,it.1=SA,fr.1=FL1,uefa.cl=CL,fifa.wc=WC`',
    description: "our competition code = the provider's",
  }),
  FEED_ENABLED: envVar({
    schema: bool(),
    docDefault: 'on when a token or a base URL is set',
    description: 'the workers poll the provider (one of them at a time, by a Redis lease)',
  }),
  FEED_REQUESTS_PER_MINUTE: envVar({
    schema: wholeNumber(1, 1000),
    default: '10',
    docDefault: '`10` (the free tier)',
    description: "the provider's budget; live competitions are polled in turn at this pace",
  }),
  FEED_IDLE_POLL_SECONDS: envVar({
    schema: wholeNumber(10, 86400),
    default: '600',
    description: 'how often a competition with nothing live or about to start is polled',
  }),
  FEED_MAX_BACKOFF_SECONDS: envVar({
    schema: wholeNumber(1, 3600),
    default: '120',
    description: 'the longest wait between polls of a competition while the provider fails (the back-off doubles from 5 s up to it)',
  }),
  OUTBOX_MAX_ATTEMPTS: envVar({
    schema: wholeNumber(1, 1000),
    default: '10',
    description:
      'failed attempts of one event at one consumer after which it is a dead letter: no more retries, listed in the console, replayed by hand (outages of Postgres or Redis do not count)',
  }),
  SCORING_PARTS: envVar({
    schema: wholeNumber(1, 16),
    default: '2',
    description:
      'statements a big fixture is scored in at once, its users split by id, a Postgres connection each ([game-rules.md](game-rules.md), "Scoring a big fixture in parts"); `1` = never split. One per core Postgres can give the scorer',
  }),
  SCORING_SPLIT_FROM: envVar({
    schema: wholeNumber(1, 100_000_000),
    // Tests split every fixture, so the whole suite runs the split scorer.
    default: { value: '20000', test: '1' },
    docDefault: '`20000` (`1` in tests: the suites run the split scorer)',
    description: 'a fixture with at least this many predictions is split; below it one statement is cheaper',
  }),
};

export type EnvName = keyof typeof ENV_VARS;

/** Whether a default covers every NODE_ENV (then the parsed value is never undefined). */
type Always<D> = D extends string
  ? true
  : D extends { value: string }
    ? true
    : D extends { development: string; production: string; test: string }
      ? true
      : false;

/** The parsed variables: undefined where unset and without a default. */
export type EnvValues = {
  [K in EnvName]: (typeof ENV_VARS)[K] extends EnvVar<infer T, infer D> ? (Always<D> extends true ? T : T | undefined) : never;
};

/** The variables as given: trimmed, blank as unset. */
export type GivenEnv = Partial<Record<EnvName, string>>;

// ---- Parsing -----------------------------------------------------------------------------------

/** The rules between variables, checked once every variable has a valid value. */
function crossChecks(nodeEnv: NodeEnv, given: GivenEnv) {
  return (env: EnvValues, ctx: z.RefinementCtx): void => {
    const refuseVar = (name: EnvName, message: string) => ctx.addIssue({ code: 'custom', path: [name], message, params: { got: null } });
    if (nodeEnv === 'production' && env.JWT_SECRET === undefined) refuseVar('JWT_SECRET', 'is required when NODE_ENV=production');
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      refuseVar('VAPID_PUBLIC_KEY', 'and VAPID_PRIVATE_KEY must be given together');
    } else if (nodeEnv === 'production' && env.VAPID_PUBLIC_KEY === undefined) {
      refuseVar('VAPID_PUBLIC_KEY', 'and VAPID_PRIVATE_KEY are required when NODE_ENV=production (make them with: npx web-push generate-vapid-keys)');
    }
    if (env.METRICS_PORT === env.PORT) refuseVar('METRICS_PORT', `must differ from PORT (${env.PORT}): /metrics has a listener of its own`);
    if (nodeEnv === 'production' && env.PUSH_ALLOW_LOOPBACK) {
      refuseVar('PUSH_ALLOW_LOOPBACK', 'must not be true when NODE_ENV=production: it lets the push sender reach this machine');
    }
    if (env.FEED_ENABLED === true && env.FOOTBALL_DATA_TOKEN === undefined && given.FOOTBALL_DATA_BASE_URL === undefined) {
      refuseVar('FEED_ENABLED', 'FEED_ENABLED=true needs FOOTBALL_DATA_TOKEN (football-data.org) or FOOTBALL_DATA_BASE_URL (a local stand-in)');
    }
  };
}

/** The schema of the whole environment under one NODE_ENV (its defaults differ). */
export function envSchema(nodeEnv: NodeEnv, given: GivenEnv = {}): z.ZodType<EnvValues, GivenEnv> {
  const shape: Record<string, z.ZodType<unknown, string | undefined>> = {};
  for (const [name, variable] of Object.entries(ENV_VARS) as [EnvName, EnvVar][]) {
    const fallback = defaultFor(variable, nodeEnv);
    shape[name] = fallback === undefined ? variable.schema.optional() : variable.schema.prefault(fallback);
  }
  // Only on valid values: a variable that failed its own check is reported for that alone.
  return (z.object(shape) as unknown as z.ZodType<EnvValues, GivenEnv>).superRefine(crossChecks(nodeEnv, given), {
    when: (payload) => payload.issues.length === 0,
  });
}

/** A URL's password, masked. */
function maskPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:).*@/i, '$1***@');
}

/** One line per issue: the variable, what is expected, and what was given (a secret: its length only). */
function describe(issue: z.core.$ZodIssue, given: GivenEnv): string {
  const name = String(issue.path[0]) as EnvName;
  const own = issue.code === 'custom' ? (issue.params?.got as string | null | undefined) : undefined;
  const got = own === undefined ? given[name] : own;
  const line = issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
  if (got === undefined || got === null) return line;
  return ENV_VARS[name]?.secret ? `${line}, got ${got.length} characters (a secret: not shown)` : `${line}, got "${maskPassword(got)}"`;
}

function parseOrThrow<T>(schema: z.ZodType<T, GivenEnv>, given: GivenEnv): T {
  const result = schema.safeParse(given);
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => describe(issue, given)).join('\n'));
  return result.data;
}

/** Every variable of the schema, parsed: throws an EnvError with one line per bad variable. */
export function parseEnvVars(source: NodeJS.ProcessEnv): { values: EnvValues; given: GivenEnv } {
  const given: GivenEnv = {};
  for (const name of Object.keys(ENV_VARS) as EnvName[]) {
    const value = source[name]?.trim();
    if (value) given[name] = value;
  }
  // NODE_ENV first: the other defaults depend on it.
  const { NODE_ENV: nodeEnv } = parseOrThrow(z.object({ NODE_ENV: ENV_VARS.NODE_ENV.schema.prefault('development') }), given);
  return { values: parseOrThrow(envSchema(nodeEnv, given), given), given };
}
