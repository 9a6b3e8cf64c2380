import type { YieldingJob } from '../platform/queue/scoring-first';
import { stepBack } from '../platform/queue/step-back';

/**
 * A scores.updated's period winners and rank history wait for the tables the same event queued
 * (issue 37: on two cores they ran beside the small leagues' sweep and doubled it: `scores.updated`
 * → every small league stored 4.8–5.6 s at 100k, 2.5–3.2 s with them after it). The event's job steps back
 * `waitMs` while one of those recomputes is still queued or running, for at most `maxMs` from its
 * creation (a recompute that keeps being folded into must not hold the winners back for ever); the
 * event stays owed until its winners and rank history commit, as before.
 * Read on every job, so a test can change it.
 */
export const TABLES_FIRST = { waitMs: 100, maxMs: 30_000 };

/** The recomputes' job ids a job's progress keeps ({ tables }), null before it queued them. */
export function queuedTablesOf(progress: unknown): string[] | null {
  const tables = typeof progress === 'object' && progress !== null ? (progress as { tables?: unknown }).tables : undefined;
  return Array.isArray(tables) && tables.every((id) => typeof id === 'string') ? tables : null;
}

/** BullMQ states of a job still to run or running (the rest: completed, failed, or gone). */
const PENDING_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** Whether a job created at `createdAt` steps back now: one of the tables' jobs (their states) is pending and it has not waited its longest yet. */
export function yieldsToTables(tableJobStates: string[], createdAt: number, now: number, maxMs: number = TABLES_FIRST.maxMs): boolean {
  return tableJobStates.some((state) => PENDING_STATES.has(state)) && now - createdAt < maxMs;
}

/**
 * Runs a job's work once the recompute jobs `tableJobIds` have run (yieldsToTables); until then the
 * same job waits TABLES_FIRST.waitMs in the delayed set, holding no worker slot (a recompute needs
 * one). Without a lock token (a job run by hand) the work runs now.
 */
export async function afterTables<R>(
  job: YieldingJob,
  token: string | undefined,
  tableJobIds: string[],
  queue: { getJobState(jobId: string): Promise<string> },
  work: () => Promise<R>,
): Promise<R> {
  if (token !== undefined && tableJobIds.length > 0) {
    const states = await Promise.all(tableJobIds.map((id) => queue.getJobState(id)));
    if (yieldsToTables(states, job.timestamp, Date.now())) {
      return stepBack(job, token, TABLES_FIRST.waitMs, 'waits for the tables');
    }
  }
  return work();
}
