import { stepBack, type DelayableJob } from './step-back';

/**
 * The bookkeeping behind a result (stored tables, rank history, period winners, activity) yields
 * to the scorer: while a fixture is being scored, such a job steps back `waitMs` and looks again,
 * for at most `maxMs` from its creation. On two cores a competition whose final whistle was scored
 * first otherwise recomputed its tables beside another competition's scoring and made that one
 * the slower (the competitions bench: the whistles of two competitions at once 2.2× their floor
 * against one's). Fans lose nothing meanwhile: their live points and ranks come from the scorer's
 * own pushes and the live tables, not from this work. Read on every job, so a test can change it.
 */
export const SCORING_FIRST = { waitMs: 250, maxMs: 30_000 };

/** Whether a job created at `createdAt` steps back now: a fixture is being scored and the job has not waited its longest yet. */
export function yieldsToScoring(activeScoringJobs: number, createdAt: number, now: number, maxMs: number = SCORING_FIRST.maxMs): boolean {
  return activeScoringJobs > 0 && now - createdAt < maxMs;
}

/** What of a BullMQ job afterScoring needs: its creation time and a way back to the delayed set. */
export interface YieldingJob extends DelayableJob {
  timestamp: number;
}

/**
 * Runs a job's work, unless the scorer is busy (yieldsToScoring): then the same job waits
 * SCORING_FIRST.waitMs without spending an attempt, keeping its id, so later events still fold
 * into a league's pending recompute. Without a lock token (a job run by hand) the work runs now.
 */
export async function afterScoring<R>(job: YieldingJob, token: string | undefined, scoring: { getActiveCount(): Promise<number> }, work: () => Promise<R>): Promise<R> {
  if (token !== undefined && yieldsToScoring(await scoring.getActiveCount(), job.timestamp, Date.now())) {
    return stepBack(job, token, SCORING_FIRST.waitMs, 'waits for the scorer');
  }
  return work();
}
