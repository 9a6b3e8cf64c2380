import type { DataSource } from 'typeorm';
import type { Pool, QueryResultRow } from 'pg';

/** Statements about the database itself rather than any domain's table: creating it, pinging it. */

/** Creates the database unless it exists; `name` is checked by the caller (it cannot be a parameter). */
export async function createDatabaseIfMissing(admin: DataSource, name: string): Promise<void> {
  const rows: unknown[] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE "${name}"`);
}

/** The cheapest round trip: the readiness check of a process with no Nest health module. */
export async function pingDatabase(db: DataSource): Promise<void> {
  await db.query('SELECT 1');
}

/**
 * A hot read as a named prepared statement: each pooled connection parses and plans it once and
 * then reuses the plan. Worth it where planning costs more than running (a one-row join of a few
 * index lookups, asked on every request). It runs on TypeORM's pool directly: never inside a
 * transaction, and outside TypeORM's query log. `name` must be unique to `text`.
 */
export async function queryPrepared<T>(db: DataSource, name: string, text: string, params: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  return (await pool.query<T & QueryResultRow>({ name, text, values: params })).rows;
}
