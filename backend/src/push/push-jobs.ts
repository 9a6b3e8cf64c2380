import { UnrecoverableError } from 'bullmq';
import type { DomainEvent } from '@scoreline/contracts/events';
import type { PushKind } from '@scoreline/contracts/api/push';
import { EVENT_ROUTES, type QueueName } from '../outbox/event-routes';
import { jobId, jobNow, jobRecord } from '../queue/job-data';
import type { NewQueueJob, QueueJob, QueueJobName, RoutedEventJob } from '../outbox/queue-jobs';

/**
 * The queue of every web push (its own, so a slow push service delays neither the emails nor
 * the live sockets): the domain events routed to it and its deadline sweep.
 */
export const PUSH_QUEUE: QueueName = 'push';

export const PUSH_JOB = {
  deadlineReminders: 'deadline-reminders',
  joinRequested: 'join-requested',
  requestDecided: 'request-decided',
  goal: 'goal',
  gameweekFinal: 'gameweek-final',
} as const satisfies Record<string, QueueJobName<'push'>>;

/** push_deliveries.kind of each push (the payload's `kind` too). */
export const PUSH_KIND = {
  joinRequest: 'join_request',
  decided: 'request_decided',
  deadline: 'deadline',
  goal: 'goal',
  gameweekFinal: 'gameweek_final',
} as const satisfies Record<string, PushKind>;

export type PushCommand =
  | { name: typeof PUSH_JOB.deadlineReminders; now: Date }
  | { name: typeof PUSH_JOB.joinRequested | typeof PUSH_JOB.requestDecided; requestId: number }
  | { name: typeof PUSH_JOB.goal; fixtureId: number }
  | { name: typeof PUSH_JOB.gameweekFinal; gameweekId: number };

/** Checks a job's name and data (bad data can never succeed: UnrecoverableError, no retries). */
export function parsePushJob(name: string, data: unknown, clock: Date = new Date()): PushCommand {
  const record = jobRecord(name, data);
  switch (name) {
    case PUSH_JOB.deadlineReminders:
      return { name, now: jobNow(name, record, clock) };
    case PUSH_JOB.joinRequested:
    case PUSH_JOB.requestDecided:
      return { name, requestId: jobId(name, record, 'requestId') };
    case PUSH_JOB.goal:
      return { name, fixtureId: jobId(name, record, 'fixtureId') };
    case PUSH_JOB.gameweekFinal:
      return { name, gameweekId: jobId(name, record, 'gameweekId') };
    default:
      throw new UnrecoverableError(`push queue: unknown job ${name}`);
  }
}

export type PushEventJob = NewQueueJob<'push', Exclude<QueueJobName<'push'>, typeof PUSH_JOB.deadlineReminders | DomainEvent['name']>>;

/**
 * The push an event calls for, or null. Scoring a live match (a goal, or a kick-off: the goal
 * job finds no goal then) is a goal push; a final scoring or a final result may end the
 * gameweek (the job checks whether it did, as the results email does).
 */
export function pushJobForEvent(event: DomainEvent): PushEventJob | null {
  switch (event.name) {
    case 'request.created':
      return { name: PUSH_JOB.joinRequested, data: { requestId: event.payload.requestId } };
    case 'request.approved':
    case 'request.rejected':
      return { name: PUSH_JOB.requestDecided, data: { requestId: event.payload.requestId } };
    case 'scores.updated': {
      const { final, status, fixtureId, gameweekId } = event.payload;
      if (final) return { name: PUSH_JOB.gameweekFinal, data: { gameweekId } };
      return status === 'live' ? { name: PUSH_JOB.goal, data: { fixtureId } } : null;
    }
    case 'result.recorded': {
      const { status, gameweekId } = event.payload;
      return status === 'finished' || status === 'postponed' ? { name: PUSH_JOB.gameweekFinal, data: { gameweekId } } : null;
    }
    default:
      return null;
  }
}

function isRoutedEventJob(job: QueueJob<'push'>): job is RoutedEventJob<'push'> {
  const routes: Partial<Record<string, readonly QueueName[]>> = EVENT_ROUTES;
  return Object.prototype.hasOwnProperty.call(routes, job.name) && (routes[job.name]?.includes(PUSH_QUEUE) ?? false);
}

/** The command a job of the push queue stands for (null: an event that pushes nothing). */
export function pushCommandForJob(job: QueueJob<'push'>): PushCommand | null {
  if (isRoutedEventJob(job)) {
    const forwarded = pushJobForEvent(job.data);
    return forwarded ? parsePushJob(forwarded.name, forwarded.data) : null;
  }
  return parsePushJob(job.name, job.data);
}
