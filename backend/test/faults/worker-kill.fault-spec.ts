import { Job } from 'bullmq';
import { Client } from 'pg';
import { SCORING_LOCK_NAMESPACE } from '@scoreline/backend/scoring/scoring.shared-sql';
import { seededRandom } from '../support/game-factories';
import { countMismatches, describeMismatches, waitForConvergence, NO_MISMATCHES } from './support/expected';
import { FaultSystem } from './support/fault-system';
import { printFigure } from './support/figures';
import { pollUntil, sleep } from '../support/owned-processes';

/**
 * Issue 9 §6 (a): "a worker killed twice while scoring the same fixture → the job fails for
 * good ('job stalled more than allowable limit') and 3,328 predictions keep old points".
 * Six results through the admin API; the worker is SIGKILLed right after the first scoring
 * job becomes active, restarted, killed again as soon as that same job is active again, then
 * at random points while the other results are scored. Every figure must end right.
 */
describe('fault: the worker is SIGKILLed while scoring', () => {
  let sys: FaultSystem;

  beforeAll(async () => {
    sys = await FaultSystem.start();
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
  }, 60_000);

  it('starts from figures the independent checker agrees with', async () => {
    expect(describeMismatches(await countMismatches(sys.db))).toBe(NO_MISMATCHES);
  });

  it('ends with every point, total and standing right after kills, twice on the same job', async () => {
    const scoring = sys.queue('scoring');
    const random = seededRandom(6);
    const fixtures = sys.game.currentFixtureIds.slice(0, 6);
    const scores: [number, number][] = [[2, 1], [1, 1], [0, 2], [3, 0], [2, 2], [1, 0]];
    let kills = 0;
    const started = Date.now();

    // Holding the season's scoring lock keeps the first job active (waiting on it) until the kill.
    const lockHolder = new Client({ connectionString: sys.pg.url('scoreline_faults') });
    await lockHolder.connect();
    await lockHolder.query(`SELECT pg_advisory_lock($1, $2)`, [SCORING_LOCK_NAMESPACE, sys.game.seasonId]);
    try {
      await sys.recordResult(fixtures[0], ...scores[0]);
      const jobId = await pollUntil('the first scoring job active', 30_000, async () => {
        const active = await scoring.getActive();
        return active.find((j) => (j.data as { payload?: { fixtureId?: number } }).payload?.fixtureId === fixtures[0])?.id;
      }, 20);
      const firstStart = (await Job.fromId(scoring, jobId))!.attemptsStarted;
      await sys.killWorker();
      kills += 1;
      await sys.startWorker();
      // The same job, taken again by the new worker once its lock expired: kill again.
      await pollUntil('the same scoring job active again', 120_000, async () => {
        const job = await Job.fromId(scoring, jobId);
        return job && (await job.getState()) === 'active' && job.attemptsStarted > firstStart ? true : undefined;
      }, 50);
      await sys.killWorker();
      kills += 1;
      // Two more results queue up while no worker runs (recorded later, the worker's two
      // slots would wait on the held lock and the stalled job could not be taken again).
      await sys.recordResult(fixtures[1], ...scores[1]);
      await sys.recordResult(fixtures[2], ...scores[2]);
      await sys.startWorker();
    } finally {
      await lockHolder.end();
    }

    // The other results, with a kill at a random point after each.
    for (let i = 3; i < fixtures.length; i += 1) {
      await sys.recordResult(fixtures[i], ...scores[i]);
      await sleep(Math.floor(random() * 500));
      await sys.killWorker();
      kills += 1;
      await sys.startWorker();
    }

    const lastFault = Date.now();
    const { counts, convergedInS } = await waitForConvergence(sys.db, 90_000, lastFault);
    const failed = await scoring.getFailedCount();
    printFigure('worker-kill', {
      kills,
      results: fixtures.length,
      predictions: sys.game.predictions,
      failed_jobs: failed,
      mismatches: counts.total,
      converged_in: convergedInS === null ? null : `${convergedInS.toFixed(1)}s`,
      total: `${((Date.now() - started) / 1000).toFixed(0)}s`,
    });
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
  }, 480_000);
});
