import { DataSource } from 'typeorm';
import { deleteRunKeys } from '../support/run-keys';
import { assertTestDatabase } from './test-env';

/** What a run of the integration suites leaves to clean up: its database and its Redis keys. */
export interface TestRun {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** KEEP_TEST_DB=1: keep the database to look at (the keys go all the same). */
  keepDatabase: boolean;
}

/** Deletes the run's Redis keys (its QUEUE_PREFIX and the prefixes derived from it) and drops its database. */
export async function endTestRun(run: TestRun): Promise<void> {
  assertTestDatabase(run.databaseUrl);
  await deleteRunKeys(run.redisUrl, run.queuePrefix);
  if (run.keepDatabase) return;
  const url = new URL(run.databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new DataSource({ type: 'postgres', url: url.toString() });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.destroy();
}

/** The end of the run (every suite has closed its system): what global-setup.ts made goes. */
export default async function globalTeardown(): Promise<void> {
  await endTestRun({
    databaseUrl: process.env.DATABASE_URL!,
    redisUrl: process.env.REDIS_URL!,
    queuePrefix: process.env.QUEUE_PREFIX!,
    keepDatabase: Boolean(process.env.KEEP_TEST_DB),
  });
}
