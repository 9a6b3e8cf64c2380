import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  /**
   * Workers register the repeatable notification jobs (deadline reminders, weekly digest).
   * Off by default in tests, so no suite gets emails it did not trigger.
   */
  notificationScheduler: boolean;
  /** Seconds between the workers' reconciler passes; 0: only at start and after a Redis reconnect. Off by default in tests. */
  reconcileIntervalSeconds: number;
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function devJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': two processes starting together keep the first one's secret.
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
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
  return {
    nodeEnv,
    port,
    databaseUrl: parseUrl('DATABASE_URL', get('DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/scoreline', ['postgres', 'postgresql']),
    redisUrl: parseUrl('REDIS_URL', get('REDIS_URL') ?? 'redis://127.0.0.1:6379', ['redis', 'rediss']),
    smtpUrl: smtp === undefined ? null : parseUrl('SMTP_URL', smtp, ['smtp', 'smtps']),
    mailFrom,
    jwtSecret: jwtSecretRaw ?? devJwtSecret(dataDir),
    appUrl: parseUrl('APP_URL', get('APP_URL') ?? `http://localhost:${port}`, ['http', 'https']).replace(/\/$/, ''),
    adminEmails,
    rateLimitFactor,
    dataDir,
    queuePrefix: get('QUEUE_PREFIX') ?? 'scoreline',
    seedDemo: parseBoolean('SEED_DEMO', get('SEED_DEMO') ?? 'true'),
    logLevel: get('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    frontendDist: resolve(get('FRONTEND_DIST') ?? join(REPO_ROOT, 'frontend', 'dist')),
    healthPort: get('HEALTH_PORT') === undefined ? null : parseInteger('HEALTH_PORT', get('HEALTH_PORT')!, 1, 65535),
    notificationScheduler: parseBoolean('NOTIFICATION_SCHEDULER', get('NOTIFICATION_SCHEDULER') ?? String(nodeEnv !== 'test')),
    reconcileIntervalSeconds: parseInteger('RECONCILE_INTERVAL_SECONDS', get('RECONCILE_INTERVAL_SECONDS') ?? (nodeEnv === 'test' ? '0' : '60'), 0, 86400),
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
