import Redis from 'ioredis';
import { Client } from 'pg';
import { ensureDatabaseExists } from '@scoreline/backend/platform/database/migrate';
import { createVerifiedUser } from '../support/factories';
import { runKeys } from '../support/run-keys';
import { startTestSystem } from '../support/test-system';
import { endTestRun } from './global-teardown';

jest.setTimeout(90_000);

/**
 * What the end of a run (global-teardown.ts) leaves behind on the Redis and Postgres every run
 * shares: none of its own keys, and every other run's. The run here is a small one of its own: a
 * system started and closed on a prefix derived from this run's, and a database made for it.
 */
describe('the end of an integration run', () => {
  const redisUrl = process.env.REDIS_URL!;
  const runPrefix = process.env.QUEUE_PREFIX!;
  const prefix = `${runPrefix}-run-end`;
  // Another run whose id begins with this one's (pid 1234 and 12345 in the same millisecond).
  const otherRunKey = `${runPrefix}0:run-end-decoy`;
  const database = new URL(process.env.DATABASE_URL!);
  database.pathname = `${database.pathname}_run_end`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl);
  });

  afterAll(async () => {
    await redis.unlink(otherRunKey);
    await redis.quit();
  });

  it('deletes every key of its prefix and of the prefixes derived from it, none of another run, and drops its database', async () => {
    const previous = process.env.QUEUE_PREFIX;
    process.env.QUEUE_PREFIX = prefix;
    try {
      const sys = await startTestSystem();
      try {
        // Throttle counters, the outbox's queue jobs, the mail.
        await createVerifiedUser(sys);
        await sys.settle();
      } finally {
        await sys.close();
      }
    } finally {
      process.env.QUEUE_PREFIX = previous;
    }
    await redis.set(`${prefix}-beside:key`, '1', 'EX', 600);
    await redis.set(otherRunKey, '1', 'EX', 600);
    expect((await runKeys(redisUrl, prefix)).length).toBeGreaterThan(1);
    await ensureDatabaseExists(database.toString());

    await endTestRun({ databaseUrl: database.toString(), redisUrl, queuePrefix: prefix, keepDatabase: false });

    expect(await runKeys(redisUrl, prefix)).toEqual([]);
    expect(await redis.get(otherRunKey)).toBe('1');
    const admin = new Client({ connectionString: new URL('/postgres', database).toString() });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database.pathname.slice(1)]);
      expect(rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });

  it('refuses a prefix that is not one run\'s own', async () => {
    for (const bad of ['sltest', 'sltest-', 'sltest-*', 'scoreline', '']) {
      await expect(runKeys(redisUrl, bad)).rejects.toThrow('not a test run');
    }
  });
});
