import { UnrecoverableError } from 'bullmq';
import type { DomainEvent, DomainEventName } from '@scoreline/contracts/events';
import type { PushKind } from '@scoreline/contracts/api/push';
import { EVENT_ROUTES, type QueueName } from '../platform/outbox/event-routes';
import type { NewQueueJob, QueueJob, QueueJobName, RoutedEventJob } from '../platform/outbox/queue-jobs';
import { jobId, jobNow, jobRecord } from '../platform/queue/job-data';

/**
 * The one queue of every notification, whatever its channels (email, web push): the domain
 * events routed to it and the scheduled sweeps. A job names a notification and its subject;
 * which channels it goes out on is the pipeline's business (NotificationsService), per reader.
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

/** Job names on the notifications queue: one per notification, named for what happened. */
export const JOB = {
  deadlineReminders: 'deadline-reminders',
  weeklyDigest: 'weekly-digest',
  gameweekFinal: 'gameweek-final',
  joinRequested: 'join-requested',
  /** A join request approved or rejected (the email is for approvals only: there is no rejection email). */
  requestDecided: 'request-decided',
  goal: 'goal',
  /** The name the approval job had before request-decided; still accepted (a job queued before an upgrade). */
  requestApproved: 'request-approved',
} as const satisfies Record<string, QueueJobName<'notifications'>>;

/**
 * The delivery kind of each notification per channel (notification_deliveries.kind for an email,
 * push_deliveries.kind and the payload's `kind` for a push): the channels a notification has at
 * all. Each channel keeps its own delivery rows, so an email and a push of one notification are
 * each sent once.
 */
export const CHANNEL_KINDS = {
  deadline: { email: 'gameweek_deadline', push: 'deadline' },
  results: { email: 'match_results', push: 'gameweek_final' },
  joinRequest: { email: 'league_join_request', push: 'join_request' },
  decided: { email: 'league_request_approved', push: 'request_decided' },
  digest: { email: 'weekly_digest' },
  goal: { push: 'goal' },
} as const satisfies Record<string, { email?: string; push?: PushKind }>;

export type NotificationKind = keyof typeof CHANNEL_KINDS;

/** notification_deliveries.kind of each email. */
export const KIND = {
  deadline: CHANNEL_KINDS.deadline.email,
  results: CHANNEL_KINDS.results.email,
  joinRequest: CHANNEL_KINDS.joinRequest.email,
  approved: CHANNEL_KINDS.decided.email,
  digest: CHANNEL_KINDS.digest.email,
} as const;

/** push_deliveries.kind of each push (the payload's `kind` too). */
export const PUSH_KIND = {
  joinRequest: CHANNEL_KINDS.joinRequest.push,
  decided: CHANNEL_KINDS.decided.push,
  deadline: CHANNEL_KINDS.deadline.push,
  goal: CHANNEL_KINDS.goal.push,
  gameweekFinal: CHANNEL_KINDS.results.push,
} as const satisfies Record<string, PushKind>;

/** A job of the queue as a checked command. */
export type NotificationJob =
  | { name: typeof JOB.deadlineReminders | typeof JOB.weeklyDigest; now: Date }
  | { name: typeof JOB.gameweekFinal; gameweekId: number }
  | { name: typeof JOB.joinRequested | typeof JOB.requestDecided; requestId: number }
  | { name: typeof JOB.goal; fixtureId: number };

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
    case JOB.requestDecided:
      return { name, requestId: jobId(name, record, 'requestId') };
    case JOB.requestApproved:
      return { name: JOB.requestDecided, requestId: jobId(name, record, 'requestId') };
    case JOB.goal:
      return { name, fixtureId: jobId(name, record, 'fixtureId') };
    default:
      throw new UnrecoverableError(`notifications queue: unknown job ${name}`);
  }
}

/**
 * The command a job of the queue stands for: a routed event becomes its notification job (or
 * null: e.g. a kick-off's scoring notifies nobody), a sweep or command job is checked as it is.
 */
export function commandForJob(job: QueueJob<'notifications'>): NotificationJob | null {
  if (isRoutedEventJob(job)) {
    const forwarded = jobForEvent(job.data);
    return forwarded ? parseNotificationJob(forwarded.name, forwarded.data) : null;
  }
  return parseNotificationJob(job.name, job.data);
}

/**
 * Whether a job of the queue waits while a fixture is being scored (scoring-first.ts): a gameweek's
 * final mails and pushes, which rank every member of the competition's global league. A goal's push
 * and the league requests go at once. A job whose data is bad does not wait: handle refuses it.
 */
export function waitsForScoring(job: QueueJob<'notifications'>): boolean {
  try {
    return commandForJob(job)?.name === JOB.gameweekFinal;
  } catch {
    return false;
  }
}

/** A notification command a domain event becomes (run at once by the processor). */
export type EventJob = NewQueueJob<'notifications', typeof JOB.gameweekFinal | typeof JOB.joinRequested | typeof JOB.requestDecided | typeof JOB.goal>;

/**
 * The notification job a domain event calls for, or null. A join request is for its owner,
 * either decision for its requester. Scoring a live match (a goal, or a kick-off: the goal job
 * finds no goal then) is a goal. A gameweek may become fully final with a result (a match
 * nobody predicted can end it with no scores.updated: a postponement, or a final whistle at the
 * score already scored) or with the scoring of one, so both are checked; the job itself decides
 * whether the gameweek is over.
 */
export function jobForEvent(event: DomainEvent): EventJob | null {
  switch (event.name) {
    case 'request.created':
      return { name: JOB.joinRequested, data: { requestId: event.payload.requestId } };
    case 'request.approved':
    case 'request.rejected':
      return { name: JOB.requestDecided, data: { requestId: event.payload.requestId } };
    case 'scores.updated': {
      const { final, status, fixtureId, gameweekId } = event.payload;
      if (final) return { name: JOB.gameweekFinal, data: { gameweekId } };
      return status === 'live' ? { name: JOB.goal, data: { fixtureId } } : null;
    }
    case 'result.recorded': {
      const { status, gameweekId } = event.payload;
      return status === 'finished' || status === 'postponed' ? { name: JOB.gameweekFinal, data: { gameweekId } } : null;
    }
    default:
      return null;
  }
}
