import { UnrecoverableError } from 'bullmq';
import type { DomainEvent, DomainEventName } from '@scoreline/contracts/events';
import { EVENT_ROUTES, type QueueName } from '../outbox/event-routes';
import type { NewQueueJob, QueueJob, QueueJobName, RoutedEventJob } from '../outbox/queue-jobs';
import { jobId, jobNow, jobRecord } from '../queue/job-data';

/**
 * The queue of every notification email job (its own, so a slow SMTP server delays nothing
 * else): the domain events routed to it and its own scheduled sweeps.
 */
export const NOTIFICATIONS_QUEUE: QueueName = 'notifications';

/** Whether a job on the queue is a domain event the outbox relay put there (named as the event). */
export function isRoutedEvent(jobName: string): jobName is DomainEventName {
  const routes: Partial<Record<string, readonly QueueName[]>> = EVENT_ROUTES;
  return Object.prototype.hasOwnProperty.call(routes, jobName) && (routes[jobName]?.includes(NOTIFICATIONS_QUEUE) ?? false);
}

/** The same check on a job of the queue: narrows it to a routed event's job. */
export function isRoutedEventJob(job: QueueJob<'notifications'>): job is RoutedEventJob<'notifications'> {
  return isRoutedEvent(job.name);
}

/** Job names on the notifications queue. */
export const JOB = {
  deadlineReminders: 'deadline-reminders',
  weeklyDigest: 'weekly-digest',
  gameweekFinal: 'gameweek-final',
  joinRequested: 'join-requested',
  requestApproved: 'request-approved',
} as const satisfies Record<string, QueueJobName<'notifications'>>;

/** notification_deliveries.kind of each email. */
export const KIND = {
  deadline: 'gameweek_deadline',
  results: 'match_results',
  joinRequest: 'league_join_request',
  approved: 'league_request_approved',
  digest: 'weekly_digest',
} as const;

export type NotificationJob =
  | { name: typeof JOB.deadlineReminders | typeof JOB.weeklyDigest; now: Date }
  | { name: typeof JOB.gameweekFinal; gameweekId: number }
  | { name: typeof JOB.joinRequested | typeof JOB.requestApproved; requestId: number };

/**
 * Checks a job's name and data, and gives the job as a typed command. Bad data can never
 * succeed, so it is an UnrecoverableError: BullMQ fails the job at once instead of retrying.
 * `clock` is the real now, used when a scheduled job carries none.
 */
export function parseNotificationJob(name: string, data: unknown, clock: Date = new Date()): NotificationJob {
  const record = jobRecord(name, data);
  switch (name) {
    case JOB.deadlineReminders:
    case JOB.weeklyDigest:
      return { name, now: jobNow(name, record, clock) };
    case JOB.gameweekFinal:
      return { name, gameweekId: jobId(name, record, 'gameweekId') };
    case JOB.joinRequested:
    case JOB.requestApproved:
      return { name, requestId: jobId(name, record, 'requestId') };
    default:
      throw new UnrecoverableError(`notifications queue: unknown job ${name}`);
  }
}

/**
 * The command a job of the queue stands for: a routed event becomes its notification job (or
 * null: e.g. a live score means no email), a sweep or command job is checked as it is.
 */
export function commandForJob(job: QueueJob<'notifications'>): NotificationJob | null {
  if (isRoutedEventJob(job)) {
    const forwarded = jobForEvent(job.data);
    return forwarded ? parseNotificationJob(forwarded.name, forwarded.data) : null;
  }
  return parseNotificationJob(job.name, job.data);
}

/** A notification command a domain event becomes (run at once by the processor). */
export type EventJob = NewQueueJob<'notifications', typeof JOB.gameweekFinal | typeof JOB.joinRequested | typeof JOB.requestApproved>;

/**
 * The notification job a domain event calls for, or null. A gameweek may become fully final
 * with a result (a match nobody predicted can end it with no scores.updated: a postponement, or
 * a final whistle at the score already scored) or with the
 * scoring of one, so both are checked; the job itself decides whether the gameweek is over.
 */
export function jobForEvent(event: DomainEvent): EventJob | null {
  switch (event.name) {
    case 'request.created':
      return { name: JOB.joinRequested, data: { requestId: event.payload.requestId } };
    case 'request.approved':
      return { name: JOB.requestApproved, data: { requestId: event.payload.requestId } };
    case 'scores.updated': {
      const { final, gameweekId } = event.payload;
      return final ? { name: JOB.gameweekFinal, data: { gameweekId } } : null;
    }
    case 'result.recorded': {
      const { status, gameweekId } = event.payload;
      return status === 'finished' || status === 'postponed' ? { name: JOB.gameweekFinal, data: { gameweekId } } : null;
    }
    default:
      return null;
  }
}
