import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';

/**
 * The environment, parsed once at start. A bad value stops the process with a message that
 * names the variable, what was given and what is expected.
 */
export interface AppEnv {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** null: no SMTP server; mails go to the log and to `.data/mail/*.eml`. */
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  appUrl: string;
  adminEmails: string[];
  rateLimitFactor: number;
  /** Where local state lives: embedded Postgres, the dev JWT secret, captured mail. */
  dataDir: string;
  /** Prefix of every BullMQ key, so test runs and deployments sharing a Redis stay apart. */
  queuePrefix: string;
  seedDemo: boolean;
  logLevel: string;
  /** Serve the built frontend from this folder when it exists. */
  frontendDist: string;
  /** The worker's own /health port (Kubernetes probes); null: none. */
  healthPort: number | null;
  /** Postgres connections per process (the pool's max); the k8s budget multiplies it by replicas. */
  databasePoolSize: number;
  /** Bearer token /metrics requires; null: open (keep it off the public ingress then). */
  metricsToken: string | null;
  /**
   * METRICS_PORT: the API's own listener for GET /metrics, apart from PORT (so the Ingress, which
   * routes PORT, never reaches it); 0: any free port. null ("off"): none. Default: 9464 in
   * production, 0 in tests, none in development.
   */
  metricsPort: number | null;
  /**
   * Workers register the repeatable notification jobs (deadline reminders, weekly digest).
   * Off by default in tests, so no suite gets emails it did not trigger.
   */
  notificationScheduler: boolean;
  /**
   * The proxies whose X-Forwarded-For is believed (Express's `trust proxy`: IPs, CIDRs, or
   * loopback/linklocal/uniquelocal). Empty: the socket peer is the client.
   */
  trustProxy: string[];
  /** Serve Swagger UI at /api/docs and the JSON at /api/docs-json. */
  apiDocs: boolean;
  /** Origins a Socket.IO handshake may come from: APP_URL's, plus ALLOWED_ORIGINS. */
  socketOrigins: string[];
  /** Seconds between the workers' reconciler passes; 0: only at start and after a Redis reconnect. Off by default in tests. */
  reconcileIntervalSeconds: number;
  /** Web Push's VAPID identity: the key pair the push services check our requests against, and a contact. */
  vapid: VapidKeys;
  /** What a push subscription's endpoint may be: see push/push-endpoint-policy.ts. */
  pushEndpoints: PushEndpointRules;
  /** How a big fixture is scored: in `parts` statements at once (one connection each) from `from` predictions on. */
  scoringSplit: ScoringSplit;
  /** The results feed (issue 35): football-data.org, or its local stand-in at FOOTBALL_DATA_BASE_URL. */
  feed: FeedSettings;
  /**
   * OUTBOX_MAX_ATTEMPTS: failed attempts of one event at one consumer after which the delivery is
   * a dead letter (no more retries; listed in the console, replayed by hand). Outages of Postgres or
   * Redis are not counted.
   */
  outboxMaxAttempts: number;
}

export interface FeedSettings {
  /** FEED_ENABLED: the workers poll the provider. Default: on when a token or a base URL is given (so never in a bare test run). */
  enabled: boolean;
  /** FOOTBALL_DATA_TOKEN; null: none (the local stand-in needs none). */
  footballDataToken: string | null;
  /** FOOTBALL_DATA_BASE_URL, up to and including /v4, without a trailing slash. */
  footballDataBaseUrl: string;
  /** FOOTBALL_DATA_COMPETITIONS ("en.1=PL,fifa.wc=WC"): our competition code → the provider's; null: the built-in map. */
  competitions: Record<string, string> | null;
  /** FEED_REQUESTS_PER_MINUTE: the provider's budget when it does not tell (its free tier: 10). */
  requestsPerMinute: number;
  /** FEED_IDLE_POLL_SECONDS: how often a competition with nothing live or about to start is polled (fixture changes). */
  idlePollSeconds: number;
  /** FEED_MAX_BACKOFF_SECONDS: the longest wait between polls of a competition while the provider fails (the back-off's cap). */
  maxBackoffSeconds: number;
}

