import type { BulkJobOptions, Job, Queue } from 'bullmq';
import type { DomainEventOf } from '@scoreline/contracts/events';
import type { EventRoutedTo, QueueName } from './event-routes';

/**
 * Jobs a queue carries besides its routed events, by job name: what its processor adds (a
 * league's coalesced recompute) or a scheduler does (the notification sweeps). The notification
 * commands a routed event becomes are listed too: tests and ops may add them directly.
 */
interface DerivedJobs {
  mail: object;
  standings: { 'standings.recompute': { leagueId: number }; 'standings.recompute-small': { leagueIds: number[] } };
  activity: object;
  scoring: object;
  live: object;
  notifications: {
    /** `now` (ISO) sets the sweep's clock, for tests; the scheduler sends none. */
    'deadline-reminders': { now?: string };
    'weekly-digest': { now?: string };
    'gameweek-final': { gameweekId: number };
    'join-requested': { requestId: number };
    'request-decided': { requestId: number };
    goal: { fixtureId: number };
    /** request-decided's former name, still accepted. */
    'request-approved': { requestId: number };
  };
}

/**
 * Every queue's jobs, job name → data: each event routed to it (event-routes.ts; the job is
 * named as the event and carries it whole) and its derived jobs.
 */
export type QueueJobs = {
  [Q in QueueName]: { [N in EventRoutedTo<Q>]: DomainEventOf<N> } & DerivedJobs[Q];
};

export type QueueJobName<Q extends QueueName> = keyof QueueJobs[Q] & string;

/** A job on queue Q as a processor receives it: a union discriminated by `name`, so checking the name narrows `data`. */
export type QueueJob<Q extends QueueName> = {
  [N in QueueJobName<Q>]: Job<QueueJobs[Q][N], unknown, N>;
}[QueueJobName<Q>];

/** A routed event's job on queue Q. */
export type RoutedEventJob<Q extends QueueName> = Extract<QueueJob<Q>, { name: EventRoutedTo<Q> }>;

/** A job to add to queue Q (QueueOf<Q>.addBulk), its data matching its name. */
export type NewQueueJob<Q extends QueueName, N extends QueueJobName<Q> = QueueJobName<Q>> = {
  [K in N]: { name: K; data: QueueJobs[Q][K]; opts?: BulkJobOptions };
}[N];

/** Queue Q as its producers see it: only its job names, only its data types. */
export type QueueOf<Q extends QueueName> = Queue<QueueJobs[Q][QueueJobName<Q>], unknown, QueueJobName<Q>>;
