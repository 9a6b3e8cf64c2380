// Public SQL of the outbox (platform/; the *.shared-sql.ts convention): any domain may compose it.
import type { DomainEventName } from '@scoreline/contracts/events';
import { EVENT_ROUTES } from './event-routes';

/** Postgres channel the relay LISTENs on, so events move at once rather than at the next poll. */
export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * Two CTEs for a writer's own statement, as insertEventsAndNotify writes events: `<name>` inserts
 * one event `eventName` with the jsonb `payloadSql` for each row of `fromSql` (a FROM list, may be
 * a CTE of the statement), and `<name>_notified` wakes the relays (the NOTIFY is delivered on
 * commit, dropped on rollback). Data-modifying CTEs run whether read or not, a plain one only
 * when read: the statement must read `<name>_notified`.
 *
 * An event no queue consumes (`prediction.saved`) is written as the relay would leave it,
 * dispatched and owed to none, and wakes nobody: the relay's claim and update of every such row
 * and the NOTIFY (Postgres commits NOTIFYing transactions one at a time) cost the flat-out save
 * about a quarter of its CPU, for a row that ends the same.
 */
export function insertEventAndNotifyCtes(name: string, eventName: DomainEventName, payloadSql: string, fromSql: string): string {
  if (!isRelayed(eventName)) {
    return `${name} AS (INSERT INTO outbox_events (name, payload, dispatched_at, attempts) SELECT '${eventName}', ${payloadSql}, now(), 1 FROM ${fromSql} RETURNING id),
     ${name}_notified AS (SELECT 1 FROM ${name} LIMIT 1)`;
  }
  return `${name} AS (INSERT INTO outbox_events (name, payload) SELECT '${eventName}', ${payloadSql} FROM ${fromSql} RETURNING id),
     ${name}_notified AS (SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM (SELECT 1 FROM ${name} LIMIT 1) w)`;
}

/** Whether the relay has anywhere to put the event: some queue consumes it (event-routes.ts). */
export function isRelayed(eventName: DomainEventName): boolean {
  return EVENT_ROUTES[eventName].length > 0;
}
