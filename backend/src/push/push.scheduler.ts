import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import type { NewQueueJob } from '../outbox/queue-jobs';
import { PUSH_JOB, PUSH_QUEUE } from './push-jobs';

const SCHEDULE_ID = 'push-deadline-reminders';
/** Every 5 minutes, like the reminder email: a push goes out within minutes of the 24-hour window opening. */
const EVERY_MS = 5 * 60_000;
const sweep: NewQueueJob<'push', typeof PUSH_JOB.deadlineReminders> = { name: PUSH_JOB.deadlineReminders, data: {} };

/**
 * Registers the repeatable deadline-reminder push when NOTIFICATION_SCHEDULER is on (removes it
 * when off), as NotificationsScheduler does for the emails. Upserts by id: any replica may.
 */
@Injectable()
export class PushScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(PushScheduler.name);

  constructor(
    @InjectQueue(PUSH_QUEUE) private readonly queue: Queue,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      if (this.env.notificationScheduler) await this.queue.upsertJobScheduler(SCHEDULE_ID, { every: EVERY_MS }, sweep);
      else await this.queue.removeJobScheduler(SCHEDULE_ID);
    } catch (error) {
      // Redis may be down at start: the next start registers it.
      this.logger.warn(`push schedule not updated: ${(error as Error).message}`);
    }
  }
}
