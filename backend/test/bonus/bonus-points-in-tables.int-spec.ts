import type { DataSource } from 'typeorm';
import { Logger } from '@nestjs/common';
import { BonusPointsService } from '@scoreline/backend/bonus/bonus-points.service';
import { BonusPoints1766800000000 } from '@scoreline/backend/platform/database/migrations/1766800000000-bonus-points';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import type { LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import type { LeagueTableResponse } from '@scoreline/contracts/api/tables';
import { insertClubSeason, type ClubSeason } from '../support/competitions';
import { waitFor } from '../support/concurrency';
import { grantAdminRole, insertVerifiedUsers, predictScores, recordResult, type FastUser } from '../support/game-factories';
import { ownDatabase, runMigrationStep } from '../support/own-database';
import { startTestSystem, type TestSystem } from '../support/test-system';

const DAY = 24 * 3600 * 1000;

/**
 * Bonus points in the league tables on the real system (API, workers, Postgres, Redis): a league
 * season of its own competition with three clubs A, B, C and three matches, four fans in the
 * competition's global league and three of them in a private league.
 *
 *   picks      A–B (1–0)  A–C (2–0)  B–C (0–0 live, then 1–0)   champion  bottom
 *   Ana        1–0 (20)   1–0 (10)   0–0 (30 live, then 0)       A         B
 *   Ben        1–0 (20)   2–0 (20)   2–2 (15 live, then 0)       B         C
 *   Cat        2–1 (10)   0–1 (0)    1–0 (0 live, then 20)       A         C
 *   Dan        —          —          —                           C         —
 *
 * After the first two matches: Ben 40, Ana 30, Cat 10, Dan 0. An operator's
 * champion A, its correction and its withdrawal move the season tables (stored and live) and
 * never a gameweek's; the last match settles champion A and bottom C from the finished table;
 * the private league's own question counts in that league only.
 */
describe('bonus points in the league tables', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let ana: FastUser, ben: FastUser, cat: FastUser, dan: FastUser;
  let season: ClubSeason;
  let seasonId: number;
  let globalId: number;
  let privateId: number;
  let clubs: { a: number; b: number; c: number };
  let fixtures: { ab: number; ac: number; bc: number };

  const name = (fullName: string) => fullName.split(' ')[0];
  /** A league's table rows as [name, rank, points, bonus points], in table order. */
  const table = async (leagueId: number, query: Record<string, unknown> = { period: 'season' }, who = ana) => {
    const { body } = await sys.http.get(`/api/leagues/${leagueId}/table/`).query(query).set(who.auth).expect(200);
    const data = body.data as LeagueTableResponse;
    return { live: data.live, rows: data.rows.map((r) => [name(r.full_name), r.rank, r.points, r.bonus_points]) };
  };
  const leaderboard = async (leagueId: number, who = ana) => {
    const { body } = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).set(who.auth).expect(200);
    return (body.data as LeaderboardResponse).leaderboard.map((r) => [name(r.full_name), r.rank, r.total_points, r.bonus_points]);
  };
  /** The stored rows of a league: [name, points, bonus points] by points. */
  const stored = async (leagueId: number) =>
    (
      await sys.db.query(
        `SELECT u.first_name, s.total_points, s.bonus_points FROM league_standings s JOIN users u ON u.id = s.user_id
         WHERE s.league_id = $1 ORDER BY s.total_points DESC, u.first_name`,
        [leagueId],
      )
    ).map((r: { first_name: string; total_points: number; bonus_points: number }) => [r.first_name, r.total_points, r.bonus_points]);
  const result = (fixture: number, home: number, away: number, status: 'live' | 'finished' = 'finished') => recordResult(sys, admin, fixture, home, away, status);
  const settleChampion = (rightAnswers: number[]) =>
    sys.http.put(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).send({ right_answers: rightAnswers }).expect(200);
  const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  beforeAll(async () => {
    sys = await startTestSystem();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    [admin] = await insertVerifiedUsers(sys, 1, 'bpadmin', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    // One after the other: ties list by user id, so Ana's id is the lowest.
    const players: FastUser[] = [];
    for (const first of ['Ana', 'Ben', 'Cat', 'Dan']) players.push((await insertVerifiedUsers(sys, 1, 'bp', { first, last: 'Bonus', onboarded: true }))[0]);
    [ana, ben, cat, dan] = players;

    season = await insertClubSeason(sys.db, { prefix: 'bp', name: 'Bonus Points League', label: '2098/99' });
    ({ seasonId, clubs } = season);
    const { a, b, c } = clubs;
    const round = await season.round(1, new Date(Date.now() + 2 * DAY));
    fixtures = { ab: await season.fixture('ab', round, a, b, 0), ac: await season.fixture('ac', round, a, c, 1), bc: await season.fixture('bc', round, b, c, 2) };
    globalId = await season.league('global', 'Bonus Global', [ana.id, ben.id, cat.id, dan.id]);
    privateId = await season.league('private', 'Bonus Friends', [ana.id, ben.id, cat.id]);

    const answer = (who: FastUser, answers: object) => sys.http.put(`/api/seasons/${seasonId}/bonus/`).set(who.auth).send({ answers }).expect(200);
    await answer(ana, { champion: a, bottom: b });
    await answer(ben, { champion: b, bottom: c });
    await answer(cat, { champion: a, bottom: c });
    await answer(dan, { champion: c });
    const predict = (who: FastUser, picks: [number, number, number][]) => predictScores(sys, who, picks);
    await predict(ana, [[fixtures.ab, 1, 0], [fixtures.ac, 1, 0], [fixtures.bc, 0, 0]]);
    await predict(ben, [[fixtures.ab, 1, 0], [fixtures.ac, 2, 0], [fixtures.bc, 2, 2]]);
    await predict(cat, [[fixtures.ab, 2, 1], [fixtures.ac, 0, 1], [fixtures.bc, 1, 0]]);
    // Answered and predicted: the matches now kick off in the past, as played ones do (an operator settles a question only after the lock).
    await season.moveEarlier(3);

    await result(fixtures.ab, 1, 0);
    await result(fixtures.ac, 2, 0);
    await sys.settle();
  }, 120_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await season?.deactivate();
    await sys?.close();
  });

  it('counts no bonus point while nothing is settled', async () => {
    expect((await table(globalId)).rows).toEqual([
      ['Ben', 1, 40, 0],
      ['Ana', 2, 30, 0],
      ['Cat', 3, 10, 0],
      ['Dan', 4, 0, 0],
    ]);
    expect((await table(privateId)).rows).toEqual([
      ['Ben', 1, 40, 0],
      ['Ana', 2, 30, 0],
      ['Cat', 3, 10, 0],
    ]);
  });

  it("adds an operator's champion to the right answerers' season totals, moving ranks in the global and the private league", async () => {
    await settleChampion([clubs.a]);
    await sys.settle();
    const season = [
      ['Ana', 1, 50, 20],
      ['Ben', 2, 40, 0],
      ['Cat', 3, 30, 20],
    ];
    expect((await table(globalId)).rows).toEqual([...season, ['Dan', 4, 0, 0]]);
    expect((await table(privateId)).rows).toEqual(season);
    // The stored standings (the leaderboard, ranks by the histogram) moved with them.
    expect(await leaderboard(globalId)).toEqual([...season, ['Dan', 4, 0, 0]]);
    expect(await leaderboard(privateId, cat)).toEqual(season);
    expect(await stored(privateId)).toEqual([
      ['Ana', 50, 20],
      ['Ben', 40, 0],
      ['Cat', 30, 20],
    ]);
    // A gameweek's table counts none.
    expect((await table(globalId, { period: 'gameweek', gameweek: 1 })).rows).toEqual([
      ['Ben', 1, 40, 0],
      ['Ana', 2, 30, 0],
      ['Cat', 3, 10, 0],
      ['Dan', 4, 0, 0],
    ]);
    // The bonus screen agrees.
    const { body } = await sys.http.get(`/api/seasons/${seasonId}/bonus/`).set(ana.auth).expect(200);
    expect(body.data.my_points).toBe(20);
  });

  it('keeps them in the live tables while a match is in play', async () => {
    await result(fixtures.bc, 0, 0, 'live');
    await sys.settle();
    // 0–0 in play: Ana's exact draw (30), Ben's draw (15), beside the champion's points.
    const expected = [
      ['Ana', 1, 80, 20],
      ['Ben', 2, 55, 0],
      ['Cat', 3, 30, 20],
    ];
    await waitFor('the live season table with the bonus points', async () => {
      const live = await table(privateId);
      return live.live && sameJson(live.rows, expected);
    });
    expect((await table(privateId, { period: 'gameweek', gameweek: 1 })).rows).toEqual([
      ['Ana', 1, 60, 0],
      ['Ben', 2, 55, 0],
      ['Cat', 3, 10, 0],
    ]);
  });

  it('takes them back on a correction and on a withdrawal, live and stored', async () => {
    await settleChampion([clubs.b]);
    await sys.settle();
    await waitFor('the corrected champion in the live table', async () =>
      sameJson((await table(globalId)).rows, [
        ['Ben', 1, 75, 20],
        ['Ana', 2, 60, 0],
        ['Cat', 3, 10, 0],
        ['Dan', 4, 0, 0],
      ]),
    );
    expect(await stored(globalId)).toEqual([
      ['Ben', 75, 20],
      ['Ana', 60, 0],
      ['Cat', 10, 0],
      ['Dan', 0, 0],
    ]);

    // Taken back: the results do not decide yet (a match is in play), so no one has bonus points.
    await sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).expect(200);
    await sys.settle();
    // (The live table answers from its base until the one loaded after the recompute replaces it.)
    await waitFor('no bonus point in the live table', async () =>
      sameJson((await table(globalId)).rows, [
        ['Ana', 1, 60, 0],
        ['Ben', 2, 55, 0],
        ['Cat', 3, 10, 0],
        ['Dan', 4, 0, 0],
      ]),
    );
    expect(await stored(globalId)).toEqual([
      ['Ana', 60, 0],
      ['Ben', 55, 0],
      ['Cat', 10, 0],
      ['Dan', 0, 0],
    ]);
  });

  it('lets the finished table settle the champion and the bottom team through the results', async () => {
    await result(fixtures.bc, 1, 0);
    await sys.settle();
    // Final picks: Ana 30, Ben 40, Cat 30 (the 1–0), Dan 0. Champion A: Ana, Cat; bottom C: Ben, Cat.
    const season = [
      ['Cat', 1, 70, 40],
      ['Ben', 2, 60, 20],
      ['Ana', 3, 50, 20],
    ];
    const seasonTable = await table(globalId);
    expect(seasonTable.live).toBe(false);
    expect(seasonTable.rows).toEqual([...season, ['Dan', 4, 0, 0]]);
    expect(await leaderboard(privateId)).toEqual(season);
    expect((await table(privateId, { period: 'gameweek', gameweek: 1 })).rows).toEqual([
      ['Ben', 1, 40, 0],
      ['Ana', 2, 30, 0],
      ['Cat', 2, 30, 0],
    ]);
  });

  it("counts a private league's own question in that league's season table only, and follows its correction", async () => {
    const base = `/api/leagues/${privateId}/questions/`;
    const locksAt = new Date(Date.now() + DAY).toISOString();
    const { body } = await sys.http.post(base).set(ana.auth).send({ text: 'Goals in the derby?', kind: 'number', points: 10, locks_at: locksAt }).expect(201);
    const questionId: number = body.data.id;
    await sys.http.put(`${base}${questionId}/answer/`).set(ben.auth).send({ answer: 3 }).expect(200);
    await sys.http.put(`${base}${questionId}/answer/`).set(cat.auth).send({ answer: 2 }).expect(200);
    await sys.db.query(`UPDATE league_questions SET locks_at = now() - interval '1 second' WHERE id = $1`, [questionId]);
    const global = [
      ['Cat', 1, 70, 40],
      ['Ben', 2, 60, 20],
      ['Ana', 3, 50, 20],
      ['Dan', 4, 0, 0],
    ];

    await sys.http.put(`${base}${questionId}/settle/`).set(ana.auth).send({ answer: 3 }).expect(200);
    await sys.settle();
    // Ben and Cat level on 70: Ben's two exact scores put him first.
    expect((await table(privateId)).rows).toEqual([
      ['Ben', 1, 70, 30],
      ['Cat', 2, 70, 40],
      ['Ana', 3, 50, 20],
    ]);
    expect(await leaderboard(privateId)).toEqual([
      ['Ben', 1, 70, 30],
      ['Cat', 2, 70, 40],
      ['Ana', 3, 50, 20],
    ]);
    expect((await table(globalId)).rows).toEqual(global);
    expect(await leaderboard(globalId)).toEqual(global);

    await sys.http.put(`${base}${questionId}/settle/`).set(ana.auth).send({ answer: 2 }).expect(200);
    await sys.settle();
    expect((await table(privateId)).rows).toEqual([
      ['Cat', 1, 80, 50],
      ['Ben', 2, 60, 20],
      ['Ana', 3, 50, 20],
    ]);
    expect((await table(privateId, { period: 'gameweek', gameweek: 1 })).rows.map(([, , , bonus]) => bonus)).toEqual([0, 0, 0]);
    expect((await table(globalId)).rows).toEqual(global);
  });

  it("leaves the reconciler nothing to repair: its check counts the bonus points as the tables do", async () => {
    const report = await sys.workers.get(ReconcilerService, { strict: false }).runPass({ graceSeconds: 0, waitForLock: true });
    expect(report.ran).toBe(true);
    expect(report.leagueIds.filter((id) => id === globalId || id === privateId)).toEqual([]);
  });

  it('writes nothing again when the results settle nothing new', async () => {
    const written = () => sys.db.query(`SELECT right_answers, written_at FROM bonus_point_bases WHERE season_id = $1`, [seasonId]);
    const points = () => sys.db.query(`SELECT user_id, points, updated_at FROM bonus_points WHERE season_id = $1 ORDER BY user_id`, [seasonId]);
    const [basis, before] = [await written(), await points()];
    expect(basis).toEqual([{ right_answers: { bottom: [String(clubs.c)], champion: [String(clubs.a)] }, written_at: expect.any(Date) }]);
    // What the standings worker runs on every scores.updated of the season.
    await sys.workers.get(BonusPointsService, { strict: false }).settleFromResults(seasonId);
    expect(await written()).toEqual(basis);
    expect(await points()).toEqual(before);
  });
});

