import { WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { QueueName } from './event-routes';
import { outboxEventIdOf, OutboxService } from './outbox.service';
import type { QueueJob } from './queue-jobs';

/**
 * A BullMQ processor of outbox events. `handle` does the work; once it has returned, the event is
 * settled for this queue (no longer owed), so an event whose job Redis lost, or that failed for
 * good, is still owed in Postgres and the relay's sweeper hands it out again. Derived jobs (ids
 * not of the form `evt-<id>`, e.g. a league's coalesced recompute) have nothing to settle. An
 * UnrecoverableError (data that can never succeed) settles the event as given up, with the
 * reason kept on the outbox row, instead of being retried forever; the job still shows as failed.
 * Q names the queue: its jobs are typed by queue-jobs.ts.
 */
export abstract class OutboxConsumer<Q extends QueueName, R = unknown> extends WorkerHost {
  @Inject(OutboxService) private readonly outboxSettlement!: OutboxService;

  protected abstract handle(job: QueueJob<Q>): Promise<R>;

  async process(job: Job): Promise<R> {
    const eventId = outboxEventIdOf(job.id);
    let result: R;
    try {
      // The one place a job from Redis takes its queue's type: only the relay and the producers
      // typed by queue-jobs.ts add to our queues (processors still refuse what they do not know).
      result = await this.handle(job as QueueJob<Q>);
    } catch (error) {
      if (error instanceof UnrecoverableError && eventId !== null) await this.outboxSettlement.settle(eventId, job.queueName, error.message);
      throw error;
    }
    if (eventId !== null) await this.outboxSettlement.settle(eventId, job.queueName);
    return result;
  }
}
