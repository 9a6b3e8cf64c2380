import type { FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import { LiveContextService } from '@scoreline/backend/standings/live-context.service';
import { grantAdminRole, importActiveSeason } from '../support/game-factories';
import { openTransaction, someoneWaitsOnLock, waitFor } from '../support/concurrency';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';

/**
 * The live tables' context (live-context.service.ts) is read once per version of the fixtures'
 * rows (migration 1765900000000): the version must move with every commit that changes a
 * fixture, a scoring, a gameweek or a season — and only then — without making two writers wait
 * on each other, and the clock passing a kick-off must open a match with no write at all.
 */

const SEASON: FootballJsonSeason = {
  // A name no other suite imports (suites share the run's database).
  name: 'English Premier League 2095/96',
  matches: [
    { round: 'Matchday 1', date: '2095-08-04', time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC' },
    { round: 'Matchday 1', date: '2095-08-05', time: '15:00', team1: 'Liverpool FC', team2: 'Everton FC' },
  ],
};

describe('live context: one version of the fixtures, kept exact', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fixtureIds: number[];
  let gameweekId: number;
  let seasonId: number;

  const version = async (): Promise<bigint> => BigInt((await sys.db.query(`SELECT version FROM fixture_states_version`))[0].version);
  const contexts = () => sys.api.get(LiveContextService, { strict: false });

  beforeAll(async () => {
    sys = await startTestSystem();
    admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const rows = await importActiveSeason(sys, admin, SEASON);
    fixtureIds = rows.map((r) => r.id);
    gameweekId = rows[0].gameweek_id;
    seasonId = rows[0].season_id;
    await sys.settle(60000);
  }, 120000);

  afterAll(async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys.close();
  });

  it('moves once per committed transaction that changes a fixture, a scoring, a gameweek or a season, and not on a rollback', async () => {
    const v0 = await version();
    await sys.db.transaction(async (tx) => {
      await tx.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = ANY($1::int[])`, [fixtureIds]);
      await tx.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = $1`, [fixtureIds[0]]);
    });
    expect(await version()).toBe(v0 + 1n);

    await expect(
      sys.db.transaction(async (tx) => {
        await tx.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = $1`, [fixtureIds[0]]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(v0 + 1n);

    await sys.db.query(`UPDATE gameweeks SET ends_at = ends_at WHERE id = $1`, [gameweekId]);
    expect(await version()).toBe(v0 + 2n);
    await sys.db.query(`UPDATE seasons SET updated_at = now() WHERE is_active`);
    expect(await version()).toBe(v0 + 3n);

    // The admin API's goal, then the scorer's record of it.
    await sys.http.put(`/api/admin/fixtures/${fixtureIds[0]}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'live' }).expect(200);
    expect(await version()).toBe(v0 + 4n);
    await sys.settle(60000);
    expect(await version()).toBe(v0 + 5n);
    const [scoring] = await sys.db.query(`SELECT status, home_score FROM fixture_scorings WHERE fixture_id = $1`, [fixtureIds[0]]);
    expect(scoring).toEqual({ status: 'live', home_score: 1 });

    // A statement that changes no row changes nothing.
    await sys.db.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = -1`);
    expect(await version()).toBe(v0 + 5n);
  }, 60000);

  it('counts at commit: two writers of the same fixtures in crossing orders do not deadlock on it', async () => {
    const v0 = await version();
    const [first, second] = [await openTransaction(sys.db), await openTransaction(sys.db)];
    try {
      await first.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = $1`, [fixtureIds[0]]);
      await second.query(`UPDATE fixtures SET updated_at = updated_at WHERE id = $1`, [fixtureIds[1]]);
      // The first now waits for the second's row; had the second's count locked its row already,
      // the first would hold it too and this would be a deadlock.
      const firstWaits = first.query(`UPDATE fixtures SET updated_at = updated_at /* crossing */ WHERE id = $1`, [fixtureIds[1]]);
      await waitFor('the first writer to wait for the second', () => someoneWaitsOnLock(sys.db, '/* crossing */'));
      await second.commitTransaction();
      await firstWaits;
      await first.commitTransaction();
    } finally {
      await Promise.all([first.release(), second.release()]);
    }
    expect(await version()).toBe(v0 + 2n);
  }, 30000);

  it('keeps a context until the version moves, and reads it again when a kick-off passes with no write', async () => {
    const context = contexts();
    // The live match of the first test is over: nothing open.
    await sys.http.put(`/api/admin/fixtures/${fixtureIds[0]}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'finished' }).expect(200);
    await sys.settle(60000);
    // The other match kicks off in a moment (long enough for the reads before it on a busy machine).
    await sys.db.query(`UPDATE fixtures SET kickoff_at = now() + interval '4 seconds' WHERE id = $1`, [fixtureIds[1]]);
    const v = (await version()).toString();
    const before = await context.at(v, null, seasonId);
    expect(before.open).toBe(false);
    expect(before.validUntil).not.toBeNull();
    expect(await context.at(v, null, seasonId)).toBe(before);

    await new Promise((r) => setTimeout(r, Math.max(0, before.validUntil! - Date.now()) + 50));
    const after = await context.at(v, null, seasonId);
    expect(after.version).toBe(before.version);
    expect(after.open).toBe(true);
    expect(after.fixtures.fixtures.map((f) => [f.id, f.open])).toContainEqual([fixtureIds[1], true]);

    // A goal moves the version: the next read has it, whatever was kept.
    await sys.http.put(`/api/admin/fixtures/${fixtureIds[1]}/result`).set(admin.auth).send({ home_score: 0, away_score: 2, status: 'live' }).expect(200);
    const goal = await context.at((await version()).toString(), null, seasonId);
    expect(goal.fixtures.fixtures.find((f) => f.id === fixtureIds[1])).toMatchObject({ status: 'live', home_score: 0, away_score: 2, open: true });
    await sys.settle(60000);
  }, 60000);
});
