import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scoreline/backend/platform/database/data-source-options';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { ALL_MIGRATIONS } from '@scoreline/backend/platform/database/migrations';

/**
 * Processes migrating one database at the same moment (two deploys' migration Jobs, or the start
 * script run twice; here three migrators on connections of their own, as three processes would
 * be): each finishes, each migration is applied once and the seed is whole. On an empty database
 * of its own.
 */
describe('migrations run by several processes at once', () => {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_migrate_at_once`;
  url.pathname = `/${name}`;

  afterAll(async () => {
    const admin = new DataSource({ type: 'postgres', url: new URL('/postgres', url).toString() });
    await admin.initialize();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.destroy();
  });

  it('applies each migration once and every caller succeeds', async () => {
    await ensureDatabaseExists(url.toString());
    const runs = await Promise.allSettled([migrateAndSeed(url.toString()), migrateAndSeed(url.toString()), migrateAndSeed(url.toString())]);
    expect(runs.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const db = new DataSource(dataSourceOptions(url.toString()));
    await db.initialize();
    try {
      const applied: { name: string; n: number }[] = await db.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`);
      expect(applied).toHaveLength(ALL_MIGRATIONS.length);
      expect(applied.every((m) => m.n === 1)).toBe(true);
      const [{ countries }] = await db.query(`SELECT count(*)::int AS countries FROM countries`);
      expect(countries).toBeGreaterThan(100);
    } finally {
      await db.destroy();
    }
  });
});
