import { Processor } from '@nestjs/bullmq';
import { OutboxConsumer } from '../outbox/outbox-consumer';
import { WORKER_OPTIONS } from '../queue/worker-options';
import type { QueueJob } from '../outbox/queue-jobs';
import { commandForJob, NOTIFICATIONS_QUEUE } from './notification-jobs';
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
    const command = commandForJob(job);
    return command ? this.notifications.run(command) : 0;
  }
}
