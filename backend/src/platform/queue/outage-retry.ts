import { DelayedError } from 'bullmq';
import { isOutageError } from '../common/outage';
import type { DelayableJob } from './step-back';

/** How long a job that met Postgres or Redis away waits before it runs again. */
export const OUTAGE_RETRY_MS = 1000;

/**
 * Runs a job's work; when it fails because Postgres or Redis is away, the SAME job waits
 * OUTAGE_RETRY_MS and runs again, without using up an attempt. BullMQ's own retries back off
 * exponentially (1, 2, 4 … 64 s): after a few restarts a league's recompute waited most of a minute
 * for a database that was long back, and as a deduplicated job it held its league's id all that
 * time, so every newer recompute of that league folded into it and waited too. Here the pending job
 * keeps the id (newer work still folds into it, one recompute per league) and runs within a second
 * of the database answering: recovery proportional to the outage, not to the number of failures.
 * Any other failure goes BullMQ's way (its attempts and backoff). Only for work that touches nothing
 * but Postgres and Redis: a mail or push job's ECONNREFUSED is another server's.
 */
export async function retryWhileDown<R>(job: DelayableJob, token: string | undefined, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if (!isOutageError(error) || token === undefined) throw error;
    // Not stepBack: with Redis away the move fails too, and the job must then fail with the outage's
    // own error (or, if even that cannot be written, its lock lapses and it is taken again as
    // stalled) for BullMQ to retry it.
    await job.moveToDelayed(Date.now() + OUTAGE_RETRY_MS, token).catch(() => {
      throw error;
    });
    throw new DelayedError(`waits for ${error instanceof Error ? error.message : String(error)}`);
  }
}