export interface ScoringSplit {
  /** Statements a big fixture is scored in at once: one per core Postgres can give the scorer. */
  parts: number;
  /** From this many predictions of one fixture the scorer splits; below it one statement is cheaper. */
  from: number;
}

export interface VapidKeys {
  /** URL-safe base64 of the uncompressed P-256 public point (65 bytes). */
  publicKey: string;
  /** URL-safe base64 of the 32-byte private scalar. */
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

/** Which push services the sender may reach: public internet hosts only, unless these say more or less. */
export interface PushEndpointRules {
  /** PUSH_ALLOWED_HOSTS: host suffixes an endpoint's host must be (or end in, after a dot); empty: any public host. */
  allowedHosts: string[];
  /** PUSH_ALLOW_LOOPBACK: a push stand-in on this machine (http or https, loopback only), for tests. Never in production. */
  allowLoopback: boolean;
}

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

export function repoRoot(): string {
  return REPO_ROOT;
}

function parseUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EnvError(`${name} must be a URL (${protocols.join(' or ')}), got "${value}"`);
  }
  if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
    throw new EnvError(`${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}, got "${value}"`);
  }
  return value;
}

function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new EnvError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function parseBoolean(name: string, value: string): boolean {
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new EnvError(`${name} must be true or false, got "${value}"`);
}

/**
 * In development a page may also be opened as 127.0.0.1, or through the Vite dev server (port
 * 5173), which proxies /socket.io with the page's Origin.
 */
