import type { DomainEventName } from '@scoreline/contracts/events';

/** The BullMQ queues, one per consumer. */
export const QUEUES = ['mail', 'standings', 'activity', 'scoring', 'live', 'notifications', 'push'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Which consumers receive which event. The relay copies each outbox row into every queue
 * listed here; an event nobody consumes yet is still recorded in the outbox.
 */
const ROUTES = {
  'user.registered': [],
  'otp.requested': ['mail'],
  'account.exists': ['mail'],
  'member.joined': ['standings', 'activity', 'live'],
  'member.left': ['standings', 'activity', 'live'],
  'request.created': ['live', 'notifications', 'push'],
  'request.approved': ['activity', 'live', 'notifications', 'push'],
  'request.rejected': ['live', 'push'],
  'prediction.saved': [],
  'result.recorded': ['scoring', 'live', 'notifications', 'push'],
  'scores.updated': ['standings', 'activity', 'live', 'notifications', 'push'],
  'bonus.settled': ['standings'],
} as const satisfies Record<DomainEventName, readonly QueueName[]>;
export const EVENT_ROUTES: Record<DomainEventName, readonly QueueName[]> = ROUTES;

/** The events the relay puts on queue Q (queue-jobs.ts types its jobs from this). */
export type EventRoutedTo<Q extends QueueName> = {
  [N in DomainEventName]: Q extends (typeof ROUTES)[N][number] ? N : never;
}[DomainEventName];

/** Retries with exponential backoff: 1 s, 2 s, 4 s, ... for transient failures (SMTP down). */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
