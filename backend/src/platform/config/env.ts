import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EnvError, isBase64UrlKey, parseEnvVars } from './env.schema';

export { EnvError, repoRoot } from './env.schema';

/**
 * The environment, parsed once at start by the schema in env.schema.ts (every variable, its
 * default and its meaning; docs/configuration.md's table is made from it). A bad value stops the
 * process with a message that names the variable, what was given and what is expected.
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

/** Development and tests without JWT_SECRET: a random one, made once into the data directory. */
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
 * Development and tests without VAPID keys: made once into the data directory (like the JWT
 * secret), so subscriptions keep working across restarts. A fresh P-256 pair from node:crypto.
 * A file written before the padding above is read with its short key padded.
 */
function devVapidKeys(dataDir: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const file = join(dataDir, 'vapid-keys.json');
  const pair = createOnce(file, () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return JSON.stringify({ publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: vapidPrivateKey(ecdh.getPrivateKey()) });
  });
  let stored: Partial<Record<'publicKey' | 'privateKey', unknown>> = {};
  try {
    stored = JSON.parse(pair) as typeof stored;
  } catch {
    /* refused below */
  }
  const { publicKey, privateKey } = stored;
  const keys = typeof publicKey === 'string' && typeof privateKey === 'string' ? { publicKey, privateKey: vapidPrivateKey(Buffer.from(privateKey, 'base64url')) } : null;
  if (!keys || !isBase64UrlKey(keys.publicKey, 65) || !isBase64UrlKey(keys.privateKey, 32)) {
    throw new EnvError(`${file} does not hold a VAPID key pair: delete it (a new one is made) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  return keys;
}

/**
 * In development a page may also be opened as 127.0.0.1, or through the Vite dev server (port
 * 5173), which proxies /socket.io with the page's Origin.
 */
function developmentOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'];
}

/**
 * The environment as the app uses it: the schema's values, the defaults that come from other
 * variables (APP_URL from PORT, VAPID_SUBJECT from APP_URL, FEED_ENABLED from the feed's token or
 * address), and in development and tests the secrets made under DATA_DIR. LOG_FORMAT is checked by
 * the schema and read by the logger (common/log-format.ts).
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const { values: v, given } = parseEnvVars(source);
  const nodeEnv = v.NODE_ENV;
  const appUrl = v.APP_URL ?? `http://localhost:${v.PORT}`;
  const socketOrigins = [new URL(appUrl).origin, ...(v.ALLOWED_ORIGINS ?? (nodeEnv === 'development' ? developmentOrigins(v.PORT) : []))];
  const vapidKeys =
    v.VAPID_PUBLIC_KEY !== undefined && v.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
      : devVapidKeys(v.DATA_DIR);
  return {
    nodeEnv,
    port: v.PORT,
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    jwtSecret: v.JWT_SECRET ?? devJwtSecret(v.DATA_DIR),
    appUrl,
    adminEmails: v.ADMIN_EMAILS ?? [],
    rateLimitFactor: v.RATE_LIMIT_FACTOR,
    dataDir: v.DATA_DIR,
    queuePrefix: v.QUEUE_PREFIX,
    seedDemo: v.SEED_DEMO,
    logLevel: v.LOG_LEVEL,
    frontendDist: v.FRONTEND_DIST,
    healthPort: v.HEALTH_PORT ?? null,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    metricsToken: v.METRICS_TOKEN ?? null,
    metricsPort: v.METRICS_PORT,
    notificationScheduler: v.NOTIFICATION_SCHEDULER,
    trustProxy: v.TRUST_PROXY,
    apiDocs: v.API_DOCS,
    socketOrigins: [...new Set(socketOrigins)],
    reconcileIntervalSeconds: v.RECONCILE_INTERVAL_SECONDS,
    vapid: {
      ...vapidKeys,
      // The push services want a way to reach the sender: the app's own address by default.
      subject: v.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : 'mailto:push@scoreline.local'),
    },
    pushEndpoints: { allowedHosts: v.PUSH_ALLOWED_HOSTS ?? [], allowLoopback: v.PUSH_ALLOW_LOOPBACK },
    scoringSplit: { parts: v.SCORING_PARTS, from: v.SCORING_SPLIT_FROM },
    feed: {
      enabled: v.FEED_ENABLED ?? (v.FOOTBALL_DATA_TOKEN !== undefined || given.FOOTBALL_DATA_BASE_URL !== undefined),
      footballDataToken: v.FOOTBALL_DATA_TOKEN ?? null,
      footballDataBaseUrl: v.FOOTBALL_DATA_BASE_URL,
      competitions: v.FOOTBALL_DATA_COMPETITIONS ?? null,
      requestsPerMinute: v.FEED_REQUESTS_PER_MINUTE,
      idlePollSeconds: v.FEED_IDLE_POLL_SECONDS,
      maxBackoffSeconds: v.FEED_MAX_BACKOFF_SECONDS,
    },
    outboxMaxAttempts: v.OUTBOX_MAX_ATTEMPTS,
  };
}

/** Parse the environment or stop the process, one line per bad variable. */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): AppEnv {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      for (const line of error.message.split('\n')) process.stderr.write(`Configuration error: ${line}\n`);
      process.exit(1);
    }
    throw error;
  }
}
