import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { DomainEvent } from '../../../contracts/src/events';
import { LiveEventsService } from '../../../backend/src/live/live-events.service';

/** Consumes the `live` queue: each event becomes a socket push (or a room change). */
@Processor('live', { concurrency: 10 })
export class LiveProcessor extends WorkerHost {
  constructor(private readonly live: LiveEventsService) {
    super();
  }

  async process(job: Job<DomainEvent>): Promise<void> {
    const event = job.data;
    switch (event.name) {
      case 'result.recorded':
        return this.live.resultRecorded(event as DomainEvent<'result.recorded'>);
      case 'scores.updated':
        return this.live.scoresUpdated(event as DomainEvent<'scores.updated'>);
      case 'member.joined':
        return this.live.memberJoined(event as DomainEvent<'member.joined'>);
      case 'member.left':
        return this.live.memberLeft(event as DomainEvent<'member.left'>);
      case 'request.created':
        return this.live.requestCreated(event as DomainEvent<'request.created'>);
      case 'request.approved':
      case 'request.rejected':
        return this.live.requestDecided(event as DomainEvent<'request.approved' | 'request.rejected'>);
    }
  }
}