/**
 * Migration 1766800000000 down and up on a database of its own: the stored rows lose their bonus
 * points (and the histogram of keys follows), the tables and columns go, and come back.
 */
describe('migration: bonus points', () => {
  const own = ownDatabase('bonus_points');
  let db: DataSource;
  const migration = new BonusPoints1766800000000();
  const run = (step: 'up' | 'down'): Promise<void> => runMigrationStep(db, migration, step);
  const tableExists = async (table: string): Promise<boolean> => (await db.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [table]))[0].found;
  const columnExists = async (table: string, column: string): Promise<boolean> =>
    (await db.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = $1 AND column_name = $2`, [table, column]))[0].n === 1;

  beforeAll(async () => {
    db = await own.open();
  }, 60_000);

  afterAll(() => own.drop(db));

  it('goes down leaving prediction points only in the stored tables, and up again', async () => {
    await db.query(`INSERT INTO competitions (code, name) VALUES ('bp.mig', 'Migration Cup') ON CONFLICT (code) DO NOTHING`);
    const [{ id: seasonId }] = await db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Migration Cup 2099', '2099', 'bp.mig', true) RETURNING id`);
    const [{ id: userId }] = await db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash) VALUES ('bp_mig', 'bp_mig@example.com', 'Mig', 'Ration', 'x') RETURNING id`,
    );
    const [{ id: leagueId }] = await db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Migration', '', 'private', $1, 'bp.mig') RETURNING id`,
      [userId],
    );
    await db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'owner')`, [leagueId, userId]);
    await db.query(`INSERT INTO league_standings (league_id, user_id, total_points, exact, correct, bonus_points) VALUES ($1, $2, 50, 1, 2, 20)`, [leagueId, userId]);
    await db.query(`INSERT INTO league_key_counts (league_id, points, exact, correct, n) VALUES ($1, 50, 1, 2, 1)`, [leagueId]);
    await db.query(`INSERT INTO bonus_points (season_id, user_id, points) VALUES ($1, $2, 20)`, [seasonId, userId]);

    await run('down');
    expect(await db.query(`SELECT total_points FROM league_standings WHERE league_id = $1`, [leagueId])).toEqual([{ total_points: 30 }]);
    expect(await db.query(`SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1`, [leagueId])).toEqual([{ points: 30, exact: 1, correct: 2, n: 1 }]);
    for (const table of ['bonus_points', 'bonus_point_bases', 'league_question_points']) expect(await tableExists(table)).toBe(false);
    expect(await columnExists('league_standings', 'bonus_points')).toBe(false);
    expect(await columnExists('league_questions', 'season_id')).toBe(false);

    // A question asked before the migration counts in its league's season after it.
    const [{ id: questionId }] = await db.query(
      `INSERT INTO league_questions (league_id, text, kind, points, locks_at) VALUES ($1, 'Q?', 'text', 10, now() + interval '1 day') RETURNING id`,
      [leagueId],
    );
    await run('up');
    for (const table of ['bonus_points', 'bonus_point_bases', 'league_question_points']) expect(await tableExists(table)).toBe(true);
    expect(await db.query(`SELECT bonus_points FROM league_standings WHERE league_id = $1`, [leagueId])).toEqual([{ bonus_points: 0 }]);
    expect(await db.query(`SELECT season_id FROM league_questions WHERE id = $1`, [questionId])).toEqual([{ season_id: seasonId }]);
  });
});
