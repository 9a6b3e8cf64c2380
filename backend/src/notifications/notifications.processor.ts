import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OutboxConsumer } from '../platform/outbox/outbox-consumer';
import { afterScoring } from '../platform/queue/scoring-first';
import { WORKER_OPTIONS } from '../platform/queue/worker-options';
import type { QueueJob } from '../platform/outbox/queue-jobs';
import { commandForJob, NOTIFICATIONS_QUEUE, waitsForScoring } from './notification-jobs';
import { NotificationsService, type NotificationRunResult } from './notifications.service';

/**
 * Consumes the `notifications` queue, every notification's one queue: the domain events routed to
 * it (join requests and decisions, results and scorings: backend/src/platform/outbox/event-routes.ts) and
 * the scheduled sweeps (deadline reminders, weekly digest; `data.now` may set their clock, for
 * tests). Answers what each channel sent. Concurrency 4: the sum of the email's and the push's
 * queues it replaced. A job sends on its channels side by side, so a slow channel does not delay
 * the other's messages of that job; only while all four jobs wait on it do the next ones wait.
 */
@Processor(NOTIFICATIONS_QUEUE, { ...WORKER_OPTIONS, concurrency: 4 })
export class NotificationsProcessor extends OutboxConsumer<'notifications'> {
  constructor(
    private readonly notifications: NotificationsService,
    @InjectQueue('scoring') private readonly scoring: Queue,
  ) {
    super();
  }

  /**
   * A gameweek's final mails and pushes wait while a fixture is being scored (afterScoring): they
   * rank every member of the competition's global league now and before the round (one statement
   * for both channels, two windows over a million fans), which slowed another competition's
   * scoring of its final whistle. A goal's push and the league requests go at once.
   */
  override process(job: Job, token?: string): Promise<unknown> {
    if (!waitsForScoring(job as QueueJob<'notifications'>)) return super.process(job, token);
    return afterScoring(job, token, this.scoring, () => super.process(job, token));
  }

  protected async handle(job: QueueJob<'notifications'>): Promise<NotificationRunResult> {
    const command = commandForJob(job);
    return command ? this.notifications.run(command) : {};
  }
}

