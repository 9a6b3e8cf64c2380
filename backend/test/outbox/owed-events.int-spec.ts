import { getQueueToken } from '@nestjs/bullmq';
import { UnrecoverableError, Worker, type Queue } from 'bullmq';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { ResultRecordedProcessor } from '@scoreline/backend/scoring/result-recorded.processor';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * An event is done when its work is done, not when Redis took its job: a scoring job that Redis
 * lost, or that failed for good, is handed out again by the relay's sweeper, and the fixture's
 * predictions end up scored.
 */
const slice = seasonSlice('2024-25/en.1.json', [1, 2], 'English Premier League 2093/94');

describe('owed outbox events', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let scoringQueue: Queue;
  let processor: ResultRecordedProcessor;
  let relay: OutboxRelayService;
  let fixtureIds: number[];

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'owedadmin');
    await grantAdminRole(sys, admin.id);
    const imported = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true, activate: false }); // leaves the other suites' active season alone
    expect(imported.status).toBe(201);
    const fixtures: { id: number; gameweek_id: number; season_id: number }[] = await sys.db.query(
      `SELECT f.id, f.gameweek_id, f.season_id FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN seasons s ON s.id = g.season_id
       WHERE s.name = $1 AND g.number = 1 ORDER BY f.id`,
      [slice.name],
    );
    fixtureIds = fixtures.map((f) => f.id);
    const { gameweek_id: gameweekId, season_id: seasonId } = fixtures[0];
    const players = (await insertVerifiedUsers(sys, 20, 'owed')).map((p) => p.id);
    // Every player predicts 1-0 on every fixture of gameweek 1 (written directly: it is in the past).
    await sys.db.query(
      `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
       SELECT u, f, $3, $4, 1, 0, false FROM unnest($1::int[]) u CROSS JOIN unnest($2::int[]) f`,
      [players, fixtureIds, gameweekId, seasonId],
    );
    await sys.db.query(`INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions) SELECT u, $2, $3, $4 FROM unnest($1::int[]) u`, [
      players,
      gameweekId,
      seasonId,
      fixtureIds.length,
    ]);
    await sys.db.query(`INSERT INTO user_season_totals (user_id, season_id, predictions) SELECT u, $2, $3 FROM unnest($1::int[]) u`, [players, seasonId, fixtureIds.length]);
    await sys.settle();
    scoringQueue = sys.workers.get<Queue>(getQueueToken('scoring'));
    // The app's scoring worker is stopped: the test decides when scoring jobs run, through the
    // app's own processor (which settles the event).
    processor = sys.workers.get(ResultRecordedProcessor);
    await processor.worker.close();
    relay = sys.workers.get(OutboxRelayService);
  });

  afterAll(async () => {
    await sys?.close();
  });

  const connection = () => ({ connection: { url: process.env.REDIS_URL! }, prefix: process.env.QUEUE_PREFIX });

  /** Run the app's scoring processor until the system settles. */
  async function scoreWithTheAppsProcessor(): Promise<void> {
    const worker = new Worker('scoring', (job) => processor.process(job), connection());
    try {
      await sys.settle();
    } finally {
      await worker.close();
    }
  }

  async function recordWithNoScoringWorker(fixtureId: number, goals: number): Promise<void> {
    const res = await sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(bearer(admin.token)).send({ home_score: goals, away_score: goals, status: 'finished' });
    expect(res.status).toBe(200);
    // Wait until the relay handed the event to the queues.
    for (let i = 0; i < 100; i++) {
      const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND dispatched_at IS NULL`);
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function owedScoring(): Promise<number> {
    const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE 'scoring' = ANY(pending_queues)`);
    return n;
  }

  async function scoredPredictions(fixtureId: number): Promise<number> {
    const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM predictions WHERE fixture_id = $1 AND points IS NOT NULL`, [fixtureId]);
    return n;
  }

  /** Pretend the event was handed out long ago, so the sweeper looks at it now. */
  const ageDispatches = () => sys.db.query(`UPDATE outbox_events SET dispatched_at = now() - interval '1 minute' WHERE pending_queues <> '{}'`);

  /**
   * A sweep hands the owed job to the scoring queue again. The workers' own sweeper (every 5 s)
   * may be the one that does it, between the aging and this sweep (a clean-clone CI run saw it),
   * so what counts is the job waiting in the queue afterwards, not which sweep moved it.
   */
  async function sweepHandsItAgain(): Promise<void> {
    await relay.sweep();
    for (let i = 0; i < 100 && (await scoringQueue.count()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await scoringQueue.count()).toBeGreaterThanOrEqual(1);
  }

  it('settles every event once its consumers have done their work', async () => {
    const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE dispatched_at IS NOT NULL AND pending_queues <> '{}'`);
    expect(n).toBe(0);
  });

  it('hands a job that Redis lost to the queue again', async () => {
    const fixtureId = fixtureIds[0];
    await recordWithNoScoringWorker(fixtureId, 7);
    expect(await owedScoring()).toBe(1);
    await scoringQueue.obliterate({ force: true }); // Redis lost the waiting job
    await ageDispatches();
    await sweepHandsItAgain();
    await scoreWithTheAppsProcessor();
    expect(await scoredPredictions(fixtureId)).toBe(20);
    expect(await owedScoring()).toBe(0);
  });

  it('retries a job that failed for good', async () => {
    const fixtureId = fixtureIds[1];
    await recordWithNoScoringWorker(fixtureId, 8);
    // A stranger worker takes the job and fails it beyond retries (as exhausted stalls would).
    const failing = new Worker('scoring', async () => {
      throw new UnrecoverableError('simulated permanent failure');
    }, connection());
    try {
      for (let i = 0; i < 100 && (await scoringQueue.getFailedCount()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await failing.close();
    }
    expect(await scoringQueue.getFailedCount()).toBe(1);
    expect(await scoredPredictions(fixtureId)).toBe(0);
    await ageDispatches();
    await sweepHandsItAgain();
    await scoreWithTheAppsProcessor();
    expect(await scoredPredictions(fixtureId)).toBe(20);
    expect(await owedScoring()).toBe(0);
  });
});
