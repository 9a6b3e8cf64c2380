import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scoreline/backend/platform/database/data-source-options';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { ALL_MIGRATIONS } from '@scoreline/backend/platform/database/migrations';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '@scoreline/backend/demo/demo-names';
import { SEED_PARTS, seedQuery } from './one-fixture-season';
import { ms } from './timing';

/**
 * Bench users are named as fans are: the demo fans' first and family names in every combination
 * (72 × 63), so a name search meets the spread of real names, not a million rows that
 * all share "Bench User". Usernames stay `bench_N`: the cases select their users by them.
 */
export async function seedUsers(db: DataSource, count: number): Promise<void> {
  const batch = 50_000;
  // Batches of 50,000 in SEED_PARTS statements at once, each taking every SEED_PARTS-th batch.
  await Promise.all(
    Array.from({ length: SEED_PARTS }, async (_, part) => {
      for (let from = 1 + part * batch; from <= count; from += SEED_PARTS * batch) {
        const to = Math.min(count, from + batch - 1);
        await seedQuery(
          db,
          `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at)
           SELECT 'bench_' || i, 'bench_' || i || '@bench.invalid',
                  ($3::text[])[1 + i % cardinality($3::text[])],
                  ($4::text[])[1 + (i / cardinality($3::text[])) % cardinality($4::text[])],
                  'not-a-password-hash', now()
           FROM generate_series($1::int, $2::int) AS i`,
          [from, to, DEMO_FIRST_NAMES, DEMO_LAST_NAMES],
        );
      }
    }),
  );
  await db.query(`VACUUM ANALYZE users`);
}

/** The prefix of every cached bench data set (a database used only as a template). */
export const BENCH_CACHE_PREFIX = 'scoreline_bench_cache_';

/**
 * The cached data set's database for this many users, named after what made it: the schema's
 * migrations and the users' seed. A change to either names a new cache; the old one is dropped.
 */
export function benchCacheName(users: number, madeBy: { migrations: string[]; seed: string }): string {
  const hash = createHash('sha256').update(JSON.stringify(madeBy)).digest('hex').slice(0, 12);
  return `${BENCH_CACHE_PREFIX}${users}_${hash}`;
}

export interface PreparedBenchDatabase {
  /** Whether the users came from the cache. */
  cached: boolean;
  /** How long the database took to be ready, users and all (a seeded one's copy into the cache not counted). */
  ms: number;
}

/**
 * The scratch database, migrated, with its `users` bench users: copied from the cached data set
 * (a file copy of a template database: ~2 s for a million users, against ~15 s to seed them) or
 * seeded and then kept as that cache for the next run. `fresh` (BENCH_FRESH=1) drops the cache
 * first. Run before the apps connect: a database is copied only while nobody is connected to it.
 */
export async function prepareBenchDatabase(databaseUrl: string, users: number, options: { fresh: boolean }): Promise<PreparedBenchDatabase> {
  const start = process.hrtime.bigint();
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const cache = benchCacheName(users, { migrations: ALL_MIGRATIONS.map((m) => m.name), seed: `${seedUsers}${DEMO_FIRST_NAMES}${DEMO_LAST_NAMES}` });
  return withServerAdmin(databaseUrl, async (admin) => {
    // Caches of this user count made by other code, and this one when asked to start afresh.
    const stale: { datname: string }[] = await admin.query(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND (datname <> $2 OR $3)`,
      [`${BENCH_CACHE_PREFIX}${users}_`, cache, options.fresh],
    );
    for (const { datname } of stale) await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
    const [hit] = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [cache]);
    if (hit) {
      // FILE_COPY: the files as they are, after a checkpoint (WAL_LOG would log every page of it).
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${cache}" STRATEGY FILE_COPY`);
      // Reference data as this code seeds it (idempotent).
      await migrateAndSeed(databaseUrl);
      return { cached: true, ms: ms(start) };
    }
    await ensureDatabaseExists(databaseUrl);
    await migrateAndSeed(databaseUrl);
    const db = new DataSource(dataSourceOptions(databaseUrl));
    await db.initialize();
    try {
      await seedUsers(db, users);
    } finally {
      await db.destroy();
    }
    const seeded = ms(start);
    await admin.query(`CREATE DATABASE "${cache}" TEMPLATE "${name}" STRATEGY FILE_COPY`);
    return { cached: false, ms: seeded };
  });
}

/** `work` on a connection to the server's `postgres` database, which creates and drops the bench's databases. */
export async function withServerAdmin<T>(databaseUrl: string, work: (admin: DataSource) => Promise<T>): Promise<T> {
  const admin = new DataSource({ type: 'postgres', url: new URL('/postgres', databaseUrl).toString() });
  await admin.initialize();
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}
