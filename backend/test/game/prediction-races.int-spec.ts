import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import { lockGameweeksForChange } from '@scoreline/backend/fixtures/gameweek-lock';
import { SAVE_COMMIT_MARGIN_MS } from '@scoreline/backend/predictions/prediction-rules';
import { PredictionsService } from '@scoreline/backend/predictions/predictions.service';
import { call, closeTransaction, expectErrorShape, fireAtOnce, openTransaction, someoneWaitsOnLock, statusCounts, waitFor } from '../support/concurrency';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The deadline and the one-banker rule under races, on the real system: the deadline holds at
 * commit (a save held past it is refused, a reschedule that brings it forward leaves nothing
 * committed after it), and concurrent saves by one user leave exactly one banker.
 */

// Re-labelled so that no other suite shares these fixtures (suites share one database).
const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3, 4], 'English Premier League 2097/98');

describe('prediction saves under races', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let gameweekId: number;
  /** The open gameweek's fixtures, first kick-off first. */
  let fixtures: AdminFixture[];
  let firstKickoff: string;

  const dbNow = async (): Promise<number> => {
    const [{ now }]: { now: Date }[] = await sys.db.query(`SELECT clock_timestamp() AS now`);
    return new Date(now).getTime();
  };
  const wholeGameweek = (scores: (i: number) => [number, number], bankerIndex: number): PredictionInput[] =>
    fixtures.map((f, i) => ({ fixture: f.id, home_score: scores(i)[0], away_score: scores(i)[1], is_banker: i === bankerIndex }));
  const save = (user: FastUser, predictions: PredictionInput[]) => call(sys.baseUrl, 'POST', '/api/predictions/', user.token, { predictions });
  /** Moves the gameweek's deadline (its first kick-off) to `at` through the admin API. */
  const moveDeadline = async (at: Date | string) => {
    const res = await sys.http
      .patch(`/api/admin/fixtures/${fixtures[0].id}`)
      .set(bearer(admin.token))
      .send({ match_time: typeof at === 'string' ? at : at.toISOString() });
    expect(res.status).toBe(200);
  };
  const predictionsOf = (userIds: number[]): Promise<{ user_id: number; fixture_id: number; home_score: number; away_score: number; is_banker: boolean }[]> =>
    sys.db.query(
      `SELECT user_id, fixture_id, home_score, away_score, is_banker FROM predictions WHERE user_id = ANY($1) ORDER BY user_id, fixture_id`,
      [userIds],
    );
  const savedEventsOf = async (userIds: number[]): Promise<number> => {
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'prediction.saved' AND (payload->>'userId')::int = ANY($1)`,
      [userIds],
    );
    return n;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'raceadmin');
    await grantAdminRole(sys, admin.id);
    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true }).expect(201);
    const current = await sys.http.get('/api/fixtures/current/').set(bearer(admin.token)).expect(200);
    gameweekId = current.body.data.gameweek.id;
    const list = await sys.http.get(`/api/admin/fixtures/?gameweek=${current.body.data.gameweek.number}`).set(bearer(admin.token)).expect(200);
    fixtures = (list.body.data as AdminFixture[]).sort((a, b) => Date.parse(a.match_time) - Date.parse(b.match_time) || a.id - b.id);
    expect(fixtures.length).toBeGreaterThanOrEqual(2);
    firstKickoff = fixtures[0].match_time;
  });

  afterEach(async () => {
    // Each case starts from the imported deadline, days away.
    await moveDeadline(firstKickoff);
  });

  afterAll(async () => {
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('refuses a save that started before the deadline but waited on the gameweek lock until after it', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'heldfan', { onboarded: true });
    const deadline = new Date((await dbNow()) + 5000);
    await moveDeadline(deadline);

    // A deadline change in progress: the test holds the gameweek's lock as a reschedule would.
    const holder = await openTransaction(sys.db);
    let answer: Promise<Awaited<ReturnType<typeof save>>>;
    try {
      await lockGameweeksForChange(holder.manager, [gameweekId]);
      answer = save(fan, wholeGameweek(() => [2, 1], 0));
      await waitFor('the save to wait on the gameweek lock', () => someoneWaitsOnLock(sys.db, 'pg_advisory_xact_lock_shared'));
      // It got there while saves were still open.
      expect(await dbNow()).toBeLessThan(deadline.getTime() - SAVE_COMMIT_MARGIN_MS);
      await waitFor('the deadline to pass', async () => (await dbNow()) > deadline.getTime());
    } finally {
      await closeTransaction(holder);
    }
    const res = await answer!;
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Predictions for Gameweek \d+ are closed/);
    expect(res.body.detail).toBe(`The deadline was ${deadline.toISOString()}.`);
    expect(await predictionsOf([fan.id])).toEqual([]);
    expect(await savedEventsOf([fan.id])).toBe(0);
  });

  it('re-checks the deadline as the last step: a save delayed mid-way past the deadline writes nothing', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'slowfan', { onboarded: true });
    expect((await save(fan, wholeGameweek(() => [1, 1], 1))).status).toBe(200);
    const before = await predictionsOf([fan.id]);
    const deadline = new Date((await dbNow()) + 5000);
    await moveDeadline(deadline);

    // Held after the first check has passed: on the user's gameweek totals row, which the save
    // updates after writing the predictions.
    const holder = await openTransaction(sys.db);
    let answer: Promise<Awaited<ReturnType<typeof save>>>;
    try {
      await holder.query(`SELECT 1 FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2 FOR UPDATE`, [fan.id, gameweekId]);
      answer = save(fan, wholeGameweek(() => [4, 0], 2));
      await waitFor('the save to wait on its totals row', () => someoneWaitsOnLock(sys.db, 'INSERT INTO user_gameweek_totals'));
      expect(await dbNow()).toBeLessThan(deadline.getTime() - SAVE_COMMIT_MARGIN_MS);
      await waitFor('the deadline to pass', async () => (await dbNow()) > deadline.getTime());
    } finally {
      await closeTransaction(holder);
    }
    const res = await answer!;
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/are closed/);
    expect(await predictionsOf([fan.id])).toEqual(before);
    expect(await savedEventsOf([fan.id])).toBe(1);
  });

  it('refuses saves in the last SAVE_COMMIT_MARGIN_MS before the deadline (the margin for the commit itself)', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'latefan', { onboarded: true });
    const deadline = new Date((await dbNow()) + 4000);
    await moveDeadline(deadline);
    // Released into the margin: before the deadline, less than the margin before it.
    const holder = await openTransaction(sys.db);
    let answer: Promise<Awaited<ReturnType<typeof save>>>;
    try {
      await lockGameweeksForChange(holder.manager, [gameweekId]);
      answer = save(fan, wholeGameweek(() => [0, 0], -1));
      await waitFor('the save to wait on the gameweek lock', () => someoneWaitsOnLock(sys.db, 'pg_advisory_xact_lock_shared'));
      await waitFor('the margin to begin', async () => (await dbNow()) > deadline.getTime() - SAVE_COMMIT_MARGIN_MS / 2);
    } finally {
      await closeTransaction(holder);
    }
    expect((await answer!).status).toBe(403);
    expect(await predictionsOf([fan.id])).toEqual([]);
  });

  it('a reschedule that brings the deadline forward while saves are in flight leaves nothing committed after the new deadline', async () => {
    const fans = await insertVerifiedUsers(sys, 24, 'rushfan', { onboarded: true });
    const ids = fans.map((f) => f.id);
    const answers: { status: number; afterReschedule: boolean }[] = [];
    const savedOnce = new Set<number>();
    let rescheduled = false;
    let stop = false;
    // Every fan saves again and again, each time with new scores.
    const loops = fans.map(async (fan, n) => {
      for (let round = 0; !stop; round += 1) {
        const res = await save(fan, wholeGameweek((i) => [(round + i) % 10, (n + i) % 10], round % fixtures.length));
        answers.push({ status: res.status, afterReschedule: rescheduled });
        if (res.status === 200) savedOnce.add(fan.id);
        if (res.status !== 200 && res.status !== 403) throw new Error(`save answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    });

    let atDeadline: unknown[];
    let eventsAtDeadline: number;
    try {
      await waitFor('every fan to have saved once', async () => savedOnce.size === fans.length);
      const newDeadline = new Date((await dbNow()) + 4000);
      rescheduled = true;
      await moveDeadline(newDeadline);

      // A snapshot taken once the database clock is past the new deadline: whatever commits later
      // would be missing from it.
      await waitFor('the new deadline to pass', async () => (await dbNow()) > newDeadline.getTime());
      const witness = sys.db.createQueryRunner();
      await witness.connect();
      try {
        await witness.query(`BEGIN ISOLATION LEVEL REPEATABLE READ`);
        const [{ past }]: { past: boolean }[] = await witness.query(`SELECT clock_timestamp() > $1::timestamptz AS past`, [newDeadline]);
        expect(past).toBe(true);
        atDeadline = await witness.query(
          `SELECT id, xmin::text, home_score, away_score, is_banker FROM predictions WHERE user_id = ANY($1) ORDER BY id`,
          [ids],
        );
        [{ n: eventsAtDeadline }] = await witness.query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'prediction.saved' AND (payload->>'userId')::int = ANY($1)`,
          [ids],
        );
        // Saves go on a while longer: all of them must be refused.
        await new Promise((r) => setTimeout(r, 1000));
        stop = true;
        await Promise.all(loops);
        await witness.query(`COMMIT`);
      } finally {
        await witness.query(`ROLLBACK`).catch(() => undefined);
        await witness.release();
      }
    } finally {
      // Never leave saves running into the next case, whatever failed.
      stop = true;
      await Promise.allSettled(loops);
    }

    const final = await sys.db.query(
      `SELECT id, xmin::text, home_score, away_score, is_banker FROM predictions WHERE user_id = ANY($1) ORDER BY id`,
      [ids],
    );
    expect(final).toEqual(atDeadline);
    expect(await savedEventsOf(ids)).toBe(eventsAtDeadline);
    // The race was real: saves answered 200 after the reschedule was sent, and 403 later.
    const counts = statusCounts(answers.map((a) => ({ status: a.status, body: {} })));
    expect(Object.keys(counts).sort()).toEqual(['200', '403']);
    expect(answers.some((a) => a.afterReschedule && a.status === 200)).toBe(true);
    expect(final.length).toBe(fans.length * fixtures.length);
  });

  it('concurrent saves by one user with different bankers all answer 200 and leave one banker, one whole save', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'doublefan', { onboarded: true });
    const tries = Math.min(fixtures.length, 10);
    const payloads = Array.from({ length: tries }, (_, k) => wholeGameweek(() => [k, k], k));
    const answers = await fireAtOnce(payloads.map((p) => () => save(fan, p)));
    expectErrorShape(answers);
    expect(statusCounts(answers)).toEqual({ 200: tries });

    const rows = await predictionsOf([fan.id]);
    expect(rows).toHaveLength(fixtures.length);
    // All or nothing: every row comes from the same save (the last to commit), banker included.
    const k = rows[0].home_score;
    expect(rows.every((r) => r.home_score === k && r.away_score === k)).toBe(true);
    expect(rows.filter((r) => r.is_banker).map((r) => r.fixture_id)).toEqual([fixtures[k].id]);
    expect(await savedEventsOf([fan.id])).toBe(tries);
    const [totals]: { predictions: number }[] = await sys.db.query(
      `SELECT predictions FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`,
      [fan.id, gameweekId],
    );
    expect(totals.predictions).toBe(fixtures.length);
  });

  it('a season import while a save is in flight waits for it, and the save stays whole', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'importfan', { onboarded: true });
    expect((await save(fan, wholeGameweek(() => [2, 2], -1))).status).toBe(200);
    const holder = await openTransaction(sys.db);
    let saving: Promise<Awaited<ReturnType<typeof save>>>;
    let importing: Promise<{ status: number }>;
    try {
      await holder.query(`SELECT 1 FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2 FOR UPDATE`, [fan.id, gameweekId]);
      saving = save(fan, wholeGameweek(() => [5, 0], 1));
      await waitFor('the save to be under way', () => someoneWaitsOnLock(sys.db, 'INSERT INTO user_gameweek_totals'));
      importing = call(sys.baseUrl, 'POST', '/api/admin/seasons/import', admin.token, { season: slice, shift_to_now: true });
      await waitFor('the import to wait on the gameweek locks', () => someoneWaitsOnLock(sys.db, 'SELECT pg_advisory_xact_lock($1, id)'));
    } finally {
      await closeTransaction(holder);
    }
    expect((await saving!).status).toBe(200);
    expect((await importing!).status).toBe(201);
    const rows = await predictionsOf([fan.id]);
    expect(rows).toHaveLength(fixtures.length);
    expect(rows.every((r) => r.home_score === 5 && r.away_score === 0)).toBe(true);
    expect(rows.filter((r) => r.is_banker).map((r) => r.fixture_id)).toEqual([fixtures[1].id]);
  });

  it('a save the open gameweeks settle is one statement, and writes and answers what the step-by-step save does', async () => {
    const [fan] = await insertVerifiedUsers(sys, 1, 'onestatementfan', { onboarded: true });
    const stepByStep = jest.spyOn(sys.api.get(PredictionsService) as unknown as { saveStepByStep: () => Promise<unknown> }, 'saveStepByStep');
    try {
      // The first save may find the open gameweeks out of date (each case moves the deadline): it reads them again.
      expect((await save(fan, wholeGameweek(() => [1, 0], 0))).status).toBe(200);
      stepByStep.mockClear();
      // The banker moves from a fixture sent (0 → 1), then from one not sent (1 → 2, a partial save).
      const whole = await save(fan, wholeGameweek(() => [2, 1], 1));
      const partial = await save(fan, [{ fixture: fixtures[2].id, home_score: 3, away_score: 3, is_banker: true }]);
      expect([whole.status, partial.status]).toEqual([200, 200]);
      expect(stepByStep).not.toHaveBeenCalled();

      const read = await sys.http.get(`/api/predictions/gameweek/${gameweekId}/`).set(bearer(fan.token)).expect(200);
      expect(partial.body.data).toEqual(read.body.data);
      const rows = await predictionsOf([fan.id]);
      expect(rows).toHaveLength(fixtures.length);
      expect(rows.filter((r) => r.is_banker).map((r) => r.fixture_id)).toEqual([fixtures[2].id]);
      expect(rows.map((r) => [r.home_score, r.away_score])).toEqual(
        rows.map((r) => (r.fixture_id === fixtures[2].id ? [3, 3] : [2, 1])),
      );
      const [totals]: { predictions: number }[] = await sys.db.query(
        `SELECT predictions FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`,
        [fan.id, gameweekId],
      );
      expect(totals.predictions).toBe(fixtures.length);
      const events: { payload: unknown }[] = await sys.db.query(
        `SELECT payload FROM outbox_events WHERE name = 'prediction.saved' AND (payload->>'userId')::int = $1 ORDER BY id`,
        [fan.id],
      );
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ gameweekId, fixtureIds: fixtures.map((f) => f.id), bankerFixtureId: fixtures[0].id }),
        expect.objectContaining({ gameweekId, fixtureIds: fixtures.map((f) => f.id), bankerFixtureId: fixtures[1].id }),
        expect.objectContaining({ userId: fan.id, gameweekId, fixtureIds: [fixtures[2].id], bankerFixtureId: fixtures[2].id }),
      ]);
    } finally {
      stepByStep.mockRestore();
    }
  });

  // Last: it closes the gameweek for good.
  it('a result recorded while a save is in flight waits for it: the save commits first, later saves are refused', async () => {
    const [fan, late] = await insertVerifiedUsers(sys, 2, 'livefan', { onboarded: true });
    expect((await save(fan, wholeGameweek(() => [1, 0], -1))).status).toBe(200);
    const holder = await openTransaction(sys.db);
    let saving: Promise<Awaited<ReturnType<typeof save>>>;
    let recording: Promise<{ status: number }>;
    try {
      await holder.query(`SELECT 1 FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2 FOR UPDATE`, [fan.id, gameweekId]);
      saving = save(fan, wholeGameweek(() => [3, 3], 0));
      await waitFor('the save to be under way', () => someoneWaitsOnLock(sys.db, 'INSERT INTO user_gameweek_totals'));
      recording = call(sys.baseUrl, 'PUT', `/api/admin/fixtures/${fixtures[1].id}/result`, admin.token, { home_score: 0, away_score: 0, status: 'live', minute: 1 });
      await waitFor('the result to wait on the gameweek lock', () => someoneWaitsOnLock(sys.db, 'SELECT pg_advisory_xact_lock($1, id)'));
    } finally {
      await closeTransaction(holder);
    }
    expect((await saving!).status).toBe(200);
    expect((await recording!).status).toBe(200);
    expect((await predictionsOf([fan.id])).every((r) => r.home_score === 3)).toBe(true);
    expect((await save(late, wholeGameweek(() => [0, 0], -1))).status).toBe(403);
  });
});
