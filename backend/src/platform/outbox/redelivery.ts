import type { Queue } from 'bullmq';
import type { DomainEventName } from '@scoreline/contracts/events';
import { DEFAULT_JOB_OPTIONS } from './event-routes';
import type { OutboxRow } from './outbox.queries';
import { domainEventOf, outboxJobId } from './outbox.service';

/** An outbox event's job: named as the event, carrying it whole, its outbox id as job id (a second copy collapses into the first). */
export function outboxJobOf<N extends DomainEventName>(row: OutboxRow<N>) {
  return { name: row.name, data: domainEventOf(row), opts: { ...DEFAULT_JOB_OPTIONS, jobId: outboxJobId(row.id) } };
}

/**
 * What handing an owed event to a queue again did: its job was unknown to Redis and is enqueued
 * anew; it had failed for good and is retried with its attempts reset; it had completed (the
 * consumer's work is done, only its settlement was lost); or it is still on its way (waiting,
 * delayed or running) and is left alone.
 */
export type Redelivery = 'enqueued' | 'retried' | 'completed' | 'on-its-way';

/** Hands an owed event to one queue again, as its job's state asks (the sweeper's and a replay's one way). */
export async function deliverAgain(queue: Queue, row: OutboxRow): Promise<Redelivery> {
  const jobId = outboxJobId(row.id);
  const state = await queue.getJobState(jobId);
  if (state === 'unknown') {
    const job = outboxJobOf(row);
    await queue.add(job.name, job.data, job.opts);
    return 'enqueued';
  }
  if (state === 'failed') {
    const job = await queue.getJob(jobId);
    await job?.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return 'retried';
  }
  return state === 'completed' ? 'completed' : 'on-its-way';
}
