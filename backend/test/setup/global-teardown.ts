import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { assertTestDatabase } from './test-env';

/** Drop the run's database and its Redis keys (KEEP_TEST_DB=1 keeps the database to look at). */
export default async function globalTeardown(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL!;
  assertTestDatabase(databaseUrl);
  const redis = new Redis(process.env.REDIS_URL!);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${process.env.QUEUE_PREFIX}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  if (process.env.KEEP_TEST_DB) return;
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new DataSource({ type: 'postgres', url: url.toString() });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.destroy();
}