function developmentOrigins(port: number): string {
  return [`http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'].join(',');
}

/** METRICS_PORT: a port (0: any free one) or "off"; never the API's own PORT. */
export function parseMetricsPort(value: string, port: number): number | null {
  if (/^(off|none|false)$/i.test(value)) return null;
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new EnvError(`METRICS_PORT must be a port from 0 to 65535 (0: any free one) or "off", got "${value}"`);
  if (Number(value) === port) throw new EnvError(`METRICS_PORT must differ from PORT (${port}): /metrics has a listener of its own`);
  return Number(value);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: a comma list of IPs, CIDRs or Express's named ranges; unset or "none" trusts
 * nobody. Hop counts and `true` are refused: they believe whatever the nearest peer claims.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  if (value === undefined || /^(none|false)$/i.test(value)) return [];
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    if (PROXY_NAMES.includes(entry)) return entry;
    const [ip, prefix, ...rest] = entry.split('/');
    const family = isIP(ip);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new EnvError(
        `TRUST_PROXY must be "none" or a comma list of IPs, CIDRs (10.0.0.0/8) or loopback/linklocal/uniquelocal, got "${entry}"`,
      );
    }
    return entry;
  });
}

/** APP_URL's origin plus ALLOWED_ORIGINS (comma list of origins such as https://admin.example.com). */
export function parseSocketOrigins(appUrl: string, allowed: string | undefined): string[] {
  const origins = [new URL(appUrl).origin];
  for (const raw of (allowed ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      /* reported below */
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
      throw new EnvError(`ALLOWED_ORIGINS must be a comma list of origins like https://app.example.com (no path), got "${raw}"`);
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Writes `content()` to `file` unless it exists, and answers what the file holds. Two processes
 * starting together (an API and a worker on a fresh data directory) keep the first one's
 * content, and neither ever reads a half-written file: the content goes to a file of this
 * process's own first, which is then linked into place (a link fails when the name exists).
 */
export function createOnce(file: string, content: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(own, content(), { flag: 'wx', mode: 0o600 });
    try {
      linkSync(own, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(own);
    }
  }
  return readFileSync(file, 'utf8');
}

function devJwtSecret(dataDir: string): string {
  return createOnce(join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url')).trim();
}

/**
 * The 32 bytes of a P-256 private key. node:crypto gives the scalar without its leading zero
 * bytes, so one key in 256 comes out 31 bytes long, which web-push (and our check) refuse.
 */
export function vapidPrivateKey(scalar: Buffer): string {
  return Buffer.concat([Buffer.alloc(Math.max(0, 32 - scalar.length)), scalar]).toString('base64url');
}

/**
 * VAPID keys for development and tests: made once into the data directory (like the JWT
 * secret), so subscriptions keep working across restarts. A fresh P-256 pair from node:crypto.
 * A file written before the padding above is read with its short key padded.
 */
function devVapidKeys(dataDir: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const pair = createOnce(join(dataDir, 'vapid-keys.json'), () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return JSON.stringify({ publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: vapidPrivateKey(ecdh.getPrivateKey()) });
  });
  const stored = JSON.parse(pair) as Pick<VapidKeys, 'publicKey' | 'privateKey'>;
  return { publicKey: stored.publicKey, privateKey: vapidPrivateKey(Buffer.from(stored.privateKey, 'base64url')) };
}

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (both or neither; required in production) and VAPID_SUBJECT. */
export function parseVapid(get: (name: string) => string | undefined, nodeEnv: AppEnv['nodeEnv'], dataDir: string, appUrl: string): VapidKeys {
  const publicKey = get('VAPID_PUBLIC_KEY');
  const privateKey = get('VAPID_PRIVATE_KEY');
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new EnvError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together');
  if (nodeEnv === 'production' && publicKey === undefined) {
    throw new EnvError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production (make them with: npx web-push generate-vapid-keys)');
  }
  const keys = publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : devVapidKeys(dataDir);
  if (!/^[A-Za-z0-9_-]+$/.test(keys.publicKey) || Buffer.from(keys.publicKey, 'base64url').length !== 65) {
    throw new EnvError('VAPID_PUBLIC_KEY must be URL-safe base64 of a 65-byte P-256 public key');
  }
  if (!/^[A-Za-z0-9_-]+$/.test(keys.privateKey) || Buffer.from(keys.privateKey, 'base64url').length !== 32) {
    throw new EnvError('VAPID_PRIVATE_KEY must be URL-safe base64 of a 32-byte P-256 private key');
  }
  // The push services want a way to reach the sender: the app's own address by default.
  const subject = get('VAPID_SUBJECT') ?? (appUrl.startsWith('https://') ? appUrl : 'mailto:push@scoreline.local');
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) throw new EnvError(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  return { ...keys, subject };
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** PUSH_ALLOWED_HOSTS (comma list of host names such as fcm.googleapis.com) and PUSH_ALLOW_LOOPBACK (not in production). */
export function parsePushEndpointRules(get: (name: string) => string | undefined, nodeEnv: AppEnv['nodeEnv']): PushEndpointRules {
  const allowedHosts = (get('PUSH_ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  for (const host of allowedHosts) {
    if (!HOST_NAME.test(host) || isIP(host) !== 0) {
      throw new EnvError(`PUSH_ALLOWED_HOSTS must be a comma list of host names like fcm.googleapis.com, got "${host}"`);
    }
  }
  const allowLoopback = parseBoolean('PUSH_ALLOW_LOOPBACK', get('PUSH_ALLOW_LOOPBACK') ?? 'false');
  if (allowLoopback && nodeEnv === 'production') {
    throw new EnvError('PUSH_ALLOW_LOOPBACK must not be true when NODE_ENV=production: it lets the push sender reach this machine');
  }
  return { allowedHosts, allowLoopback };
}

const FEED_COMPETITION_CODE = /^[a-z0-9.]{1,16}$/;
const PROVIDER_COMPETITION_CODE = /^[A-Z0-9]{2,10}$/;

/** FOOTBALL_DATA_COMPETITIONS: "en.1=PL,fifa.wc=WC", each of our codes once. */
export function parseFeedCompetitions(value: string | undefined): Record<string, string> | null {
  if (value === undefined) return null;
  const map: Record<string, string> = {};
  for (const raw of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [ours, theirs, ...rest] = raw.split('=').map((p) => p.trim());
    if (rest.length > 0 || !FEED_COMPETITION_CODE.test(ours ?? '') || !PROVIDER_COMPETITION_CODE.test(theirs ?? '')) {
      throw new EnvError(`FOOTBALL_DATA_COMPETITIONS must be a comma list like "en.1=PL,fifa.wc=WC" (our code = the provider's), got "${raw}"`);
    }
    if (Object.prototype.hasOwnProperty.call(map, ours)) throw new EnvError(`FOOTBALL_DATA_COMPETITIONS names ${ours} twice`);
    map[ours] = theirs;
  }
  if (Object.keys(map).length === 0) throw new EnvError(`FOOTBALL_DATA_COMPETITIONS must name at least one competition, got "${value}"`);
  return map;
}

/** The results feed's settings: FOOTBALL_DATA_* and FEED_*. */
export function parseFeed(get: (name: string) => string | undefined): FeedSettings {
  const token = get('FOOTBALL_DATA_TOKEN') ?? null;
  const baseUrlGiven = get('FOOTBALL_DATA_BASE_URL');
  const baseUrl = parseUrl('FOOTBALL_DATA_BASE_URL', baseUrlGiven ?? 'https://api.football-data.org/v4', ['http', 'https']).replace(/\/+$/, '');
  const enabledRaw = get('FEED_ENABLED');
  const enabled = enabledRaw === undefined ? token !== null || baseUrlGiven !== undefined : parseBoolean('FEED_ENABLED', enabledRaw);
  if (enabled && token === null && baseUrlGiven === undefined) {
    throw new EnvError('FEED_ENABLED=true needs FOOTBALL_DATA_TOKEN (football-data.org) or FOOTBALL_DATA_BASE_URL (a local stand-in)');
  }
  return {
    enabled,
    footballDataToken: token,
    footballDataBaseUrl: baseUrl,
    competitions: parseFeedCompetitions(get('FOOTBALL_DATA_COMPETITIONS')),
    requestsPerMinute: parseInteger('FEED_REQUESTS_PER_MINUTE', get('FEED_REQUESTS_PER_MINUTE') ?? '10', 1, 1000),
    idlePollSeconds: parseInteger('FEED_IDLE_POLL_SECONDS', get('FEED_IDLE_POLL_SECONDS') ?? '600', 10, 86400),
    maxBackoffSeconds: parseInteger('FEED_MAX_BACKOFF_SECONDS', get('FEED_MAX_BACKOFF_SECONDS') ?? '120', 1, 3600),
  };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const get = (name: string): string | undefined => {
    const v = source[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const nodeEnvRaw = get('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new EnvError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as AppEnv['nodeEnv'];
  const port = parseInteger('PORT', get('PORT') ?? '3000', 1, 65535);
  const dataDir = resolve(get('DATA_DIR') ?? join(REPO_ROOT, '.data'));

  const jwtSecretRaw = get('JWT_SECRET');
  if (jwtSecretRaw !== undefined && jwtSecretRaw.length < 16) {
    throw new EnvError('JWT_SECRET must be at least 16 characters long');
  }
  if (nodeEnv === 'production' && jwtSecretRaw === undefined) {
    throw new EnvError('JWT_SECRET is required when NODE_ENV=production');
  }

  const adminEmails = (get('ADMIN_EMAILS') ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!EMAIL.test(email)) throw new EnvError(`ADMIN_EMAILS has an entry that is not an email: "${email}"`);
  }

  const mailFrom = get('MAIL_FROM') ?? 'Scoreline <no-reply@scoreline.local>';
  if (!/<?[^\s@<>]+@[^\s@<>]+>?/.test(mailFrom)) {
    throw new EnvError(`MAIL_FROM must contain an email address, got "${mailFrom}"`);
  }

  const factorRaw = get('RATE_LIMIT_FACTOR') ?? '1';
  const rateLimitFactor = Number(factorRaw);
  if (!Number.isFinite(rateLimitFactor) || rateLimitFactor <= 0 || rateLimitFactor > 100000) {
    throw new EnvError(`RATE_LIMIT_FACTOR must be a positive number, got "${factorRaw}"`);
  }

  const smtp = get('SMTP_URL');
  const appUrl = parseUrl('APP_URL', get('APP_URL') ?? `http://localhost:${port}`, ['http', 'https']).replace(/\/$/, '');
  return {
    nodeEnv,
    port,
    databaseUrl: parseUrl('DATABASE_URL', get('DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/scoreline', ['postgres', 'postgresql']),
    redisUrl: parseUrl('REDIS_URL', get('REDIS_URL') ?? 'redis://127.0.0.1:6379', ['redis', 'rediss']),
    smtpUrl: smtp === undefined ? null : parseUrl('SMTP_URL', smtp, ['smtp', 'smtps']),
    mailFrom,
    jwtSecret: jwtSecretRaw ?? devJwtSecret(dataDir),
    appUrl,
    adminEmails,
    rateLimitFactor,
    dataDir,
    queuePrefix: get('QUEUE_PREFIX') ?? 'scoreline',
    seedDemo: parseBoolean('SEED_DEMO', get('SEED_DEMO') ?? 'true'),
    logLevel: get('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    frontendDist: resolve(get('FRONTEND_DIST') ?? join(REPO_ROOT, 'frontend', 'dist')),
    healthPort: get('HEALTH_PORT') === undefined ? null : parseInteger('HEALTH_PORT', get('HEALTH_PORT')!, 1, 65535),
    databasePoolSize: parseInteger('DATABASE_POOL_SIZE', get('DATABASE_POOL_SIZE') ?? '10', 1, 1000),
    metricsToken: get('METRICS_TOKEN') ?? null,
    metricsPort: parseMetricsPort(get('METRICS_PORT') ?? (nodeEnv === 'production' ? '9464' : nodeEnv === 'test' ? '0' : 'off'), port),
    notificationScheduler: parseBoolean('NOTIFICATION_SCHEDULER', get('NOTIFICATION_SCHEDULER') ?? String(nodeEnv !== 'test')),
    trustProxy: parseTrustProxy(get('TRUST_PROXY')),
    apiDocs: parseBoolean('API_DOCS', get('API_DOCS') ?? String(nodeEnv !== 'production')),
    socketOrigins: parseSocketOrigins(appUrl, get('ALLOWED_ORIGINS') ?? (nodeEnv === 'development' ? developmentOrigins(port) : undefined)),
    reconcileIntervalSeconds: parseInteger('RECONCILE_INTERVAL_SECONDS', get('RECONCILE_INTERVAL_SECONDS') ?? (nodeEnv === 'test' ? '0' : '60'), 0, 86400),
    vapid: parseVapid(get, nodeEnv, dataDir, appUrl),
    pushEndpoints: parsePushEndpointRules(get, nodeEnv),
    scoringSplit: {
      parts: parseInteger('SCORING_PARTS', get('SCORING_PARTS') ?? '2', 1, 16),
      // Tests split every fixture, so the whole suite runs the split scorer.
      from: parseInteger('SCORING_SPLIT_FROM', get('SCORING_SPLIT_FROM') ?? (nodeEnv === 'test' ? '1' : '20000'), 1, 100_000_000),
    },
    feed: parseFeed(get),
    outboxMaxAttempts: parseInteger('OUTBOX_MAX_ATTEMPTS', get('OUTBOX_MAX_ATTEMPTS') ?? '10', 1, 1000),
  };
}

/** Parse the environment or stop the process with a one-line reason. */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): AppEnv {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
