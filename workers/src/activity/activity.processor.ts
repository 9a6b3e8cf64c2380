import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { DomainEvent } from '../../../contracts/src/events';
import { ActivityWriterService } from '../../../backend/src/activity/activity-writer.service';

/** Consumes the `activity` queue: each activity-worthy event becomes league feed entries. */
@Processor('activity', { concurrency: 4 })
export class ActivityProcessor extends WorkerHost {
  private readonly logger = new Logger(ActivityProcessor.name);

  constructor(private readonly writer: ActivityWriterService) {
    super();
  }

  async process(job: Job<DomainEvent>): Promise<number | string> {
    switch (job.data.name) {
      case 'member.joined':
        return this.writer.memberJoined(job.data as DomainEvent<'member.joined'>);
      case 'member.left':
        return this.writer.memberLeft(job.data as DomainEvent<'member.left'>);
      case 'request.approved':
        return this.writer.requestApproved(job.data as DomainEvent<'request.approved'>);
      case 'scores.updated':
        return this.writer.scoresUpdated(job.data as DomainEvent<'scores.updated'>);
      default:
        this.logger.warn(`activity queue: no handler for ${job.data.name}`);
        return 'ignored';
    }
  }
}
