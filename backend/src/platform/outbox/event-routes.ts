import type { DomainEventName } from '@scoreline/contracts/events';

/**
 * The BullMQ queues, one per consumer. `notifications` is every notification, emails and web
 * pushes alike (the channels are senders of one pipeline: backend/src/notifications/); the
 * `push` queue it replaced is gone, and events still owed to it are settled by the relay.
 */
export const QUEUES = ['mail', 'standings', 'activity', 'scoring', 'live', 'notifications'] as const;
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
  'request.created': ['live', 'notifications'],
  'request.approved': ['activity', 'live', 'notifications'],
  'request.rejected': ['live', 'notifications'],
  'prediction.saved': [],
  'result.recorded': ['scoring', 'live', 'notifications'],
  'scores.updated': ['standings', 'activity', 'live', 'notifications'],
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
