import type { DataSource } from 'typeorm';

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
