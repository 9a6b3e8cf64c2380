import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { ScoringService } from '@scoreline/backend/scoring/scoring.service';
import { ensureCompetition } from '../support/competitions';
import { insertVerifiedUsers } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * A big fixture is scored in parts at once (its users split by id, a connection each; tests split
 * every fixture in two). What this holds: the parts add up to the whole, and when one part fails
 * after another committed, nothing is announced, what committed is whole per user, and the retry
 * scores the rest and tells the news once.
 */
describe('scoring a fixture in parts', () => {
  let sys: TestSystem;
  let scoring: ScoringService;
  let fixtureId: number;
  let seasonId: number;
  let gameweekId: number;
  const picks = new Map<number, { home: number; away: number; banker: boolean }>();

  const announcements = async (): Promise<number> =>
    ((await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`, [fixtureId])) as { n: number }[])[0].n;

  /** Per user: the prediction's points and both totals rows' points. */
  const scored = async (): Promise<Map<number, { points: number | null; gameweek: number; season: number }>> => {
    const rows: { user_id: number; points: number | null; gameweek: number; season: number }[] = await sys.db.query(
      `SELECT p.user_id, p.points, g.points AS gameweek, s.points AS season
       FROM predictions p
       JOIN user_gameweek_totals g ON g.user_id = p.user_id AND g.gameweek_id = p.gameweek_id
       JOIN user_season_totals s ON s.user_id = p.user_id AND s.season_id = p.season_id
       WHERE p.fixture_id = $1`,
      [fixtureId],
    );
    return new Map(rows.map((r) => [r.user_id, { points: r.points, gameweek: r.gameweek, season: r.season }]));
  };

  const expectedPoints = (userId: number, home: number, away: number): number => {
    const pick = picks.get(userId)!;
    return scorePrediction({ predictedHome: pick.home, predictedAway: pick.away, actualHome: home, actualAway: away, isBanker: pick.banker }).points;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    scoring = sys.workers.get(ScoringService);
    const users = await insertVerifiedUsers(sys, 30, 'splitter');
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    await ensureCompetition(sys.db, 'split.scoring');
    [{ id: seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Split Scoring League 2112/13', '2112/13', 'split.scoring', false) RETURNING id`,
    );
    [{ id: gameweekId }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [seasonId],
    );
    [{ id: fixtureId }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, now() - interval '1 hour') RETURNING id`,
      [seasonId, gameweekId, home.id, away.id],
    );
    users.forEach((u, i) => picks.set(u.id, { home: i % 4, away: (i * 7) % 3, banker: i % 5 === 0 }));
    // Each user's prediction with the totals rows a save makes.
    await sys.db.query(
      `WITH x AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::boolean[]) AS x(user_id, home, away, banker)),
            p AS (INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
                  SELECT user_id, $5, $6, $7, home, away, banker FROM x RETURNING 1),
            g AS (INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions) SELECT user_id, $6, $7, 1 FROM x RETURNING 1)
       INSERT INTO user_season_totals (user_id, season_id, predictions) SELECT user_id, $7, 1 FROM x`,
      [[...picks.keys()], [...picks.values()].map((p) => p.home), [...picks.values()].map((p) => p.away), [...picks.values()].map((p) => p.banker), fixtureId, gameweekId, seasonId],
    );
    // Both halves have users (the split is by user id parity).
    expect(new Set([...picks.keys()].map((id) => id % 2)).size).toBe(2);
  });

  afterAll(async () => {
    await sys.db.query(`DROP TRIGGER IF EXISTS split_scoring_fails_even ON user_gameweek_totals`);
    await sys.db.query(`DROP TRIGGER IF EXISTS split_scoring_fails_even ON outbox_events`);
    await sys.db.query(`DROP FUNCTION IF EXISTS split_scoring_fails_even()`);
    await sys?.close();
  });

  it('scores every part of a live match, and a replay changes and announces nothing', async () => {
    await sys.db.query(`UPDATE fixtures SET status = 'live', home_score = 1, away_score = 0, minute = 30 WHERE id = $1`, [fixtureId]);
    const first = await scoring.scoreFixture(fixtureId);
    expect(first.changed).toBe(picks.size);
    for (const [userId, row] of await scored()) {
      const points = expectedPoints(userId, 1, 0);
      expect({ userId, ...row }).toEqual({ userId, points, gameweek: points, season: points });
    }
    expect(await announcements()).toBe(1);

    expect((await scoring.scoreFixture(fixtureId)).changed).toBe(0);
    expect(await announcements()).toBe(1);
  });

  it('when one part fails after another committed: nothing announced, each user whole, and the retry tells the news once', async () => {
    // Part 0 (even user ids) fails on its first totals row; part 1 (odd ids) commits meanwhile.
    await sys.db.query(`
      CREATE FUNCTION split_scoring_fails_even() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id % 2 = 0 THEN RAISE EXCEPTION 'part 0 fails on purpose'; END IF;
        RETURN NEW;
      END $$`);
    await sys.db.query(`CREATE TRIGGER split_scoring_fails_even BEFORE UPDATE ON user_gameweek_totals FOR EACH ROW EXECUTE FUNCTION split_scoring_fails_even()`);
    await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = 2, away_score = 1, minute = NULL WHERE id = $1`, [fixtureId]);

    await expect(scoring.scoreFixture(fixtureId)).rejects.toThrow('part 0 fails on purpose');
    for (const [userId, row] of await scored()) {
      // Odd users: part 1 committed, prediction and totals together; even users: untouched (still the live 1-0).
      const points = userId % 2 === 1 ? expectedPoints(userId, 2, 1) : expectedPoints(userId, 1, 0);
      expect({ userId, ...row }).toEqual({ userId, points, gameweek: points, season: points });
    }
    expect(await announcements()).toBe(1);

    await sys.db.query(`DROP TRIGGER split_scoring_fails_even ON user_gameweek_totals`);
    const retry = await scoring.scoreFixture(fixtureId);
    expect(retry.changed).toBe([...picks.keys()].filter((id) => id % 2 === 0).length);
    for (const [userId, row] of await scored()) {
      const points = expectedPoints(userId, 2, 1);
      expect({ userId, ...row }).toEqual({ userId, points, gameweek: points, season: points });
    }
    expect(await announcements()).toBe(2);
    const [event]: { payload: { status: string; final: boolean } }[] = await sys.db.query(
      `SELECT payload FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1 ORDER BY id DESC LIMIT 1`,
      [fixtureId],
    );
    expect(event.payload).toMatchObject({ status: 'finished', final: true });
  });

  it('announces the final whistle on a retry whose parts had all committed: the remembered status says it was not told', async () => {
    // A fixture predicted by odd user ids only: part 0 scores nobody, and only announces.
    const odd = [...picks.keys()].filter((id) => id % 2 === 1);
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id DESC LIMIT 2`);
    const [{ id: oddFixture }]: { id: number }[] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score, minute)
       VALUES ($1, $2, $3, $4, now() - interval '1 hour', 'live', 2, 1, 80) RETURNING id`,
      [seasonId, gameweekId, home.id, away.id],
    );
    await sys.db.query(
      `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score) SELECT u, $2, $3, $4, 2, 1 FROM unnest($1::int[]) AS u`,
      [odd, oddFixture, gameweekId, seasonId],
    );
    const told = async (): Promise<{ status: string; final: boolean }[]> =>
      ((await sys.db.query(`SELECT payload FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1 ORDER BY id`, [oddFixture])) as {
        payload: { status: string; final: boolean };
      }[]).map((e) => ({ status: e.payload.status, final: e.payload.final }));
    expect((await scoring.scoreFixture(oddFixture)).changed).toBe(odd.length);
    expect(await told()).toEqual([{ status: 'live', final: false }]);

    // Full time at the same score: every prediction becomes final (part 1 commits that), but the
    // announcement fails and takes part 0's transaction down with it.
    await sys.db.query(`UPDATE fixtures SET status = 'finished', minute = NULL WHERE id = $1`, [oddFixture]);
    await sys.db.query(`
      CREATE OR REPLACE FUNCTION split_scoring_fails_even() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'scores.updated' THEN RAISE EXCEPTION 'the announcement fails on purpose'; END IF;
        RETURN NEW;
      END $$`);
    await sys.db.query(`CREATE TRIGGER split_scoring_fails_even BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION split_scoring_fails_even()`);
    await expect(scoring.scoreFixture(oddFixture)).rejects.toThrow('the announcement fails on purpose');
    await sys.db.query(`DROP TRIGGER split_scoring_fails_even ON outbox_events`);
    const [{ finals }]: { finals: number }[] = await sys.db.query(`SELECT count(*) FILTER (WHERE is_final)::int AS finals FROM predictions WHERE fixture_id = $1`, [oddFixture]);
    expect(finals).toBe(odd.length);

    // The retry changes no prediction, yet the final whistle is news still to be told, once.
    expect((await scoring.scoreFixture(oddFixture)).changed).toBe(0);
    expect(await told()).toEqual([{ status: 'live', final: false }, { status: 'finished', final: true }]);
    expect((await scoring.scoreFixture(oddFixture)).changed).toBe(0);
    expect(await told()).toHaveLength(2);
  });
});
