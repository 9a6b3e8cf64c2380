import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../outbox/outbox-consumer';
import type { QueueJob } from '../outbox/queue-jobs';
import { WORKER_OPTIONS } from '../queue/worker-options';
import { PUSH_QUEUE, pushCommandForJob } from './push-jobs';
import { PushService, type PushRunResult } from './push.service';

/**
 * Consumes the `push` queue: the domain events routed to it (join requests and decisions,
 * results and scorings: backend/src/outbox/event-routes.ts) and the deadline sweep. Its own
 * queue, so a slow push service holds up neither emails nor standings. Answers what it pushed.
 */
@Processor(PUSH_QUEUE, { ...WORKER_OPTIONS, concurrency: 2 })
export class PushProcessor extends OutboxConsumer<'push'> {
  constructor(private readonly push: PushService) {
    super();
  }

  protected async handle(job: QueueJob<'push'>): Promise<PushRunResult> {
    const command = pushCommandForJob(job);
    return command ? this.push.run(command) : { sent: 0, gone: 0, refused: 0 };
  }
}
