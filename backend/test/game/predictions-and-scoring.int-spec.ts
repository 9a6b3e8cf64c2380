import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { Fixture, GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import type { DashboardData, GameweekResults, GameweeksHistory } from '@scoreline/contracts/api/stats';
import { accuracyPercent, scorePrediction, type PredictionOutcome } from '@scoreline/contracts/game/scoring';
import { ScoringService } from '@scoreline/backend/scoring/scoring.service';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, seededRandom, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The game end to end on the real system: a slice of a real season (Premier League 2024/25,
 * matchdays 1–4, re-labelled 2094/95) imported shifted so that matchday 2 is the open gameweek, 50 players predicting
 * with bankers, results recorded through the admin API and scored by the worker; every point and
 * total is checked against an independent recomputation with scorePrediction.
 */

const SOURCE = '2024-25/en.1.json';
const ROUNDS = [1, 2, 3, 4];
const PLAYERS = 50;

interface Sent {
  userId: number;
  fixtureId: number;
  home: number;
  away: number;
  banker: boolean;
}

/** What each fixture ended as, in the test's own bookkeeping. */
type FixtureState = { status: 'scheduled' } | { status: 'live' | 'finished'; home: number; away: number } | { status: 'postponed' };

interface Totals {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  provisional: boolean;
}

// Suites share one database: the slice is re-labelled so that a suite importing the real
// 2024/25 season (same league and label, hence the same season) never shares its fixtures.
const slice = seasonSlice(SOURCE, ROUNDS, 'English Premier League 2094/95');

describe('predictions and scoring on a real season slice', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let players: { id: number; token: string; username: string }[];
  let gameweeks: GameweekSummary[];
  /** fixture id → gameweek number, real full-time score and teams. */
  const fixtureInfo = new Map<number, { gameweek: number; gameweekId: number; home: string; away: string; ft: [number, number] }>();
  const fixtureState = new Map<number, FixtureState>();
  /** Latest accepted prediction per (user, fixture). */
  const sent = new Map<string, Sent>();
  const rnd = seededRandom(20240816);

  const key = (userId: number, fixtureId: number) => `${userId}:${fixtureId}`;
  const fixturesOf = (n: number) => [...fixtureInfo].filter(([, f]) => f.gameweek === n).map(([id]) => id).sort((a, b) => a - b);

  function expectedPrediction(p: Sent): { points: number | null; outcome: PredictionOutcome | null; is_final: boolean } {
    const state = fixtureState.get(p.fixtureId) ?? { status: 'scheduled' };
    if (state.status === 'scheduled') return { points: null, outcome: null, is_final: false };
    if (state.status === 'postponed') return { ...scorePrediction({ predictedHome: p.home, predictedAway: p.away, actualHome: null, actualAway: null, isBanker: p.banker, isVoid: true }), is_final: true };
    const r = scorePrediction({ predictedHome: p.home, predictedAway: p.away, actualHome: state.home, actualAway: state.away, isBanker: p.banker });
    return { ...r, is_final: state.status === 'finished' };
  }

  function expectedTotals(userId: number, gameweekNumber?: number): Totals {
    const t: Totals = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, provisional: false };
    for (const p of sent.values()) {
      if (p.userId !== userId) continue;
      if (gameweekNumber !== undefined && fixtureInfo.get(p.fixtureId)?.gameweek !== gameweekNumber) continue;
      const e = expectedPrediction(p);
      t.predictions += 1;
      t.points += e.points ?? 0;
      if (e.outcome === 'exact' || e.outcome === 'correct' || e.outcome === 'wrong') {
        t.scored += 1;
        if (!e.is_final) t.provisional = true;
      }
      if (e.outcome === 'exact' || e.outcome === 'correct') t.correct += 1;
      if (e.outcome === 'exact') t.exact += 1;
    }
    return t;
  }

  function save(token: string, predictions: PredictionInput[]) {
    return sys.http.post('/api/predictions/').set(bearer(token)).send({ predictions });
  }

  /** Random predictions for a whole gameweek, banker on one fixture (none for every 7th player). */
  async function predictGameweek(n: number): Promise<void> {
    const ids = fixturesOf(n);
    await Promise.all(
      players.map(async (player, i) => {
        const bankerIndex = i % 7 === 6 ? -1 : Math.floor(rnd() * ids.length);
        const predictions = ids.map((fixture, j) => ({ fixture, home_score: Math.floor(rnd() * 4), away_score: Math.floor(rnd() * 3), is_banker: j === bankerIndex }));
        const res = await save(player.token, predictions);
        expect(res.status).toBe(200);
        for (const p of predictions) sent.set(key(player.id, p.fixture), { userId: player.id, fixtureId: p.fixture, home: p.home_score, away: p.away_score, banker: p.is_banker });
      }),
    );
  }

  function recordResult(fixtureId: number, body: Record<string, unknown>) {
    return sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(bearer(admin.token)).send(body);
  }

  /** Record every real full-time score of a gameweek (postponing the ones listed), then settle. */
  async function finishGameweek(n: number, postpone: number[] = []): Promise<void> {
    for (const id of fixturesOf(n)) {
      if (postpone.includes(id)) {
        await sys.http.post(`/api/admin/fixtures/${id}/postpone`).set(bearer(admin.token)).expect(200);
        fixtureState.set(id, { status: 'postponed' });
      } else {
        const [home, away] = fixtureInfo.get(id)!.ft;
        await recordResult(id, { home_score: home, away_score: away, status: 'finished' }).expect(200);
        fixtureState.set(id, { status: 'finished', home, away });
      }
    }
    await sys.settle();
  }

  /** Every prediction row and both totals tables against the recomputation. */
  async function expectScoresMatchRecomputation(): Promise<void> {
    const userIds = players.map((p) => p.id);
    const rows: { user_id: number; fixture_id: number; home_score: number; away_score: number; is_banker: boolean; points: number | null; outcome: PredictionOutcome | null; is_final: boolean }[] =
      await sys.db.query(`SELECT user_id, fixture_id, home_score, away_score, is_banker, points, outcome, is_final FROM predictions WHERE user_id = ANY($1)`, [userIds]);
    expect(rows).toHaveLength(sent.size);
    for (const row of rows) {
      const p = sent.get(key(row.user_id, row.fixture_id))!;
      expect({ user: row.user_id, fixture: row.fixture_id, home: row.home_score, away: row.away_score, banker: row.is_banker, points: row.points, outcome: row.outcome, is_final: row.is_final }).toEqual({
        user: p.userId,
        fixture: p.fixtureId,
        home: p.home,
        away: p.away,
        banker: p.banker,
        ...expectedPrediction(p),
      });
    }
    const gwRows: (Totals & { user_id: number; number: number })[] = await sys.db.query(
      `SELECT t.user_id, g.number, t.points, t.predictions, t.scored, t.correct, t.exact, t.provisional
       FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id WHERE t.user_id = ANY($1)`,
      [userIds],
    );
    const predictedGameweeks = new Set([...sent.values()].map((p) => `${p.userId}:${fixtureInfo.get(p.fixtureId)!.gameweek}`));
    expect(gwRows).toHaveLength(predictedGameweeks.size);
    for (const { user_id, number, ...totals } of gwRows) expect({ user_id, number, ...totals }).toEqual({ user_id, number, ...expectedTotals(user_id, number) });
    const seasonRows: (Totals & { user_id: number })[] = await sys.db.query(
      `SELECT user_id, points, predictions, scored, correct, exact, provisional FROM user_season_totals WHERE user_id = ANY($1)`,
      [userIds],
    );
    expect(seasonRows).toHaveLength(new Set([...sent.values()].map((p) => p.userId)).size);
    for (const { user_id, ...totals } of seasonRows) expect({ user_id, ...totals }).toEqual({ user_id, ...expectedTotals(user_id) });
  }

  async function totalsSnapshot(): Promise<unknown[]> {
    return sys.db.query(
      `SELECT 'gw' AS kind, user_id, gameweek_id AS ref, points, predictions, scored, correct, exact, live_scored FROM user_gameweek_totals
       UNION ALL
       SELECT 'season', user_id, season_id, points, predictions, scored, correct, exact, live_scored FROM user_season_totals
       ORDER BY 1, 2, 3`,
    );
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'gameadmin');
    await grantAdminRole(sys, admin.id);
    // One player through the real sign-up, the rest inserted directly.
    const real = await createVerifiedUser(sys);
    const fast = await insertVerifiedUsers(sys, PLAYERS - 1);
    players = [{ id: real.id, token: real.token, username: real.username }, ...fast];

    const res = await sys.http
      .post('/api/admin/seasons/import')
      .set(bearer(admin.token))
      .send({ season: slice, shift_to_now: true })
      .expect(201);
    expect(res.body.data).toMatchObject({ gameweeks: 4, fixtures: { total: 40 }, season: { league_code: 'en.1', label: '2094/95', is_active: true } });

    const list = await sys.http.get('/api/admin/fixtures/').set(bearer(admin.token)).expect(200);
    const byTeams = new Map(slice.matches.map((m) => [`${m.team1}|${m.team2}`, m]));
    const listed: AdminFixture[] = list.body.data;
    expect(listed).toHaveLength(40);
    for (const f of listed) {
      const m = byTeams.get(`${f.home_team}|${f.away_team}`)!;
      fixtureInfo.set(f.id, { gameweek: f.gameweek, gameweekId: f.gameweek_id, home: f.home_team, away: f.away_team, ft: m.score!.ft! });
      fixtureState.set(f.id, f.status === 'finished' ? { status: 'finished', home: f.home_score!, away: f.away_score! } : { status: 'scheduled' });
    }
  });

  afterAll(async () => {
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('derives gameweek statuses and deadlines from the shifted season', async () => {
    const res = await sys.http.get('/api/seasons/gameweeks/').set(bearer(players[0].token)).expect(200);
    gameweeks = res.body.data;
    expect(gameweeks.map((g) => [g.number, g.status, g.is_open])).toEqual([
      [1, 'completed', false],
      [2, 'current', true],
      [3, 'upcoming', false],
      [4, 'upcoming', false],
    ]);
    // Matchday 1 keeps its real results; later ones are in the future and not played yet.
    expect(fixturesOf(1).every((id) => fixtureState.get(id)!.status === 'finished')).toBe(true);
    expect([2, 3, 4].flatMap(fixturesOf).every((id) => fixtureState.get(id)!.status === 'scheduled')).toBe(true);
    const gw2 = gameweeks[1];
    const lead = Date.parse(gw2.deadline!) - Date.now();
    expect(lead).toBeGreaterThan(24 * 3600 * 1000);
    expect(lead).toBeLessThan(3 * 24 * 3600 * 1000);
  });

  it('serves the current gameweek with real form strings from matchday 1', async () => {
    const res = await sys.http.get('/api/fixtures/current/').set(bearer(players[0].token)).expect(200);
    const fixtures: Fixture[] = res.body.data.fixtures;
    expect(res.body.data.gameweek).toMatchObject({ number: 2, status: 'current', is_open: true });
    expect(fixtures.map((f) => f.id).sort((a, b) => a - b)).toEqual(fixturesOf(2));
    const formAfterRound1 = (team: string): string => {
      const m = slice.matches.find((x) => x.round === 'Matchday 1' && (x.team1 === team || x.team2 === team))!;
      const [h, a] = m.score!.ft!;
      if (h === a) return 'D';
      return (m.team1 === team) === h > a ? 'W' : 'L';
    };
    for (const f of fixtures) {
      expect(f.home_team_form).toBe(formAfterRound1(f.home_team));
      expect(f.away_team_form).toBe(formAfterRound1(f.away_team));
      expect(f.prediction_deadline).toBe(res.body.data.gameweek.deadline);
      expect(f).toMatchObject({ status: 'scheduled', home_score: null, away_score: null, minute: null });
      expect(Date.parse(f.match_time)).toBeGreaterThanOrEqual(Date.parse(f.prediction_deadline));
    }
    // By number too; a completed gameweek keeps its real scores.
    const gw1 = await sys.http.get('/api/fixtures/gameweek/1/').set(bearer(players[0].token)).expect(200);
    expect(gw1.body.data.gameweek).toMatchObject({ number: 1, status: 'completed' });
    expect(gw1.body.data.fixtures.every((f: Fixture) => f.status === 'finished' && f.home_score !== null && f.home_team_form === '')).toBe(true);
  });

  it('refuses every rule violation with 4xx and writes nothing', async () => {
    const [p] = players;
    const gw2 = fixturesOf(2);
    const gw3 = fixturesOf(3);
    const ok = (fixture: number, extra: Partial<PredictionInput> = {}) => ({ fixture, home_score: 1, away_score: 1, is_banker: false, ...extra });
    const outboxBefore: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'prediction.saved'`);

    const cases: [string, unknown, number, RegExp][] = [
      ['two bankers', { predictions: [ok(gw2[0], { is_banker: true }), ok(gw2[1], { is_banker: true })] }, 400, /one banker/i],
      ['a fixture of the next gameweek', { predictions: [ok(gw2[0]), ok(gw3[0])] }, 400, /not part of Gameweek 2/],
      ['a fixture twice', { predictions: [ok(gw2[0]), ok(gw2[0])] }, 400, /appears twice/],
      ['an unknown fixture', { predictions: [ok(99999999)] }, 400, /not part of Gameweek 2/],
      ['a score of 100', { predictions: [ok(gw2[0], { home_score: 100 })] }, 400, /home_score must be a whole number from 0 to 99/],
      ['a negative score', { predictions: [ok(gw2[0], { away_score: -1 })] }, 400, /away_score/],
      ['a fractional score', { predictions: [ok(gw2[0], { home_score: 1.5 })] }, 400, /home_score/],
      ['a score as text', { predictions: [ok(gw2[0], { home_score: '2' as unknown as number })] }, 400, /home_score/],
      ['a missing banker flag', { predictions: [{ fixture: gw2[0], home_score: 1, away_score: 0 }] }, 400, /is_banker/],
      ['an unknown field', { predictions: [{ ...ok(gw2[0]), user_id: 1 }] }, 400, /not an allowed field/],
      ['an empty list', { predictions: [] }, 400, /at least one/],
      ['no list', {}, 400, /predictions/],
      ['a fixture id past int32', { predictions: [ok(2147483648)] }, 400, /fixture/],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await sys.http.post('/api/predictions/').set(bearer(p.token)).send(body as object);
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(res.body.message).toMatch(message);
    }
    const malformed = await sys.http.post('/api/predictions/').set(bearer(p.token)).set('Content-Type', 'application/json').send('{"predictions": [');
    // Malformed JSON is refused by the platform's body parser (a 4xx in the error shape, never a 500).
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect(typeof malformed.body.message).toBe('string');
    await sys.http.post('/api/predictions/').send({ predictions: [ok(gw2[0])] }).expect(401);

    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM predictions WHERE user_id = $1`, [p.id]);
    expect(n).toBe(0);
    const outboxAfter: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'prediction.saved'`);
    expect(outboxAfter[0].n).toBe(outboxBefore[0].n);
  });

  it('lets 50 players predict with bankers; a second save replaces the first and moves the banker', async () => {
    const gw2 = fixturesOf(2);
    const [p] = players;
    const first = gw2.map((fixture, j) => ({ fixture, home_score: 2, away_score: 0, is_banker: j === 0 }));
    const res1 = await save(p.token, first).expect(200);
    expect(res1.body.message).toBe('All predictions saved successfully!');
    expect(res1.body.data.predictions).toHaveLength(10);

    // Replace three of them and move the banker; the other seven keep their first values.
    const second = [gw2[0], gw2[3], gw2[5]].map((fixture) => ({ fixture, home_score: 1, away_score: 1, is_banker: fixture === gw2[3] }));
    await save(p.token, second).expect(200);
    const mine = await sys.http.get('/api/predictions/current/').set(bearer(p.token)).expect(200);
    const byFixture = new Map(mine.body.data.predictions.map((x: { fixture: number }) => [x.fixture, x]));
    expect(mine.body.data.gameweek).toMatchObject({ number: 2 });
    expect(byFixture.size).toBe(10);
    expect(byFixture.get(gw2[0])).toMatchObject({ home_score: 1, away_score: 1, is_banker: false, points: null, outcome: null, is_final: false });
    expect(byFixture.get(gw2[3])).toMatchObject({ home_score: 1, away_score: 1, is_banker: true });
    expect(byFixture.get(gw2[1])).toMatchObject({ home_score: 2, away_score: 0, is_banker: false });
    const byId = await sys.http.get(`/api/predictions/gameweek/${gameweeks[1].id}/`).set(bearer(p.token)).expect(200);
    expect(byId.body.data.predictions).toEqual(mine.body.data.predictions);

    const events: { payload: { userId: number; fixtureIds: number[]; bankerFixtureId: number | null }; dispatched: boolean; owed: string[] }[] = await sys.db.query(
      `SELECT payload, dispatched_at IS NOT DISTINCT FROM created_at AS dispatched, pending_queues AS owed FROM outbox_events
       WHERE name = 'prediction.saved' AND (payload->>'userId')::int = $1 ORDER BY id`,
      [p.id],
    );
    expect(events.map((e) => e.payload.bankerFixtureId)).toEqual([gw2[0], gw2[3]]);
    // No queue consumes it: written as the relay would leave it (dispatched in its own transaction,
    // so at the same now() as it was written), and the relay never touches it.
    expect(events.map((e) => [e.dispatched, e.owed])).toEqual([
      [true, []],
      [true, []],
    ]);

    // Now everyone (the first player again, replacing all ten).
    await predictGameweek(2);
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM predictions WHERE user_id = ANY($1)`, [players.map((x) => x.id)]);
    expect(n).toBe(PLAYERS * 10);
    const totals: { predictions: number }[] = await sys.db.query(`SELECT predictions FROM user_gameweek_totals WHERE user_id = ANY($1)`, [players.map((x) => x.id)]);
    expect(totals).toHaveLength(PLAYERS);
    expect(totals.every((t) => t.predictions === 10)).toBe(true);
  });

  it('closes predictions at the deadline (which follows a reschedule) and reopens when it moves back', async () => {
    const gw2 = fixturesOf(2);
    const p = players[1];
    const original = (await sys.http.get('/api/fixtures/current/').set(bearer(p.token)).expect(200)).body.data.fixtures.find((f: Fixture) => f.id === gw2[4]);
    const past = new Date(Date.now() - 60_000).toISOString();
    const moved = await sys.http.patch(`/api/admin/fixtures/${gw2[4]}`).set(bearer(admin.token)).send({ match_time: past }).expect(200);
    expect(moved.body.data.match_time).toBe(past);

    const gws = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(p.token)).expect(200)).body.data as GameweekSummary[];
    expect(gws[1]).toMatchObject({ number: 2, status: 'current', is_open: false, deadline: past });
    const before: unknown[] = await sys.db.query(`SELECT * FROM predictions WHERE user_id = $1 ORDER BY id`, [p.id]);
    const refused = await save(p.token, [{ fixture: gw2[0], home_score: 9, away_score: 9, is_banker: false }]).expect(403);
    expect(refused.body.message).toMatch(/closed/);
    expect(await sys.db.query(`SELECT * FROM predictions WHERE user_id = $1 ORDER BY id`, [p.id])).toEqual(before);

    await sys.http.patch(`/api/admin/fixtures/${gw2[4]}`).set(bearer(admin.token)).send({ match_time: original.match_time }).expect(200);
    const reopened = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(p.token)).expect(200)).body.data as GameweekSummary[];
    expect(reopened[1]).toMatchObject({ is_open: true, deadline: gameweeks[1].deadline });
    await sys.settle();
    // A reschedule raises result.recorded too; nothing is scored for a scheduled match.
    await expectScoresMatchRecomputation();
  });

  it('gives provisional points while live and closes the gameweek at once', async () => {
    const gw2 = fixturesOf(2);
    const res = await recordResult(gw2[0], { home_score: 1, away_score: 0, status: 'live', minute: 30 }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'live', home_score: 1, away_score: 0, minute: 30 });
    fixtureState.set(gw2[0], { status: 'live', home: 1, away: 0 });
    // Closed at once, before any worker ran.
    await save(players[2].token, [{ fixture: gw2[1], home_score: 0, away_score: 0, is_banker: false }]).expect(403);
    await sys.settle();
    await expectScoresMatchRecomputation();
    const provisional: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM user_gameweek_totals WHERE provisional AND user_id = ANY($1)`, [players.map((p) => p.id)]);
    expect(provisional[0].n).toBe(PLAYERS);
    const scoresUpdated: { payload: { fixtureId: number; final: boolean } }[] = await sys.db.query(
      `SELECT payload FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
      [gw2[0]],
    );
    expect(scoresUpdated.map((e) => e.payload.final)).toEqual([false]);
  });

  it('scores final results and a postponed (void) match exactly as the recomputation', async () => {
    const gw2 = fixturesOf(2);
    await finishGameweek(2, [gw2[9]]);
    await expectScoresMatchRecomputation();
    const voided: { outcome: string; points: number; is_final: boolean }[] = await sys.db.query(
      `SELECT DISTINCT outcome, points, is_final FROM predictions WHERE fixture_id = $1`,
      [gw2[9]],
    );
    expect(voided).toEqual([{ outcome: 'void', points: 0, is_final: true }]);
    // Bankers on the void match earned nothing, and void counts in no accuracy figure.
    const gws = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(players[0].token)).expect(200)).body.data as GameweekSummary[];
    expect(gws.map((g) => g.status)).toEqual(['completed', 'completed', 'current', 'upcoming']);
  });

  it('answers the Results screen with user stats, global benchmarks and every match', async () => {
    const p = players[3];
    const res = await sys.http.get('/api/predictions/gameweek/2/user-stats/').set(bearer(p.token)).expect(200);
    const data: GameweekResults = res.body.data;
    const t = expectedTotals(p.id, 2);
    expect(data.user_stats).toEqual({
      total_points: t.points,
      correct_results: t.correct,
      exact_scores: t.exact,
      accuracy: Math.round(accuracyPercent(t.correct, t.scored)),
      wrong_results: t.scored - t.correct,
      total_predictions: 10,
      scored_predictions: 9,
      provisional: false,
    });
    const all = players.map((x) => expectedTotals(x.id, 2).points);
    expect(data.global_benchmarks.highest_points).toBe(Math.max(...all));
    expect(data.global_benchmarks.average_points).toBeCloseTo(all.reduce((a, b) => a + b, 0) / all.length, 1);
    expect(data.global_benchmarks.participants).toBeGreaterThanOrEqual(PLAYERS);
    expect(data.matches).toHaveLength(10);
    for (const m of data.matches) {
      const mine = sent.get(key(p.id, m.fixture_id))!;
      const e = expectedPrediction(mine);
      expect(m).toMatchObject({ predicted_home_score: mine.home, predicted_away_score: mine.away, is_banker: mine.banker, points_earned: e.points, result_status: e.outcome });
    }
    await sys.http.get('/api/predictions/gameweek/99/user-stats/').set(bearer(p.token)).expect(404);
    await sys.http.get('/api/predictions/gameweek/x/user-stats/').set(bearer(p.token)).expect(404);
  });

  it('reads the benchmarks over everyone once per move of the scores, not once per Results screen', async () => {
    const queries = jest.spyOn(sys.db, 'query');
    try {
      const answers = [];
      for (const p of players.slice(0, 6)) answers.push((await sys.http.get('/api/predictions/gameweek/2/user-stats/').set(bearer(p.token)).expect(200)).body.data.global_benchmarks);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      const aggregates = queries.mock.calls.filter(([sql]) => String(sql).includes('AS participants'));
      // Once, or twice when the reads straddled the end of a BENCHMARKS_MAX_AGE_MS period (0 when kept from the test before).
      expect(aggregates.length).toBeLessThanOrEqual(2);
      // The spy sees the API's statements: six Results screens made their other reads.
      expect(queries.mock.calls.length).toBeGreaterThanOrEqual(6);
    } finally {
      queries.mockRestore();
    }
  });

  it('ends in the same totals whatever duplicated or reordered result.recorded events arrive', async () => {
    const gw2 = fixturesOf(2);
    const before = await totalsSnapshot();
    const scoresUpdatedBefore: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated'`);

    // Stale and duplicated events for every fixture of the gameweek, newest state first.
    const stale = gw2.flatMap((fixtureId) => [
      { fixtureId, seasonId: 0, gameweekId: 0, status: 'live', homeScore: 0, awayScore: 0, minute: 10 },
      { fixtureId, seasonId: 0, gameweekId: 0, status: 'scheduled', homeScore: null, awayScore: null, minute: null },
      { fixtureId, seasonId: 0, gameweekId: 0, status: 'finished', homeScore: 9, awayScore: 9, minute: null },
    ]);
    await sys.db.query(
      `INSERT INTO outbox_events (name, payload) SELECT 'result.recorded', p FROM jsonb_array_elements($1::jsonb) p`,
      [JSON.stringify(stale.reverse())],
    );
    // And jobs added straight to the queue: a replay of the same job id collapses, new ids run.
    const queue = sys.workers.get<Queue>(getQueueToken('scoring'));
    await queue.addBulk(
      gw2.flatMap((fixtureId) => [1, 2].map((copy) => ({ name: 'result.recorded', data: { id: -copy, name: 'result.recorded', payload: { fixtureId }, occurredAt: new Date().toISOString() }, opts: { jobId: `test-dup-${fixtureId}-${copy}` } }))),
    );
    // Concurrent scorers of the same fixtures in-process as well.
    const scoring = sys.workers.get(ScoringService);
    const results = await Promise.all([...gw2, ...gw2, ...gw2].map((id) => scoring.scoreFixture(id)));
    expect(results.every((r) => r.changed === 0)).toBe(true);
    await sys.settle();

    expect(await totalsSnapshot()).toEqual(before);
    await expectScoresMatchRecomputation();
    // A replay that changes nothing raises no scores.updated.
    const scoresUpdatedAfter: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated'`);
    expect(scoresUpdatedAfter[0].n).toBe(scoresUpdatedBefore[0].n);
  });

  it('lets the latest score win after a correction (wrong final, then the right one)', async () => {
    const id = fixturesOf(2)[1];
    const [home, away] = fixtureInfo.get(id)!.ft;
    await recordResult(id, { home_score: home + 3, away_score: away, status: 'finished' }).expect(200);
    await recordResult(id, { home_score: home, away_score: away + 2, status: 'live', minute: 88 }).expect(200);
    await recordResult(id, { home_score: home, away_score: away, status: 'finished' }).expect(200);
    await sys.settle();
    await expectScoresMatchRecomputation();
  });

  it('scores two more gameweeks and serves the dashboard with hot and cold teams', async () => {
    await predictGameweek(3);
    await finishGameweek(3);
    await predictGameweek(4);
    await finishGameweek(4);
    await expectScoresMatchRecomputation();

    const p = players[4];
    const res = await sys.http.get('/api/stats/dashboard/').set(bearer(p.token)).expect(200);
    const data: DashboardData = res.body.data;
    const t = expectedTotals(p.id);
    expect(data.current_season_stats).toEqual({
      total_points: t.points,
      total_predictions: 30,
      accuracy: String(Math.round(accuracyPercent(t.correct, t.scored))),
      exact_scores: t.exact,
      correct_results: t.correct,
      scored_predictions: 29,
      provisional: false,
    });
    expect(data.recent_gameweeks.map((g) => [g.number, g.points_earned, g.total_predictions])).toEqual(
      [4, 3, 2].map((n) => [n, expectedTotals(p.id, n).points, 10]),
    );
    expect(data.points_by_gameweek).toEqual([1, 2, 3, 4].map((number) => ({ number, points: number === 1 ? 0 : expectedTotals(p.id, number).points })));

    // Per club: the player's scored predictions in its matches and how many were right.
    const perClub = new Map<string, { scored: number; correct: number }>();
    for (const s of sent.values()) {
      if (s.userId !== p.id) continue;
      const e = expectedPrediction(s);
      if (e.outcome === 'void' || e.outcome === null) continue;
      const info = fixtureInfo.get(s.fixtureId)!;
      for (const club of [info.home, info.away]) {
        const c = perClub.get(club) ?? { scored: 0, correct: 0 };
        c.scored += 1;
        if (e.outcome !== 'wrong') c.correct += 1;
        perClub.set(club, c);
      }
    }
    const eligible = [...perClub].filter(([, c]) => c.scored >= 3);
    expect(eligible.length).toBeGreaterThanOrEqual(6);
    const listed = [...data.hot_teams, ...data.cold_teams];
    expect(data.hot_teams).toHaveLength(3);
    expect(data.cold_teams).toHaveLength(3);
    expect(new Set(listed.map((x) => x.team)).size).toBe(6);
    for (const team of listed) {
      const c = perClub.get(team.team)!;
      expect(team).toMatchObject({ accuracy: Math.round((c.correct / c.scored) * 100), predictions: c.scored });
    }
    const ratio = (team: string) => perClub.get(team)!.correct / perClub.get(team)!.scored;
    const bestRatio = Math.max(...eligible.map(([, c]) => c.correct / c.scored));
    const worstRatio = Math.min(...eligible.map(([, c]) => c.correct / c.scored));
    expect(ratio(data.hot_teams[0].team)).toBe(bestRatio);
    expect(ratio(data.cold_teams[0].team)).toBe(worstRatio);
    expect(Math.min(...data.hot_teams.map((x) => ratio(x.team)))).toBeGreaterThanOrEqual(Math.max(...data.cold_teams.map((x) => ratio(x.team))));

    // Every gameweek is completed now: nothing is current.
    const none = await sys.http.get('/api/fixtures/current/').set(bearer(p.token)).expect(404);
    expect(none.body.message).toBe("There's no active gameweek at the moment.");
  });

  it('serves the gameweeks history, paged, and another player only to a league mate', async () => {
    const [me, other] = [players[5], players[6]];
    const res = await sys.http.get('/api/stats/history/').query({ page: 1, page_size: 3 }).set(bearer(me.token)).expect(200);
    const data: GameweeksHistory = res.body.data;
    expect(data.player).toMatchObject({ id: me.id, username: me.username, is_current_user: true });
    expect(data.pagination).toEqual({ page: 1, page_size: 3, total: 4, total_pages: 2 });
    expect(data.gameweeks.map((g) => g.number)).toEqual([4, 3, 2]);
    const points = [2, 3, 4].map((n) => expectedTotals(me.id, n).points);
    const t = expectedTotals(me.id);
    expect(data.summary).toMatchObject({ totalPoints: t.points, totalPredictions: 30, totalCorrect: t.correct, totalExactScores: t.exact, averageAccuracy: Math.round(accuracyPercent(t.correct, t.scored)) });
    expect(data.summary.bestGameweek!.points).toBe(Math.max(...points));
    expect(data.summary.worstGameweek!.points).toBe(Math.min(...points));
    const gw2 = data.gameweeks[2];
    expect(gw2).toMatchObject({ gameWeek: 'Gameweek 2', status: 'completed', totalPredictions: 10, points: expectedTotals(me.id, 2).points });
    expect(gw2.matches).toHaveLength(10);
    for (const m of gw2.matches) {
      const s = sent.get(key(me.id, m.fixtureId))!;
      const e = expectedPrediction(s);
      expect(m).toMatchObject({ predictionHome: s.home, predictionAway: s.away, banker: s.banker, result: e.outcome, points: e.points });
    }
    const page2 = await sys.http.get('/api/stats/history/').query({ page: 2, page_size: 3 }).set(bearer(me.token)).expect(200);
    expect(page2.body.data.gameweeks.map((g: { number: number; totalPredictions: number }) => [g.number, g.totalPredictions])).toEqual([[1, 0]]);

    // Another player: 404 without a shared league, visible with one (by id or username).
    await sys.http.get('/api/stats/history/').query({ player: other.username }).set(bearer(me.token)).expect(404);
    const [{ id: leagueId }]: { id: number }[] = await sys.db.query(`INSERT INTO leagues (name, type, max_members, competition_code) VALUES ('History mates', 'private', 10, 'en.1') RETURNING id`);
    await sys.db.query(`INSERT INTO league_members (league_id, user_id) VALUES ($1, $2), ($1, $3)`, [leagueId, me.id, other.id]);
    for (const player of [other.username, String(other.id)]) {
      const theirs = await sys.http.get('/api/stats/history/').query({ player, order: 'asc' }).set(bearer(me.token)).expect(200);
      expect(theirs.body.data.player).toMatchObject({ id: other.id, is_current_user: false });
      expect(theirs.body.data.summary.totalPoints).toBe(expectedTotals(other.id).points);
      expect(theirs.body.data.gameweeks.map((g: { number: number }) => g.number)).toEqual([1, 2, 3, 4]);
    }
    await sys.http.get('/api/stats/history/').query({ player: 'nobody_at_all' }).set(bearer(me.token)).expect(404);
    for (const query of [{ page: 0 }, { page_size: 39 }, { page: 'x' }, { order: 'sideways' }, { player: 'a b' }, { extra: 1 }]) {
      const bad = await sys.http.get('/api/stats/history/').query(query).set(bearer(me.token)).expect(400);
      expect(bad.body.errors).toBeDefined();
    }
  });

  it('un-scores on re-import when the file says a match was not played, and never duplicates', async () => {
    const res = await sys.http
      .post('/api/admin/seasons/import')
      .set(bearer(admin.token))
      .send({ season: slice, shift_to_now: true })
      .expect(201);
    // Matchdays 2–4 lie in the future of the shifted file: their recorded results go back to scheduled.
    expect(res.body.data.fixtures).toMatchObject({ total: 40, created: 0 });
    expect(res.body.data.results_recorded).toBe(30);
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM fixtures WHERE season_id = $1`, [res.body.data.season.id]);
    expect(n).toBe(40);
    for (const id of [2, 3, 4].flatMap(fixturesOf)) fixtureState.set(id, { status: 'scheduled' });
    await sys.settle();
    await expectScoresMatchRecomputation();
    const left: { points: number; scored: number }[] = await sys.db.query(
      `SELECT DISTINCT points, scored FROM user_season_totals WHERE user_id = ANY($1)`,
      [players.map((p) => p.id)],
    );
    expect(left).toEqual([{ points: 0, scored: 0 }]);
  });
});
