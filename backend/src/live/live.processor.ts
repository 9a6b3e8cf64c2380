import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import { LiveEventsService } from './live-events.service';

/** Consumes the `live` queue: each event becomes a socket push (or a room change). */
@Processor('live', { ...WORKER_OPTIONS, concurrency: 10 })
export class LiveProcessor extends OutboxConsumer<'live'> {
  constructor(private readonly live: LiveEventsService) {
    super();
  }

  protected async handle(job: QueueJob<'live'>): Promise<void> {
    const event = job.data;
    switch (event.name) {
      case 'result.recorded':
        return this.live.resultRecorded(event);
      case 'scores.updated':
        return this.live.scoresUpdated(event);
      case 'member.joined':
        return this.live.memberJoined(event);
      case 'member.left':
        return this.live.memberLeft(event);
      case 'request.created':
        return this.live.requestCreated(event);
      case 'request.approved':
      case 'request.rejected':
        return this.live.requestDecided(event);
    }
  }
}
