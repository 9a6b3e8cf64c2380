import type { DataSource } from 'typeorm';
import { AutomaticLeagueCompetitionNames1767600000000 } from '@scoreline/backend/platform/database/migrations/1767600000000-automatic-league-competition-names';
import { ownDatabase, runMigrationStep } from '../support/own-database';

/**
 * Migration 1767600000000: the automatic leagues made before it get their competition in their
 * name ("England League · World Cup"), as new ones are named; a fan's leagues of two competitions
 * no longer read alike. Up, up again (nothing twice) and down on a database of its own.
 */
describe('migration: automatic league names name their competition', () => {
  const own = ownDatabase('automatic_league_names');
  let db: DataSource;
  const migration = new AutomaticLeagueCompetitionNames1767600000000();
  const run = (step: 'up' | 'down'): Promise<void> => runMigrationStep(db, migration, step);
  const LONG_CLUB = `Automatic Names ${'Athletic '.repeat(8)}FC`;

  const names = async (): Promise<string[][]> =>
    (await db.query(`SELECT competition_code, type, name FROM leagues ORDER BY competition_code, type, name`)).map(
      (r: { competition_code: string; type: string; name: string }) => [r.competition_code, r.type, r.name],
    );

  beforeAll(async () => {
    db = await own.open();
    // As the leagues were named before: the same names in both competitions.
    await db.query(`INSERT INTO competitions (code, name) VALUES ('en.1', 'English Premier League'), ('fifa.wc', 'World Cup') ON CONFLICT (code) DO NOTHING`);
    await db.query(`INSERT INTO clubs (name, short_name) VALUES ($1, 'Long') ON CONFLICT (name) DO NOTHING`, [LONG_CLUB]);
    await db.query(`DELETE FROM leagues`);
    await db.query(
      `INSERT INTO leagues (name, type, competition_code, country_id, club_id)
       SELECT 'Global League', 'global', x.code, NULL::int, NULL::int FROM unnest(ARRAY['en.1', 'fifa.wc']) AS x(code)
       UNION ALL SELECT co.name || ' League', 'country', x.code, co.id, NULL FROM countries co, unnest(ARRAY['en.1', 'fifa.wc']) AS x(code) WHERE co.code = 'GB-ENG'
       UNION ALL SELECT c.name || ' Fans', 'club', 'en.1', NULL, c.id FROM clubs c WHERE c.name IN ('Arsenal FC', $1)
       UNION ALL SELECT 'Office League', 'private', 'fifa.wc', NULL, NULL`,
      [LONG_CLUB],
    );
  });

  afterAll(() => own.drop(db));

  const before = () => [
    ['en.1', 'club', 'Arsenal FC Fans'],
    ['en.1', 'club', `${LONG_CLUB} Fans`],
    ['en.1', 'country', 'England League'],
    ['en.1', 'global', 'Global League'],
    ['fifa.wc', 'country', 'England League'],
    ['fifa.wc', 'global', 'Global League'],
    ['fifa.wc', 'private', 'Office League'],
  ];

  it("names each automatic league's competition, once, and leaves a fan's own league alone", async () => {
    expect(await names()).toEqual(before());
    await run('up');
    const after = [
      ['en.1', 'club', 'Arsenal FC Fans · English Premier League'],
      ['en.1', 'club', `${LONG_CLUB} Fans · English Premier League`.slice(0, 100)],
      ['en.1', 'country', 'England League · English Premier League'],
      ['en.1', 'global', 'Global League · English Premier League'],
      ['fifa.wc', 'country', 'England League · World Cup'],
      ['fifa.wc', 'global', 'Global League · World Cup'],
      ['fifa.wc', 'private', 'Office League'],
    ];
    expect(await names()).toEqual(after);
    expect(after[1][2]).toHaveLength(100);
    // Up again (a name made by the app since already ends so): nothing twice.
    await run('up');
    expect(await names()).toEqual(after);
  });

  it('goes down to the names of before (a name cut short keeps its cut ending)', async () => {
    await run('down');
    const back = before();
    back[1][2] = `${LONG_CLUB} Fans · English Premier League`.slice(0, 100);
    expect(await names()).toEqual(back);
  });
});
