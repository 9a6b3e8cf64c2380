import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { ensureCompetition } from '../support/competitions';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Which leagues a fixture's new scores send to a recompute: every league with at least one member
 * who predicted the fixture, however few and wherever in the member list, and no other (the
 * season here is not active, so no league's "recent gameweek" moves on).
 */
describe('the leagues a scores.updated recomputes', () => {
  let sys: TestSystem;
  let standings: StandingsService;
  let users: FastUser[];
  let fixtureId: number;
  let otherFixtureId: number;
  let gameweekId: number;
  let seasonId: number;

  beforeAll(async () => {
    sys = await startTestSystem();
    standings = sys.workers.get(StandingsService, { strict: false });
    users = await insertVerifiedUsers(sys, 12, 'affected', { onboarded: true });
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    await ensureCompetition(sys.db, 'affected.leagues');
    [{ id: seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Affected Leagues 2113/14', '2113/14', 'affected.leagues', false) RETURNING id`,
    );
    [{ id: gameweekId }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() - interval '1 hour', now() + interval '1 day') RETURNING id`,
      [seasonId],
    );
    [{ id: fixtureId }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, now() - interval '1 hour') RETURNING id`,
      [seasonId, gameweekId, home.id, away.id],
    );
    [{ id: otherFixtureId }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, now() - interval '1 hour') RETURNING id`,
      [seasonId, gameweekId, away.id, home.id],
    );
  });

  afterAll(async () => {
    await sys?.close();
  });

  const leagueOf = async (name: string, members: FastUser[]): Promise<number> => {
    const [{ id }]: { id: number }[] = await sys.db.query(`INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', 'public', $2, 'affected.leagues') RETURNING id`, [
      name,
      users[0].id,
    ]);
    await sys.db.query(`INSERT INTO league_members (league_id, user_id) SELECT $1, u FROM unnest($2::int[]) AS u`, [id, members.map((m) => m.id)]);
    return id;
  };

  it('answers each league with a predictor of the fixture, wherever they sort among its members, and none without', async () => {
    // The first and the last user by id predicted the fixture; the ten between predicted another match only.
    const [first, last] = [users[0], users[11]];
    const between = users.slice(1, 11);
    const predict = (who: FastUser[], fixture: number) =>
      sys.db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score) SELECT u, $2, $3, $4, 1, 0 FROM unnest($1::int[]) AS u`,
        [who.map((u) => u.id), fixture, gameweekId, seasonId],
      );
    await predict([first, last], fixtureId);
    await predict(between, otherFixtureId);
    const everyonePredicted = await leagueOf('All predicted', [first, last]);
    const onlyTheFirst = await leagueOf('First predicted', [first, ...between]);
    const onlyTheLast = await leagueOf('Last predicted', [...between, last]);
    const nobody = await leagueOf('Nobody predicted', between);
    const empty = await leagueOf('Empty', []);

    const affected = await standings.leaguesAffectedBy({
      id: 0,
      name: 'scores.updated',
      payload: { fixtureId, gameweekId, seasonId, status: 'live', final: false },
      occurredAt: new Date().toISOString(),
    });
    const ours = new Set([everyonePredicted, onlyTheFirst, onlyTheLast, nobody, empty]);
    expect(affected.filter((id) => ours.has(id)).sort((a, b) => a - b)).toEqual([everyonePredicted, onlyTheFirst, onlyTheLast].sort((a, b) => a - b));
    // One entry per league.
    expect(new Set(affected).size).toBe(affected.length);
  });
});
