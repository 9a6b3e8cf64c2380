import { Client } from 'pg';
import { SCORING_LOCK_NAMESPACE } from '@scoreline/backend/scoring/scoring.shared-sql';
import { countMismatches, describeMismatches, waitForConvergence, NO_MISMATCHES } from './support/expected';
import { FaultSystem } from './support/fault-system';
import { printFigure } from './support/figures';
import { pollUntil, sleep } from '../support/owned-processes';


/**
 * Issue 9 §6 (b): "Redis killed ~100 ms after six results (no persistence) → 70,221
 * predictions never re-scored". The README promises "Redis down delays events, never loses
 * them": after kill -9 and a restart of an EMPTY Redis, every result must still be scored.
 */
describe('fault: Redis is killed with jobs queued and comes back empty', () => {
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

  it('scores every result recorded before the kill', async () => {
    const fixtures = sys.game.currentFixtureIds.slice(0, 6);
    const scores: [number, number][] = [[2, 1], [1, 1], [0, 2], [3, 0], [2, 2], [1, 0]];
    // The season's scoring lock keeps the jobs queued (none can finish) until Redis is gone.
    const lockHolder = new Client({ connectionString: sys.pg.url('scoreline_faults') });
    await lockHolder.connect();
    let relayed = 0;
    try {
      await lockHolder.query(`SELECT pg_advisory_lock($1, $2)`, [SCORING_LOCK_NAMESPACE, sys.game.seasonId]);
      for (const [i, id] of fixtures.entries()) await sys.recordResult(id, ...scores[i]);
      await sleep(100);
      // Relayed = handed to Redis: from here on Redis alone holds those jobs.
      relayed = await pollUntil('the six result events relayed', 10_000, async () => {
        const [{ n }]: { n: number }[] = await sys.db.query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'result.recorded' AND dispatched_at IS NOT NULL`,
        );
        return n >= fixtures.length ? n : undefined;
      }, 20);
      await sys.redis.kill();
    } finally {
      await lockHolder.end();
    }
    await sys.redis.start();

    const { counts, convergedInS } = await waitForConvergence(sys.db, 90_000);
    printFigure('redis-loss', {
      results: fixtures.length,
      relayed_before_kill: relayed,
      predictions: sys.game.predictions,
      mismatches: counts.total,
      converged_in: convergedInS === null ? null : `${convergedInS.toFixed(1)}s`,
    });
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
  }, 240_000);
});
