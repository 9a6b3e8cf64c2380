import { WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
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
 * Any other failure is counted per event and queue (OutboxService.recordFailure): at
 * OUTBOX_MAX_ATTEMPTS the delivery is a dead letter, retried by no one until an operator replays it.
 * A DelayedError (the same job put back to wait, e.g. tables-first.ts) is no failure: it passes untouched.
 * Q names the queue: its jobs are typed by queue-jobs.ts.
 */
export abstract class OutboxConsumer<Q extends QueueName, R = unknown> extends WorkerHost {
  @Inject(OutboxService) private readonly outboxSettlement!: OutboxService;
  @Inject(APP_ENV) private readonly outboxEnv!: AppEnv;

  /** `token`: the job's lock token (undefined when run by hand), for a handler that puts the job back to wait. */
  protected abstract handle(job: QueueJob<Q>, token?: string): Promise<R>;

  async process(job: Job, token?: string): Promise<R> {
    const eventId = outboxEventIdOf(job.id);
    let result: R;
    try {
      // The one place a job from Redis takes its queue's type: only the relay and the producers
      // typed by queue-jobs.ts add to our queues (processors still refuse what they do not know).
      result = await this.handle(job as QueueJob<Q>, token);
    } catch (error) {
      if (eventId === null || error instanceof DelayedError) throw error;
      throw await this.outboxSettlement.recordFailure(eventId, job.queueName, error, this.outboxEnv.outboxMaxAttempts);
    }
    if (eventId !== null) await this.outboxSettlement.settle(eventId, job.queueName);
    return result;
  }
}
