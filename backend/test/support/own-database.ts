import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scoreline/backend/database/data-source-options';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/database/migrate';

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
