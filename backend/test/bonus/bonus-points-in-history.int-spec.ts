import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { RankHistoryBonus1767700000000 } from '@scoreline/backend/platform/database/migrations/1767700000000-rank-history-bonus';
import type { HeadToHeadResponse, RankHistory } from '@scoreline/contracts/api/compare';
import type { LeagueTableResponse } from '@scoreline/contracts/api/tables';
import { insertClubSeason, type ClubSeason, type TestRound } from '../support/competitions';
import { grantAdminRole, insertVerifiedUsers, predictScores, recordResult, type FastUser } from '../support/game-factories';
import { ownDatabase, runMigrationStep } from '../support/own-database';
import { startTestSystem, type TestSystem } from '../support/test-system';

const DAY = 24 * 3600 * 1000;

/**
 * Settled bonus points in rank over time and head to head, as the season tables count them, on
 * the real system (API, workers, Postgres, Redis): a league season of its own competition with
 * three clubs and three rounds (the third not played, so the results settle nothing), three
 * fans in the competition's global league and in a private league.
 *
 *   picks      round 1: A–B (1–0, later corrected to 2–0)   round 2: A–C (2–0)   champion
 *   Ana        1–0 (20; 10 after the correction)            0–2 (0)              A
 *   Ben        2–0 (10; 20 after the correction)            2–0 (20)             B
 *   Cat        0–1 (0)                                      1–0 (10)             A
 *
 * The rule: a fan's season total is their round points and their settled bonus points, in the
 * season table, in the rank history's latest completed round and in head to head alike; an
 * earlier round keeps the bonus points it counted while it was the latest.
 */
