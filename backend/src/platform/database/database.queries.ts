import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { GenericPlanPool } from './generic-plan-pool';

/** Statements about the database itself rather than any domain's table: creating it, pinging it. */

/** Creates the database unless it exists; `name` is checked by the caller (it cannot be a parameter). */
export async function createDatabaseIfMissing(admin: DataSource, name: string): Promise<void> {
  const rows: unknown[] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE "${name}"`);
}

/** Advisory-lock key of the migrations (session lock): one migrating process per database. */
const MIGRATIONS_LOCK_KEY = 7_306_001;

/** Takes the migrations' lock unless another session holds it; held until the runner's session ends. */
export async function tryLockMigrations(runner: QueryRunner): Promise<boolean> {
  const [{ locked }]: { locked: boolean }[] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATIONS_LOCK_KEY]);
  return locked;
}

/** The cheapest round trip: the readiness check of a process with no Nest health module. */
export async function pingDatabase(db: DataSource): Promise<void> {
  await db.query('SELECT 1');
}

/**
 * A hot statement as a named prepared statement: each connection parses and plans it once and
 * then reuses the plan. Worth it where planning costs more than running (a few index lookups,
 * asked on every request: a prediction save is a dozen such statements, and planning them was
 * most of Postgres' CPU per save). Given an EntityManager of a transaction, it runs on that
 * transaction's connection; otherwise on TypeORM's pool. Either way outside TypeORM's query log.
 * `name` must be unique to `text`; only for statements whose plan does not depend on the values
 * (equality lookups by key), since after five runs Postgres may keep one generic plan.
 */
export async function queryPrepared<T>(q: DataSource | EntityManager, name: string, text: string, params: unknown[]): Promise<T[]> {
  const runner = (q as EntityManager).queryRunner;
  if (runner) {
    // The transaction's own pg client (PostgresQueryRunner.connect answers it).
    const client = (await runner.connect()) as PoolClient;
    return (await client.query<T & QueryResultRow>({ name, text, values: params })).rows;
  }
  const dataSource = (q as EntityManager).connection ?? (q as DataSource);
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  return (await pool.query<T & QueryResultRow>({ name, text, values: params })).rows;
}

/** A named statement (`name` unique to `text`) on the generic-plan pool: planned once per connection (GenericPlanPool says when that fits). */
export async function queryGenericPlan<T>(plans: GenericPlanPool, name: string, text: string, params: unknown[]): Promise<T[]> {
  return (await plans.pool.query<T & QueryResultRow>({ name, text, values: params })).rows;
}

/** The statements of a transaction run by inPooledTransaction: on its one connection. */
export interface PooledTransaction {
  /** A named prepared statement (`name` unique to `text`), as queryPrepared. */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
}

/**
 * A transaction straight on a connection of TypeORM's pool, outside TypeORM's QueryRunner: for
 * the hottest write (a prediction save), where every round trip is a socket write and read on
 * both sides. `begin` is sent with BEGIN in one round trip (plain statements without values,
 * e.g. taking locks); `work` answers whether to commit. COMMIT follows `work` at once; a throw or
 * `commit: false` rolls back. A connection whose ROLLBACK fails is discarded, not reused.
 */
export async function inPooledTransaction<T>(
  db: DataSource,
  begin: string,
  work: (tx: PooledTransaction) => Promise<{ commit: boolean; value: T }>,
): Promise<T> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const client = await pool.connect();
  const tx: PooledTransaction = {
    prepared: async <R>(name: string, text: string, params: unknown[]) => (await client.query<R & QueryResultRow>({ name, text, values: params })).rows,
  };
  let discard: Error | undefined;
  try {
    await client.query(`BEGIN; ${begin}`);
    const outcome = await work(tx);
    await client.query(outcome.commit ? 'COMMIT' : 'ROLLBACK');
    return outcome.value;
  } catch (error) {
    // Whatever failed (BEGIN, the work, COMMIT), no transaction stays open on the connection.
    await client.query('ROLLBACK').catch((e: Error) => (discard = e));
    throw error;
  } finally {
    client.release(discard);
  }
}
