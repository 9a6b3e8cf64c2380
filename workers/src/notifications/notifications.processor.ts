import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../../../backend/src/outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../../../backend/src/queue/worker-options';
import type { QueueJob } from '../../../backend/src/outbox/queue-jobs';
import { isRoutedEventJob, JOB, jobForEvent, NOTIFICATIONS_QUEUE, parseNotificationJob, type NotificationJob } from './notification-jobs';
import { NotificationsService } from './notifications.service';

/**
 * Consumes the `notifications` queue: the domain events routed to it (join requests, approvals,
 * results: backend/src/outbox/event-routes.ts) and the scheduled sweeps (deadline reminders,
 * weekly digest; `data.now` may set their clock, for tests). Answers the number of emails sent.
 */
@Processor(NOTIFICATIONS_QUEUE, { ...WORKER_OPTIONS, concurrency: 2 })
export class NotificationsProcessor extends OutboxConsumer<'notifications'> {
  constructor(private readonly notifications: NotificationsService) {
    super();
  }

  protected async handle(job: QueueJob<'notifications'>): Promise<number> {
    let command: NotificationJob;
    if (isRoutedEventJob(job)) {
      const forwarded = jobForEvent(job.data);
      if (!forwarded) return 0; // e.g. a live score: no email
      command = parseNotificationJob(forwarded.name, forwarded.data);
    } else {
      command = parseNotificationJob(job.name, job.data);
    }
    switch (command.name) {
      case JOB.deadlineReminders:
        return this.notifications.deadlineReminders(command.now);
      case JOB.weeklyDigest:
        return this.notifications.weeklyDigest(command.now);
      case JOB.gameweekFinal:
        return this.notifications.gameweekFinal(command.gameweekId);
      case JOB.joinRequested:
        return this.notifications.joinRequested(command.requestId);
      case JOB.requestApproved:
        return this.notifications.requestApproved(command.requestId);
    }
  }
}
