// Public SQL of the outbox (platform/; the *.shared-sql.ts convention): any domain may compose it.

/** Postgres channel the relay LISTENs on, so events move at once rather than at the next poll. */
export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * Two CTEs for a writer's own statement, as insertEventsAndNotify writes events: `<name>` inserts
 * one event named `nameSql` with the jsonb `payloadSql` for each row of `fromSql` (a FROM list,
 * may be a CTE of the statement), and `<name>_notified` wakes the relays (the NOTIFY is delivered
 * on commit, dropped on rollback). Data-modifying CTEs run whether read or not, a plain one only
 * when read: the statement must read `<name>_notified`.
 */
export function insertEventAndNotifyCtes(name: string, nameSql: string, payloadSql: string, fromSql: string): string {
  return `${name} AS (INSERT INTO outbox_events (name, payload) SELECT ${nameSql}, ${payloadSql} FROM ${fromSql} RETURNING id),
     ${name}_notified AS (SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM (SELECT 1 FROM ${name} LIMIT 1) w)`;
}
