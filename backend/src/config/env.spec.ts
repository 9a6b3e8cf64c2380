import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvError, parseEnv } from './env';

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'scoreline-env-')) };

describe('environment parsing', () => {
  it('gives every setting its documented default', () => {
    const env = parseEnv({ ...base });
    expect(env).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/scoreline',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: null,
      appUrl: 'http://localhost:3000',
      adminEmails: [],
      rateLimitFactor: 1,
      seedDemo: true,
      healthPort: null,
      reconcileIntervalSeconds: 60,
    });
  });

  it('runs the reconciler every RECONCILE_INTERVAL_SECONDS (0 = off, the default in tests)', () => {
    expect(parseEnv({ ...base, RECONCILE_INTERVAL_SECONDS: '0' }).reconcileIntervalSeconds).toBe(0);
    expect(parseEnv({ ...base, RECONCILE_INTERVAL_SECONDS: '300' }).reconcileIntervalSeconds).toBe(300);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).reconcileIntervalSeconds).toBe(0);
  });

  it('generates a development JWT secret once and keeps it under DATA_DIR', () => {
    const first = parseEnv({ ...base }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ ...base }).jwtSecret).toBe(first);
    expect(readFileSync(join(base.DATA_DIR, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('reads admin emails lowercased, and APP_URL follows PORT', () => {
    const env = parseEnv({ ...base, PORT: '4100', ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' });
    expect(env.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.appUrl).toBe('http://localhost:4100');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 16 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test'],
    [{ ADMIN_EMAILS: 'boss' }, 'ADMIN_EMAILS has an entry that is not an email: "boss"'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR must be a positive number'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ HEALTH_PORT: '-1' }, 'HEALTH_PORT must be a whole number'],
    [{ RECONCILE_INTERVAL_SECONDS: '1m' }, 'RECONCILE_INTERVAL_SECONDS must be a whole number from 0 to 86400, got "1m"'],
    [{ RECONCILE_INTERVAL_SECONDS: '-5' }, 'RECONCILE_INTERVAL_SECONDS must be a whole number'],
  ])('refuses %j with a message naming the variable', (vars, message) => {
    expect(() => parseEnv({ ...base, ...vars })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, ...vars })).toThrow(message);
  });
});
