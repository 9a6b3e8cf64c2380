import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import { afterScoring } from '../platform/queue/scoring-first';
import { Logger } from '@nestjs/common';
import type { QueueJob, QueueJobs } from '../platform/outbox/queue-jobs';
import { ActivityWriterService, NewActivity } from './activity-writer.service';
import { LiveEventsService } from '../live/live-events.service';

/** Consumes the `activity` queue: each activity-worthy event becomes league feed entries, announced live. */
@Processor('activity', { ...WORKER_OPTIONS, concurrency: 4 })
export class ActivityProcessor extends OutboxConsumer<'activity'> {
  private readonly logger = new Logger(ActivityProcessor.name);

  constructor(
    private readonly writer: ActivityWriterService,
    private readonly live: LiveEventsService,
    @InjectQueue('scoring') private readonly scoring: Queue,
  ) {
    super();
  }

  /** The feed's entries wait while a fixture is being scored: the scorer comes first (afterScoring). */
  override process(job: Job, token?: string): Promise<unknown> {
    return afterScoring(job, token, this.scoring, () => super.process(job));
  }

  protected async handle(job: QueueJob<'activity'>): Promise<number> {
    const created = await this.write(job.data);
    await this.live.activitiesCreated(created);
    return created.length;
  }

  private async write(event: QueueJobs['activity'][keyof QueueJobs['activity']]): Promise<NewActivity[]> {
    const name: string = event.name;
    switch (event.name) {
      case 'member.joined':
        return this.writer.memberJoined(event);
      case 'member.left':
        return this.writer.memberLeft(event);
      case 'request.approved':
        return this.writer.requestApproved(event);
      case 'scores.updated':
        return this.writer.scoresUpdated(event);
      default:
        this.logger.warn(`activity queue: no handler for ${name}`);
        return [];
    }
  }
}
