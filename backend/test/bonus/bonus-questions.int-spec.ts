import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import { bearer, grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const WORLD_CUP = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'openfootball', '2026', 'worldcup.json');
const DAY = 24 * 3600 * 1000;

/**
 * A competition's bonus questions over HTTP on the real system: a league season of four clubs
 * (written in SQL, its first kick-off to come), answered, checked field by field, locked at the
 * first kick-off, settled by the finished table and by an operator, corrected and taken back;
 * and the real World Cup 2026, whose champion its final decides (Spain, after extra time).
 */
describe('bonus questions', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let rival: FastUser;
  let seasonId: number;
  let clubs: number[];
  let fixtures: number[];

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, fan, rival] = await insertVerifiedUsers(sys, 3, 'bonus');
    await grantAdminRole(sys, admin.id);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    const tag = Date.now().toString(36);
    const code = `bl${tag}`.slice(0, 16);
    await sys.db.query(`INSERT INTO competitions (code, name) VALUES ($1, 'Bonus League') ON CONFLICT (code) DO NOTHING`, [code]);
    [{ id: seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2097/98', $2, false) RETURNING id`,
      [`Bonus League ${tag}`, code],
    );
    clubs = (
      await sys.db.query(
        `INSERT INTO clubs (name, short_name) SELECT 'Bonus Club ' || $1 || ' ' || i, 'BC' || i FROM generate_series(1, 4) AS i ORDER BY i RETURNING id`,
        [tag],
      )
    ).map((r: { id: number }) => r.id);
    const start = new Date(Date.now() + 2 * DAY);
    const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, $2, $2) RETURNING id`,
      [seasonId, start],
    );
    // Every pair once: 1 beats all, 2 beats 3 and 4, 3 beats 4.
    const pairs = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
    fixtures = [];
    for (const [i, [h, a]] of pairs.entries()) {
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [seasonId, gameweekId, `b${i}`, clubs[h], clubs[a], new Date(start.getTime() + i * 3600_000)],
      );
      fixtures.push(id);
    }
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
  });

  const get = (user: FastUser, id: number | string = seasonId) => sys.http.get(`/api/seasons/${id}/bonus/`).set(bearer(user.token));
  const put = (user: FastUser, answers: unknown, id: number | string = seasonId) =>
    sys.http.put(`/api/seasons/${id}/bonus/`).set(bearer(user.token)).send({ answers });
  const settle = (question: string, right_answers: unknown, user = admin) =>
    sys.http.put(`/api/admin/seasons/${seasonId}/bonus/${question}`).set(bearer(user.token)).send({ right_answers });
  const points = async (user: FastUser) => {
    const { body } = await get(user).expect(200);
    const data = body.data as SeasonBonus;
    return { total: data.my_points, ...Object.fromEntries(data.questions.map((q) => [q.key, q.my_points])) };
  };

  it("asks a league's three questions until its first kick-off, and keeps each fan's answers to themselves", async () => {
    const { body } = await get(fan).expect(200);
    const data = body.data as SeasonBonus;
    expect(data).toMatchObject({ season_id: seasonId, open: true, revealed: false, my_points: 0 });
    expect(data.questions.map((q) => [q.key, q.answer, q.points, q.my_answer, q.right_answers])).toEqual([
      ['champion', 'team', 20, null, null],
      ['top_scorer', 'player_name', 20, null, null],
      ['bottom', 'team', 20, null, null],
    ]);
    expect(data.teams.map((t) => t.id).sort((a, b) => a - b)).toEqual([...clubs].sort((a, b) => a - b));

    const saved = await put(fan, { champion: clubs[0], top_scorer: '  Kylian  MBAPPÉ ', bottom: clubs[2] }).expect(200);
    expect((saved.body.data as SeasonBonus).questions.map((q) => q.my_answer)).toEqual([clubs[0], 'Kylian  MBAPPÉ', clubs[2]]);
    // Changed, and cleared, one at a time; the others keep theirs.
    await put(fan, { bottom: clubs[3] }).expect(200);
    await put(rival, { champion: clubs[1], top_scorer: 'Someone Else' }).expect(200);
    await put(rival, { top_scorer: null }).expect(200);
    expect((await get(fan).expect(200)).body.data.questions.map((q: { my_answer: unknown }) => q.my_answer)).toEqual([clubs[0], 'Kylian  MBAPPÉ', clubs[3]]);
    expect((await get(rival).expect(200)).body.data.questions.map((q: { my_answer: unknown }) => q.my_answer)).toEqual([clubs[1], null, null]);

    // Not settled before the lock: its points in the tables would tell who answered what.
    const early = await settle('champion', [clubs[0]]).expect(409);
    expect(early.body.message).toBe('A bonus question is settled once its answers have locked, at the first kick-off.');
    expect(await sys.db.query(`SELECT question FROM bonus_settlements WHERE season_id = $1`, [seasonId])).toEqual([]);
  });

  it("answers for the active season at /api/bonus/current/, and 404 while none is active", async () => {
    const previous: { id: number }[] = await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`);
    try {
      await sys.http.get('/api/bonus/current/').set(bearer(fan.token)).expect(404);
      await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [seasonId]);
      const { body } = await sys.http.get('/api/bonus/current/').set(bearer(fan.token)).expect(200);
      expect(body.data).toMatchObject({ season_id: seasonId, open: true });
      const saved = await sys.http.put('/api/bonus/current/').set(bearer(rival.token)).send({ answers: { bottom: clubs[3] } }).expect(200);
      expect(saved.body.data.questions[2].my_answer).toBe(clubs[3]);
      await sys.http.put('/api/bonus/current/').set(bearer(rival.token)).send({ answers: { bottom: 'x' } }).expect(400);
    } finally {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
      if (previous.length > 0) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [previous[0].id]);
    }
  });

  it('refuses answers that cannot be, naming each field, and writes nothing of them', async () => {
    const before = await sys.db.query(`SELECT * FROM bonus_answers WHERE season_id = $1 ORDER BY user_id, question`, [seasonId]);
    const bad = await put(fan, { champion: 999999, top_scorer: 'x'.repeat(101), bottom: String(clubs[1]) }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['answers.bottom', 'answers.champion', 'answers.top_scorer']);
    expect((await put(fan, { top_scorer: 'Nul\u0000Name' }).expect(400)).body.errors['answers.top_scorer']).toHaveLength(1);
    expect((await put(fan, { penalties: 3 }).expect(400)).body.errors['answers.penalties']).toHaveLength(1);
    expect((await put(fan, {}).expect(400)).body.errors.answers).toHaveLength(1);
    expect((await put(fan, 'Arsenal').expect(400)).body.errors.answers).toHaveLength(1);
    expect((await put(fan, [clubs[0]]).expect(400)).body.errors.answers).toHaveLength(1);
    await put(fan, { champion: clubs[0] }, 2147483647).expect(404);
    await put(fan, { champion: clubs[0] }, 'abc').expect(404);
    await get(fan, 0).expect(404);
    await sys.http.get(`/api/seasons/${seasonId}/bonus/`).expect(401);
    expect(await sys.db.query(`SELECT * FROM bonus_answers WHERE season_id = $1 ORDER BY user_id, question`, [seasonId])).toEqual(before);
  });

  it('ends two identical saves at the same instant in one answer', async () => {
    const [a, b] = await Promise.all([put(rival, { bottom: clubs[2] }), put(rival, { bottom: clubs[2] })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await sys.db.query(`SELECT team_id FROM bonus_answers WHERE season_id = $1 AND user_id = $2 AND question = 'bottom'`, [seasonId, rival.id]);
    expect(rows).toEqual([{ team_id: clubs[2] }]);
  });

  it('locks at the first kick-off (409 after it), and reveals from then on', async () => {
    await sys.db.query(`UPDATE fixtures SET kickoff_at = kickoff_at - interval '3 days' WHERE season_id = $1`, [seasonId]);
    const locked = await put(fan, { champion: clubs[1] }).expect(409);
    expect(locked.body.message).toMatch(/closed at the first kick-off/);
    const { body } = await get(fan).expect(200);
    expect(body.data).toMatchObject({ open: false, revealed: true });
    expect(body.data.questions[0].my_answer).toBe(clubs[0]);
  });

  it('settles the champion and the bottom team from the finished table, and the top scorer by an operator ignoring case and accents', async () => {
    expect(await points(fan)).toEqual({ total: 0, champion: null, top_scorer: null, bottom: null });
    // All but one match finished: the table does not decide yet.
    const scores = [[2, 0], [3, 1], [1, 0], [2, 1], [4, 0], [1, 0]];
    for (const [i, id] of fixtures.entries()) {
      if (i === 5) continue;
      await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = $2, away_score = $3 WHERE id = $1`, [id, ...scores[i]]);
    }
    expect(await points(fan)).toEqual({ total: 0, champion: null, top_scorer: null, bottom: null });
    await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = 1, away_score = 0 WHERE id = $1`, [fixtures[5]]);
    // Club 1 champion (the fan's pick), club 4 bottom (the fan's pick; the rival said club 3).
    expect(await points(fan)).toEqual({ total: 40, champion: 20, top_scorer: null, bottom: 20 });
    expect(await points(rival)).toEqual({ total: 0, champion: 0, top_scorer: null, bottom: 0 });

    await settle('top_scorer', ['kylian mbappe']).expect(200);
    expect(await points(fan)).toEqual({ total: 60, champion: 20, top_scorer: 20, bottom: 20 });
    const { body } = await get(fan).expect(200);
    expect(body.data.questions.map((q: { settled_by: string }) => q.settled_by)).toEqual(['results', 'operator', 'results']);

    // A correction by the operator wins over the results; taking it back returns to them.
    await settle('champion', [clubs[1]]).expect(200);
    expect(await points(fan)).toMatchObject({ total: 40, champion: 0 });
    expect(await points(rival)).toMatchObject({ total: 20, champion: 20 });
    await sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/champion`).set(bearer(admin.token)).expect(200);
    expect(await points(fan)).toMatchObject({ total: 60, champion: 20 });
    await sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/champion`).set(bearer(admin.token)).expect(404);
  });

  it("refuses a settlement that cannot be, and anyone's but an operator's", async () => {
    await settle('champion', [clubs[0]], fan).expect(404);
    expect((await settle('champion', [999999]).expect(400)).body.errors.right_answers).toHaveLength(1);
    expect((await settle('champion', []).expect(400)).body.errors.right_answers).toHaveLength(1);
    expect((await settle('champion', 'Arsenal').expect(400)).body.errors.right_answers).toHaveLength(1);
    expect((await settle('top_scorer', ['A', 'A']).expect(400)).body.errors.right_answers).toEqual(['Two right answers are the same.']);
    await settle('penalties', [clubs[0]]).expect(404);
    const settled = await sys.db.query(`SELECT question, right_answers FROM bonus_settlements WHERE season_id = $1`, [seasonId]);
    expect(settled).toEqual([{ question: 'top_scorer', right_answers: ['kylian mbappe'] }]);
  });

  it("asks the World Cup its champion and top scorer, and lets its final (Spain, after extra time) settle the champion", async () => {
    const season = JSON.parse(readFileSync(WORLD_CUP, 'utf8'));
    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season, activate: false }).expect(201);
    const [{ id }]: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE league_code = 'fifa.wc' AND label = '2026'`);
    const { body } = await get(fan, id).expect(200);
    const data = body.data as SeasonBonus;
    expect(data.questions.map((q) => q.key)).toEqual(['champion', 'top_scorer']);
    expect(data).toMatchObject({ open: false, revealed: true, locks_at: '2026-06-11T19:00:00.000Z' });
    const spain = data.teams.find((t) => t.name === 'Spain')!;
    expect(data.questions[0]).toMatchObject({ right_answers: [spain.id], settled_by: 'results', my_points: 0 });
    expect(data.teams).toHaveLength(48);
  });
});
