import type { DataSource } from 'typeorm';
import { OneActiveSeasonPerCompetition1766700000000 } from '@scoreline/backend/platform/database/migrations/1766700000000-one-active-season-per-competition';
import { ownDatabase, runMigrationStep } from '../support/own-database';

/**
 * Migration 1766700000000: one active season per competition instead of one in all. Down and up
 * on a database of its own holding two competitions' active seasons.
 */
describe('migration: one active season per competition', () => {
  const own = ownDatabase('one_active_per_competition');
  let db: DataSource;
  const migration = new OneActiveSeasonPerCompetition1766700000000();

  const run = (step: 'up' | 'down'): Promise<void> => runMigrationStep(db, migration, step);
  const indexOf = async (index: string): Promise<string | undefined> =>
    (await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [index]))[0]?.indexdef;
  const active = async (): Promise<string[]> => (await db.query(`SELECT name FROM seasons WHERE is_active ORDER BY name`)).map((r: { name: string }) => r.name);
  const season = (name: string, label: string, code: string, isActive: boolean) =>
    db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $3, $4)`, [name, label, code, isActive]);

  beforeAll(async () => {
    db = await own.open();
    await db.query(`INSERT INTO competitions (code, name) VALUES ('en.1', 'English Premier League'), ('fifa.wc', 'World Cup') ON CONFLICT (code) DO NOTHING`);
  });

  afterAll(() => own.drop(db));

  it('lets each competition have its active season, one at most', async () => {
    expect(await indexOf('seasons_one_active_per_competition')).toContain('(league_code) WHERE is_active');
    expect(await indexOf('seasons_one_active')).toBeUndefined();
    await season('World Cup 2026', '2026', 'fifa.wc', true);
    await season('English Premier League 2090/91', '2090/91', 'en.1', true);
    await season('English Premier League 2089/90', '2089/90', 'en.1', false);
    expect(await active()).toEqual(['English Premier League 2090/91', 'World Cup 2026']);
    await expect(db.query(`UPDATE seasons SET is_active = true WHERE label = '2089/90'`)).rejects.toThrow(/seasons_one_active_per_competition/);
  });

  it('goes down keeping the home competition\'s active season only, and up again', async () => {
    await run('down');
    expect(await active()).toEqual(['English Premier League 2090/91']);
    expect(await indexOf('seasons_one_active')).toContain('(is_active) WHERE is_active');
    expect(await indexOf('seasons_one_active_per_competition')).toBeUndefined();
    await expect(db.query(`UPDATE seasons SET is_active = true WHERE name = 'World Cup 2026'`)).rejects.toThrow(/seasons_one_active/);

    await run('up');
    await db.query(`UPDATE seasons SET is_active = true WHERE name = 'World Cup 2026'`);
    expect(await active()).toEqual(['English Premier League 2090/91', 'World Cup 2026']);
  });
});
