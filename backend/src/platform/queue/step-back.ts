import { DelayedError } from 'bullmq';

/** What of a BullMQ job stepBack needs. */
export interface DelayableJob {
  moveToDelayed(timestamp: number, token?: string): Promise<void>;
}

/**
 * Puts the running job back in the delayed set for `waitMs`, without spending an attempt: the same
 * job keeps its id, so newer work still folds into it (a deduplicated recompute stays one per
 * league). BullMQ needs the DelayedError thrown from the processor to leave the job where it is.
 * Rejects with moveToDelayed's own error when the job cannot be moved (Redis away).
 */
export async function stepBack(job: DelayableJob, token: string, waitMs: number, why: string): Promise<never> {
  await job.moveToDelayed(Date.now() + waitMs, token);
  throw new DelayedError(why);
}