describe('bonus points in rank history and head to head', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let ana: FastUser, ben: FastUser, cat: FastUser;
  let season: ClubSeason;
  let seasonId: number;
  let globalId: number;
  let privateId: number;
  let clubs: { a: number; b: number; c: number };
  let fixtures: { ab: number; ac: number; bc: number };
  let rounds: TestRound[];

  const name = (fullName: string) => fullName.split(' ')[0];
  const fans = () => [ana, ben, cat];
  const result = (fixture: number, home: number, away: number) => recordResult(sys, admin, fixture, home, away);
  const predict = (who: FastUser, picks: [number, number, number][]) => predictScores(sys, who, picks);
  /** A round's picks are made while it is the open one; then it kicks off in the past, as a played one does. */
  const kickOff = (round: TestRound) => season.moveEarlier(5, round);
  const settleChampion = (rightAnswers: number[]) =>
    sys.http.put(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).send({ right_answers: rightAnswers }).expect(200);

  /** A league's season table: name → [rank, points, bonus points]. */
  const table = async (leagueId: number) => {
    const { body } = await sys.http.get(`/api/leagues/${leagueId}/table/`).query({ period: 'season' }).set(ana.auth).expect(200);
    return Object.fromEntries((body.data as LeagueTableResponse).rows.map((r) => [name(r.full_name), [r.rank, r.points, r.bonus_points]]));
  };
  /** Each fan's stored rank and points at round `number` of a league's rank history (Ana looking): name → [rank, points]. */
  const historyAt = async (leagueId: number, number: number) => {
    const at: Record<string, [number, number]> = {};
    for (const fan of fans()) {
      const { body } = await sys.http.get(`/api/leagues/${leagueId}/rank-history/${fan.id}/`).set(ana.auth).expect(200);
      const point = (body.data as RankHistory).history.find((p) => p.gameweek_number === number);
      if (point) at[fan.first_name] = [point.rank, point.points];
    }
    return at;
  };
  /** The rounds each fan's rank history holds, by name. */
  const historyRounds = async (leagueId: number) => {
    const rounds: Record<string, number[]> = {};
    for (const fan of fans()) {
      const { body } = await sys.http.get(`/api/leagues/${leagueId}/rank-history/${fan.id}/`).set(ana.auth).expect(200);
      rounds[fan.first_name] = (body.data as RankHistory).history.map((p) => p.gameweek_number);
    }
    return rounds;
  };
  /** Head to head from Ana's side against each other fan: name → [rank, total points, bonus points], both sides. */
  const headToHead = async (leagueId: number) => {
    const seen: Record<string, [number | null, number, number]> = {};
    for (const other of [ben, cat]) {
      const { body } = await sys.http.get(`/api/leagues/${leagueId}/head-to-head/${other.id}/`).set(ana.auth).expect(200);
      const data = body.data as HeadToHeadResponse;
      for (const player of [data.me, data.them]) seen[name(player.name)] = [player.rank, player.total_points, player.bonus_points];
    }
    return seen;
  };

  /**
   * The season table, the rank history's latest completed round and head to head say the same of
   * every fan: their rank and season total (the table's bonus points inside it).
   */
  async function expectAgreement(leagueId: number, latestRound: number, expected: Record<string, [number, number, number]>) {
    expect(await table(leagueId)).toEqual(expected);
    const fromTable = (pick: (row: [number, number, number]) => unknown) => Object.fromEntries(Object.entries(expected).map(([k, row]) => [k, pick(row)]));
    expect(await historyAt(leagueId, latestRound)).toEqual(fromTable(([rank, points]) => [rank, points]));
    expect(await headToHead(leagueId)).toEqual(fromTable((row) => row));
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    [admin] = await insertVerifiedUsers(sys, 1, 'bhadmin', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    const players: FastUser[] = [];
    for (const first of ['Ana', 'Ben', 'Cat']) players.push((await insertVerifiedUsers(sys, 1, 'bh', { first, last: 'History', onboarded: true }))[0]);
    [ana, ben, cat] = players;

    season = await insertClubSeason(sys.db, { prefix: 'bh', name: 'Bonus History League', label: '2097/98' });
    ({ seasonId, clubs } = season);
    const { a, b, c } = clubs;
    const start = Date.now() + 2 * DAY;
    rounds = [await season.round(1, new Date(start)), await season.round(2, new Date(start + DAY)), await season.round(3, new Date(start + 2 * DAY))];
    fixtures = { ab: await season.fixture('ab', rounds[0], a, b), ac: await season.fixture('ac', rounds[1], a, c), bc: await season.fixture('bc', rounds[2], b, c) };
    globalId = await season.league('global', 'History Global', [ana.id, ben.id, cat.id]);
    privateId = await season.league('private', 'History Friends', [ana.id, ben.id, cat.id]);

    const answer = (who: FastUser, champion: number) => sys.http.put(`/api/seasons/${seasonId}/bonus/`).set(who.auth).send({ answers: { champion } }).expect(200);
    await answer(ana, a);
    await answer(ben, b);
    await answer(cat, a);
    await predict(ana, [[fixtures.ab, 1, 0]]);
    await predict(ben, [[fixtures.ab, 2, 0]]);
    await predict(cat, [[fixtures.ab, 0, 1]]);
    // Round 1 kicks off (the answers lock with it: an operator settles only after that).
    await kickOff(rounds[0]);
    await result(fixtures.ab, 1, 0);
    await sys.settle();
  }, 120_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await season?.deactivate();
    await sys?.close();
  });

  it('agrees before anything is settled: round points only', async () => {
    await expectAgreement(globalId, 1, { Ana: [1, 20, 0], Ben: [2, 10, 0], Cat: [3, 0, 0] });
  });

  it("counts an operator's settlement in the table, the latest round's rank history and head to head alike", async () => {
    await settleChampion([clubs.a]);
    await sys.settle();
    // Champion A: Ana and Cat +20. Cat (20) passes Ben (10).
    const season = { Ana: [1, 40, 20], Cat: [2, 20, 20], Ben: [3, 10, 0] } as Record<string, [number, number, number]>;
    await expectAgreement(globalId, 1, season);
    await expectAgreement(privateId, 1, season);
  });

  it('counts them in the next round too, and the round before keeps what it counted', async () => {
    await predict(ana, [[fixtures.ac, 0, 2]]);
    await predict(ben, [[fixtures.ac, 2, 0]]);
    await predict(cat, [[fixtures.ac, 1, 0]]);
    await kickOff(rounds[1]);
    await result(fixtures.ac, 2, 0);
    await sys.settle();
    // Round 2: Ben 20, Cat 10. Ben and Cat level on 30: Ben's exact score puts him ahead.
    await expectAgreement(globalId, 2, { Ana: [1, 40, 20], Ben: [2, 30, 0], Cat: [3, 30, 20] });
    expect(await historyAt(globalId, 1)).toEqual({ Ana: [1, 40], Cat: [2, 20], Ben: [3, 10] });
    expect(await historyRounds(globalId)).toEqual({ Ana: [1, 2], Ben: [1, 2], Cat: [1, 2] });
  });

  it("keeps an earlier round's bonus points when a corrected result rewrites it", async () => {
    await result(fixtures.ab, 2, 0);
    await sys.settle();
    // Round 1 corrected: Ana's 1–0 now a correct result (10), Ben's 2–0 exact (20).
    expect(await historyAt(globalId, 1)).toEqual({ Ana: [1, 30], Ben: [2, 20], Cat: [3, 20] });
    // Ana and Cat level on points, exact scores and correct results: they share second place.
    await expectAgreement(globalId, 2, { Ben: [1, 40, 0], Ana: [2, 30, 20], Cat: [2, 30, 20] });
  });

  it("counts a private league's own question in that league's latest round only", async () => {
    const base = `/api/leagues/${privateId}/questions/`;
    const { body } = await sys.http
      .post(base)
      .set(ana.auth)
      .send({ text: 'Goals in the last round?', kind: 'number', points: 10, locks_at: new Date(Date.now() + DAY).toISOString() })
      .expect(201);
    const questionId: number = body.data.id;
    await sys.http.put(`${base}${questionId}/answer/`).set(cat.auth).send({ answer: 2 }).expect(200);
    await sys.db.query(`UPDATE league_questions SET locks_at = now() - interval '1 second' WHERE id = $1`, [questionId]);
    await sys.http.put(`${base}${questionId}/settle/`).set(ana.auth).send({ answer: 2 }).expect(200);
    await sys.settle();

    // Cat and Ben level on 40: Ben's two exact scores put him ahead.
    await expectAgreement(privateId, 2, { Ben: [1, 40, 0], Cat: [2, 40, 30], Ana: [3, 30, 20] });
    expect(await historyAt(privateId, 1)).toEqual({ Ana: [1, 30], Ben: [2, 20], Cat: [3, 20] });
    // The global league counts none of it.
    await expectAgreement(globalId, 2, { Ben: [1, 40, 0], Ana: [2, 30, 20], Cat: [2, 30, 20] });
  });

  it("follows a correction of the operator's settlement in the latest round", async () => {
    await settleChampion([clubs.b]);
    await sys.settle();
    await expectAgreement(globalId, 2, { Ben: [1, 60, 20], Ana: [2, 10, 0], Cat: [2, 10, 0] });
    // Round 1 is as it was.
    expect(await historyAt(globalId, 1)).toEqual({ Ana: [1, 30], Ben: [2, 20], Cat: [3, 20] });
  });
});

