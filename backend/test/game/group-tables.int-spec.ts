import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const OPENFOOTBALL = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'openfootball');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The World Cup 2026's group tables over HTTP, from the real final file: twelve groups of four,
 * every team three matches, and each group's first two are the teams its Round of 32 matches
 * name (the file wrote "1A", "2A" … there until the groups ended).
 */
describe('group tables', () => {
  let sys: TestSystem;
  let admin: FastUser;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'groups');
    await grantAdminRole(sys, admin.id);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
  });

  const groups = (id: number | string) => sys.http.get(`/api/seasons/${id}/groups/`).set(bearer(admin.token));

  it("orders the World Cup's twelve groups, whose first two went through to the Round of 32", async () => {
    const season = readJson(join(OPENFOOTBALL, '2026', 'worldcup.json'));
    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season, activate: false }).expect(201);
    const [{ id }]: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE league_code = 'fifa.wc' AND label = '2026'`);
    const { body } = await groups(id).expect(200);
    const data = body.data as SeasonGroups;
    expect(data.groups.map((g) => g.name)).toEqual('ABCDEFGHIJKL'.split('').map((l) => `Group ${l}`));
    for (const group of data.groups) {
      expect(group.unfinished).toBe(0);
      expect(group.rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
      expect(group.rows.every((r) => r.played === 3 && r.won + r.drawn + r.lost === 3 && r.goal_difference === r.goals_for - r.goals_against)).toBe(true);
      expect(group.rows.map((r) => r.points)).toEqual([...group.rows.map((r) => r.points)].sort((a, b) => b - a));
    }
    const roundOf32: { team_id: number }[] = await sys.db.query(
      `SELECT unnest(ARRAY[f.home_club_id, f.away_club_id]) AS team_id FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
       WHERE f.season_id = $1 AND g.name = 'Round of 32'`,
      [id],
    );
    const through = new Set(roundOf32.map((r) => r.team_id));
    expect(through.size).toBe(32);
    expect(data.groups.flatMap((g) => g.rows.slice(0, 2)).filter((r) => !through.has(r.team_id))).toEqual([]);
  });

  it('has no groups for a league season, 404 for no season, 401 without a token', async () => {
    const slice = seasonSlice('2024-25/en.1.json', [1], 'English Premier League 2063/64');
    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, activate: false }).expect(201);
    const [{ id }]: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE name = 'English Premier League 2063/64'`);
    expect((await groups(id).expect(200)).body.data.groups).toEqual([]);
    await groups(2147483647).expect(404);
    await groups('x').expect(404);
    await sys.http.get(`/api/seasons/${id}/groups/`).expect(401);
  });
});
