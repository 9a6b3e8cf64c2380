import { WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { outboxEventIdOf, OutboxService } from './outbox.service';

/**
 * A BullMQ processor of outbox events. `handle` does the work; once it has returned, the event is
 * settled for this queue (no longer owed), so an event whose job Redis lost, or that failed for
 * good, is still owed in Postgres and the relay's sweeper hands it out again. Derived jobs (ids
 * not of the form `evt-<id>`, e.g. a league's coalesced recompute) have nothing to settle. An
 * UnrecoverableError (data that can never succeed) settles the event as given up, with the
 * reason kept on the outbox row, instead of being retried forever; the job still shows as failed.
 */
export abstract class OutboxConsumer<T = unknown, R = unknown> extends WorkerHost {
  @Inject(OutboxService) private readonly outboxSettlement!: OutboxService;

  protected abstract handle(job: Job<T>): Promise<R>;

  async process(job: Job<T>): Promise<R> {
    const eventId = outboxEventIdOf(job.id);
    let result: R;
    try {
      result = await this.handle(job);
    } catch (error) {
      if (error instanceof UnrecoverableError && eventId !== null) await this.outboxSettlement.settle(eventId, job.queueName, error.message);
      throw error;
    }
    if (eventId !== null) await this.outboxSettlement.settle(eventId, job.queueName);
    return result;
  }
}
