import { DataSource, type MigrationInterface } from 'typeorm';
import { dataSourceOptions } from '@scoreline/backend/platform/database/data-source-options';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';

/**
 * A migrated database of a test's own beside the run's (named after it with `suffix`), for a test
 * that rewinds or breaks the schema: `open()` creates, migrates and connects; `drop(db)`
 * disconnects and drops it, pass or fail.
 */
export function ownDatabase(suffix: string): { url: string; open(): Promise<DataSource>; drop(db: DataSource | undefined): Promise<void> } {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async open() {
      await ensureDatabaseExists(url.toString());
      await migrateAndSeed(url.toString());
      const db = new DataSource(dataSourceOptions(url.toString()));
      await db.initialize();
      return db;
    },
    async drop(db) {
      await db?.destroy();
      const admin = new DataSource({ type: 'postgres', url: new URL('/postgres', url).toString() });
      await admin.initialize();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/** Runs one step of a migration on `db` in a transaction of its own, as the migrations runner does. */
export async function runMigrationStep(db: DataSource, migration: MigrationInterface, step: 'up' | 'down'): Promise<void> {
  const runner = db.createQueryRunner();
  try {
    await runner.startTransaction();
    await migration[step](runner);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
