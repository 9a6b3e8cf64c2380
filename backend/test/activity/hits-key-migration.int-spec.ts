import type { DataSource } from 'typeorm';
import { migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { ownDatabase } from '../support/own-database';

/**
 * The hits-key index is built CONCURRENTLY, outside a transaction (league_activities takes writes
 * all match day), and a build that failed half-way (an invalid index of the same name) is built
 * again by the next run of the migrations. On a database of its own: it drops and breaks the index.
 */
describe('migration: the activity hits-key index, built concurrently', () => {
  const own = ownDatabase('hits_key');
  let db: DataSource;

  const index = async (): Promise<{ valid: boolean; unique: boolean; definition: string } | undefined> =>
    (
      await db.query(
        `SELECT i.indisvalid AS valid, i.indisunique AS unique, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'league_activities_hits_key_idx'`,
      )
    )[0];

  beforeAll(async () => {
    db = await own.open();
  });

  afterAll(() => own.drop(db));

  it('is there and valid after the migrations', async () => {
    expect(await index()).toEqual({ valid: true, unique: false, definition: expect.stringContaining('(kind, dedupe_key text_pattern_ops)') });
  });

  it('is built again when an earlier concurrent build failed half-way', async () => {
    // A build that failed: two entries the same in what a unique index of that name would key.
    await db.query(`DELETE FROM migrations WHERE name = 'ActivityHitsKey1766100000000'`);
    await db.query(`DROP INDEX league_activities_hits_key_idx`);
    const [{ id: userId }] = await db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash) VALUES ('hitskey', 'hitskey@example.com', 'Hits', 'Key', 'x') RETURNING id`,
    );
    const [{ id: leagueId }] = await db.query(`INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Hits key', '', 'private', $1, 'en.1') RETURNING id`, [userId]);
    await db.query(
      `INSERT INTO league_activities (league_id, actor_user_id, kind, category, importance, message, icon, dedupe_key)
       SELECT $1, $2, 'exact_score', 'performance', 'high', 'Exact', 'target', 'exact:1:' || i FROM generate_series(1, 2) AS i`,
      [leagueId, userId],
    );
    await expect(db.query(`CREATE UNIQUE INDEX CONCURRENTLY league_activities_hits_key_idx ON league_activities (kind)`)).rejects.toThrow(/could not create unique index/);
    expect(await index()).toMatchObject({ valid: false, unique: true });

    await migrateAndSeed(own.url);

    expect(await index()).toEqual({ valid: true, unique: false, definition: expect.stringContaining('(kind, dedupe_key text_pattern_ops)') });
    expect(await db.query(`SELECT 1 FROM migrations WHERE name = 'ActivityHitsKey1766100000000'`)).toHaveLength(1);
  });
});
