import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import type { NewQueueJob } from '../platform/outbox/queue-jobs';
import { JOB, NOTIFICATIONS_QUEUE } from './notification-jobs';

/**
 * The repeatable jobs of every channel: id → how often and which job. Each sweep is one job for
 * all its channels (the deadline reminder's email and push alike).
 */
export const SCHEDULES = [
  // Every 5 minutes: a reminder (email and push) goes out within minutes of its gameweek entering the 24-hour window.
  { id: 'notifications-deadline-reminders', repeat: { every: 5 * 60_000 }, job: JOB.deadlineReminders },
  { id: 'notifications-weekly-digest', repeat: { pattern: '0 9 * * 1', tz: 'UTC' }, job: JOB.weeklyDigest },
] as const;

/** A sweep's job as the scheduler adds it: no `now`, so it runs on the real clock. */
const sweepJob = (name: (typeof SCHEDULES)[number]['job']): NewQueueJob<'notifications', typeof name> => ({ name, data: {} });

/**
 * The one scheduler of the notifications: registers the repeatable jobs in Redis when
 * NOTIFICATION_SCHEDULER is on, and removes them when it is off (they live in Redis, so a worker
 * started earlier with it on would otherwise keep them firing). Upserts by id: every replica may
 * do this at start.
 */
@Injectable()
export class NotificationsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationsScheduler.name);

  constructor(
    @InjectQueue(NOTIFICATIONS_QUEUE) private readonly queue: Queue,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      for (const s of SCHEDULES) {
        if (this.env.notificationScheduler) await this.queue.upsertJobScheduler(s.id, s.repeat, sweepJob(s.job));
        else await this.queue.removeJobScheduler(s.id);
      }
    } catch (error) {
      // Redis may be down at start: the worker still runs; the next start registers them.
      this.logger.warn(`notification schedules not updated: ${(error as Error).message}`);
    }
  }
}
