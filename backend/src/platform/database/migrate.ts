import { DataSource, type QueryRunner } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { PostgresClient } from './postgres-client';
import { createDatabaseIfMissing, tryLockMigrations } from './database.queries';
import { seedReferenceData } from './seed-reference-data';

/** Create the database if it is missing (local development and tests only). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing an unusual database name: "${name}"`);
  url.pathname = '/postgres';
  const admin = new DataSource({ type: 'postgres', url: url.toString(), extra: { Client: PostgresClient }, poolErrorHandler: () => undefined });
  await admin.initialize();
  try {
    await createDatabaseIfMissing(admin, name);
  } finally {
    await admin.destroy();
  }
}

/**
 * Waits until no other process migrates this database. Tried every quarter second rather than
 * waited for in pg_advisory_lock: a session blocked in a statement holds a snapshot, which the
 * holder's CREATE INDEX CONCURRENTLY would wait for (a deadlock Postgres does not detect).
 */
async function lockMigrations(runner: QueryRunner): Promise<void> {
  if (await tryLockMigrations(runner)) return;
  process.stderr.write('[migrate] another process is migrating this database: waiting for it\n');
  while (!(await tryLockMigrations(runner))) await new Promise((resolve) => setTimeout(resolve, 250));
}

/**
 * Apply pending migrations and the idempotent reference-data seed, then `afterMigrations` (the
 * migrate CLI's demo seed) under the same lock. One process at a time per database: two at once (overlapping deploys' migration Jobs)
 * would both create the migrations table or apply the same migration. The lock is a session
 * advisory lock on a connection of its own, idle while the migrations run on others, so it does
 * not hold back a CREATE INDEX CONCURRENTLY among them; it goes with the session if we die.
 */
export async function migrateAndSeed(databaseUrl: string, afterMigrations?: (db: DataSource) => Promise<unknown>): Promise<void> {
  const db = new DataSource(dataSourceOptions(databaseUrl));
  await db.initialize();
  const lock = db.createQueryRunner();
  try {
    await lockMigrations(lock);
    await db.runMigrations({ transaction: 'each' });
    await seedReferenceData(db);
    if (afterMigrations) await afterMigrations(db);
  } finally {
    await lock.release();
    await db.destroy();
  }
}
