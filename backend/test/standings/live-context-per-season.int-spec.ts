import type { FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import { LiveContextService } from '@scoreline/backend/standings/live-context.service';
import { SeasonContextService } from '@scoreline/backend/standings/season-context.service';
import { SeasonsService } from '@scoreline/backend/seasons/seasons.service';
import type { ApiError } from '@scoreline/backend/platform/common/api-error';
import { grantAdminRole, importActiveSeason } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';

/**
 * A league's season context and live context are computed from its season (issue 34, commit 2):
 * two seasons' contexts — the active one and another, inactive, with a match in play — are read
 * and kept apart, and neither lists the other's gameweeks or fixtures.
 */

// Names no other suite imports (suites share the run's database).
const ACTIVE: FootballJsonSeason = {
  name: 'English Premier League 2067/68',
  matches: [
    { round: 'Matchday 1', date: '2093-08-04', time: '15:00', team1: 'Arsenal FC', team2: 'Chelsea FC' },
    { round: 'Matchday 2', date: '2093-08-11', time: '15:00', team1: 'Liverpool FC', team2: 'Everton FC' },
  ],
};

const OTHER: FootballJsonSeason = {
  name: 'Deutsche Bundesliga 2067/68',
  matches: [
    { round: 'Matchday 1', date: '2093-08-05', time: '15:30', team1: 'FC Bayern München', team2: 'Borussia Dortmund' },
    { round: 'Matchday 1', date: '2093-08-05', time: '18:30', team1: 'RB Leipzig', team2: 'VfB Stuttgart' },
    { round: 'Matchday 2', date: '2093-08-12', time: '15:30', team1: 'Borussia Dortmund', team2: 'RB Leipzig' },
  ],
};

describe('season and live contexts, one per season', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let active: { seasonId: number; gameweekIds: number[]; fixtureIds: number[] };
  let other: { seasonId: number; gameweekIds: number[]; fixtureIds: number[] };

  const version = async (): Promise<string> => String((await sys.db.query(`SELECT version FROM fixture_states_version`))[0].version);
  const seasonRows = async (seasonId: number) => {
    const fixtures: { id: number; gameweek_id: number }[] = await sys.db.query(`SELECT id, gameweek_id FROM fixtures WHERE season_id = $1 ORDER BY kickoff_at`, [seasonId]);
    const gameweeks: { id: number }[] = await sys.db.query(`SELECT id FROM gameweeks WHERE season_id = $1 ORDER BY number`, [seasonId]);
    return { seasonId, gameweekIds: gameweeks.map((g) => g.id), fixtureIds: fixtures.map((f) => f.id) };
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const rows = await importActiveSeason(sys, admin, ACTIVE);
    active = await seasonRows(rows[0].season_id);
    const imported = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season: OTHER, activate: false });
    expect(imported.status).toBe(201);
    other = await seasonRows(imported.body.data.season.id);
    expect(imported.body.data.season.is_active).toBe(false);
    // The other season's first match is over and its second in play: written directly (no
    // scorer runs for it), as a competition of its own would have them.
    await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = 2, away_score = 1 WHERE id = $1`, [other.fixtureIds[0]]);
    await sys.db.query(`UPDATE fixtures SET status = 'live', home_score = 0, away_score = 0 WHERE id = $1`, [other.fixtureIds[1]]);
    await sys.settle(60000);
  }, 120000);

  afterAll(async () => {
    await sys.db.query(`DELETE FROM fixture_scorings WHERE fixture_id = ANY($1::int[])`, [other.fixtureIds]);
    await sys.db.query(`DELETE FROM fixtures WHERE season_id = $1`, [other.seasonId]);
    await sys.db.query(`DELETE FROM gameweeks WHERE season_id = $1`, [other.seasonId]);
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys.close();
  });

  it('computes each season context from its own gameweeks', async () => {
    const contexts = sys.api.get(SeasonContextService, { strict: false });
    const [a, b, none] = await Promise.all([contexts.load(active.seasonId), contexts.load(other.seasonId), contexts.load(null)]);
    expect(a!.seasonId).toBe(active.seasonId);
    expect(a!.gameweeks.map((g) => g.id)).toEqual(active.gameweekIds);
    expect(a!.current?.id).toBe(active.gameweekIds[0]);
    expect(a!.recent).toBeNull();

    expect(b!.seasonId).toBe(other.seasonId);
    expect(b!.gameweeks.map((g) => g.id)).toEqual(other.gameweekIds);
    expect(b!.gameweeks.map((g) => [g.scored, g.completed])).toEqual([[true, false], [false, false]]);
    expect(b!.current?.id).toBe(other.gameweekIds[0]);
    expect(b!.recent?.id).toBe(other.gameweekIds[0]);
    expect(none).toBeNull();
  });

  it('reads and keeps the live contexts of two seasons apart at one version', async () => {
    const live = sys.api.get(LiveContextService, { strict: false });
    const v = await version();
    const a = await live.at(v, null, active.seasonId);
    const b = await live.at(v, null, other.seasonId);
    expect(await live.at(v, null, active.seasonId)).toBe(a);
    expect(await live.at(v, null, other.seasonId)).toBe(b);
    expect(b).not.toBe(a);

    expect(a.open).toBe(false);
    expect(a.season?.seasonId).toBe(active.seasonId);
    expect(a.tableGameweeks.map((g) => [g.season_id, g.id])).toEqual(active.gameweekIds.map((id) => [active.seasonId, id]));
    expect(a.fixtures.fixtures.map((f) => f.id).filter((id) => other.fixtureIds.includes(id))).toEqual([]);
    expect(Object.keys(a.fixtures.counts).map(Number).sort()).toEqual([...active.gameweekIds].sort());

    expect(b.open).toBe(true);
    expect(b.season?.seasonId).toBe(other.seasonId);
    expect(b.season?.recent?.id).toBe(other.gameweekIds[0]);
    expect(b.tableGameweeks.map((g) => [g.season_id, g.id, g.live])).toEqual([
      [other.seasonId, other.gameweekIds[0], true],
      [other.seasonId, other.gameweekIds[1], false],
    ]);
    expect(b.fixtures.fixtures.map((f) => [f.id, f.status, f.open])).toEqual(
      expect.arrayContaining([[other.fixtureIds[1], 'live', true]]),
    );
    expect(b.fixtures.fixtures.every((f) => other.fixtureIds.includes(f.id))).toBe(true);
    expect(b.fixtures.counts).toEqual({ [other.gameweekIds[0]]: 2, [other.gameweekIds[1]]: 1 });

    // No season: nothing open, nothing listed.
    const none = await live.at(v, null, null);
    expect(none).toMatchObject({ open: false, season: null, tableGameweeks: [], fixtures: { fixtures: [], counts: {} } });
  });

  it('answers the request\'s season: the active one, by its competition or by default, and 404 for any other', async () => {
    const seasons = sys.api.get(SeasonsService, { strict: false });
    expect((await seasons.seasonForRequest()).id).toBe(active.seasonId);
    expect((await seasons.seasonForRequest('en.1')).id).toBe(active.seasonId);
    const statusOf = (answer: Promise<unknown>) => answer.then(() => 200, (e: ApiError) => e.getStatus());
    expect(await statusOf(seasons.seasonForRequest('de.1'))).toBe(404);
    expect(await statusOf(seasons.seasonForRequest('xx.9'))).toBe(404);
    const { gameweeks } = await seasons.activeGameweeks(await seasons.seasonForRequest());
    expect(gameweeks.map((g) => g.id)).toEqual(active.gameweekIds);
  });
});
