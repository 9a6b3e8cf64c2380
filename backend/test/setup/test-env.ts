import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment every integration test runs with (a fresh database per run). */
export function testEnvironment(runId: string, smtpPort: number): Record<string, string> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/scoreline_test_${runId}`;
  return {
    NODE_ENV: 'test',
    DATABASE_URL: base.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Scoreline Test <test@scoreline.local>',
    JWT_SECRET: 'integration-test-secret-0123456789',
    APP_URL: 'http://localhost:3999',
    ADMIN_EMAILS: 'admin@scoreline.test',
    RATE_LIMIT_FACTOR: '1000',
    QUEUE_PREFIX: `sltest-${runId}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'scoreline-test-')),
  };
}

/** Refuse to touch a database whose name does not say it is for tests. */
export function assertTestDatabase(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.includes('test')) throw new Error(`Refusing to run tests against database "${name}"`);
}