/** Migration 1767700000000 down and up on a database of its own: the column goes and comes back, and holds one part per member. */
describe('migration: bonus points in rank history', () => {
  const own = ownDatabase('rank_history_bonus');
  let db: DataSource;
  const migration = new RankHistoryBonus1767700000000();
  const hasColumn = async (): Promise<boolean> =>
    (await db.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'league_rank_history' AND column_name = 'bonus'`))[0].n === 1;

  beforeAll(async () => {
    db = await own.open();
  }, 60_000);

  afterAll(() => own.drop(db));

  it('goes down keeping the stored ranks and points, and up again', async () => {
    await db.query(`INSERT INTO competitions (code, name) VALUES ('bh.mig', 'Migration Cup') ON CONFLICT (code) DO NOTHING`);
    const [{ id: seasonId }] = await db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Migration Cup 2098', '2098', 'bh.mig', true) RETURNING id`);
    const [{ id: gameweekId }] = await db.query(`INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now(), now()) RETURNING id`, [seasonId]);
    const [{ id: leagueId }] = await db.query(`INSERT INTO leagues (name, description, type, competition_code) VALUES ('Migration', '', 'global', 'bh.mig') RETURNING id`);
    const row = (bonus: number[] | null) =>
      db.query(
        `INSERT INTO league_rank_history (league_id, user_bucket, gameweek_id, user_ids, ranks, points, bonus) VALUES ($1, 0, $2, '{1,2}', '{1,2}', '{40,10}', $3)
         ON CONFLICT (league_id, user_bucket, gameweek_id) DO UPDATE SET bonus = EXCLUDED.bonus`,
        [leagueId, gameweekId, bonus],
      );
    await row([20, 0]);
    // One part per member, or none.
    await expect(row([20])).rejects.toThrow(/league_rank_history_bonus_check/);

    await runMigrationStep(db, migration, 'down');
    expect(await hasColumn()).toBe(false);
    expect(await db.query(`SELECT ranks, points FROM league_rank_history WHERE league_id = $1`, [leagueId])).toEqual([{ ranks: [1, 2], points: [40, 10] }]);
    await runMigrationStep(db, migration, 'up');
    expect(await hasColumn()).toBe(true);
    expect(await db.query(`SELECT bonus FROM league_rank_history WHERE league_id = $1`, [leagueId])).toEqual([{ bonus: null }]);
  });
});
