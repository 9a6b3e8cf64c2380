import { queryPrepared } from '../database/database.queries';
import type { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEventMap, DomainEventName } from '@scoreline/contracts/events';
import { isRelayed, OUTBOX_CHANNEL } from './outbox.shared-sql';

/** The outbox domain's data door: the outbox_events table and its NOTIFY channel. */
type Queryable = DataSource | EntityManager;

export { OUTBOX_CHANNEL } from './outbox.shared-sql';

/** An outbox row as stored: OutboxService.publish wrote each name with its own payload type. */
export type OutboxRow<N extends DomainEventName = DomainEventName> = {
  [K in N]: { id: string; name: K; payload: DomainEventMap[K]; created_at: Date };
}[N];

// ---- Writing events (in the caller's transaction) -------------------------------------------

/**
 * Writes the events and wakes the relays (the NOTIFY is delivered on commit, dropped on
 * rollback) in one statement: one round trip less on every writer's path, the prediction save's
 * among them. An event no queue consumes is written dispatched and wakes nobody
 * (insertEventAndNotifyCtes says why).
 */
export async function insertEventsAndNotify<N extends DomainEventName>(tx: EntityManager, name: N, payloads: DomainEventMap[N][]): Promise<void> {
  if (!isRelayed(name)) {
    await queryPrepared(tx, 'insert_dispatched_events',
      `INSERT INTO outbox_events (name, payload, dispatched_at, attempts) SELECT $1, p, now(), 1 FROM jsonb_array_elements($2::jsonb) AS p`,
      [name, JSON.stringify(payloads)],
    );
    return;
  }
  await queryPrepared(tx, 'insert_events_and_notify',
    `WITH written AS (INSERT INTO outbox_events (name, payload) SELECT $1, p FROM jsonb_array_elements($2::jsonb) AS p RETURNING id)
     SELECT pg_notify($3, '') FROM (SELECT 1 FROM written LIMIT 1) w`,
    [name, JSON.stringify(payloads), OUTBOX_CHANNEL],
  );
}

/** The id of the latest event written so far (0 with none). */
export async function selectLatestEventId(q: Queryable): Promise<number> {
  const [row]: { id: string | null }[] = await q.query(`SELECT max(id) AS id FROM outbox_events`);
  return Number(row?.id ?? 0);
}

/** Marks the relay-waiting events of one name after `afterId` dispatched and owed to no queue, and returns them. */
export async function takeOverEvents<N extends DomainEventName>(q: Queryable, afterId: number, name: N): Promise<OutboxRow<N>[]> {
  // An UPDATE … RETURNING answers [rows, affected count].
  const [rows]: [OutboxRow<N>[], number] = await q.query(
    `UPDATE outbox_events SET dispatched_at = now(), pending_queues = '{}'
     WHERE id > $1 AND name = $2 AND dispatched_at IS NULL
     RETURNING id, name, payload, created_at`,
    [afterId, name],
  );
  return rows;
}

/** The relay's own connection starts listening for new events. */
export async function listenForEvents(client: Client): Promise<void> {
  await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
}

// ---- Settling and measuring ------------------------------------------------------------------

/**
 * A queue no longer owes the event, and its failed attempts there (a dead letter among them) are
 * forgotten: its work is done or given up. No `$2 = ANY(pending_queues)` filter: a fast job can
 * finish before the relay's transaction that fills `pending_queues` commits; matching on the id
 * alone makes this wait for that row lock and then apply to the committed version. The event's row
 * is locked before its failed-delivery row (the DELETE needs the UPDATE's row), the order every
 * writer of both keeps.
 */
export async function removePendingQueue(q: Queryable, eventId: number | string, queue: string, lastError: string | null = null): Promise<void> {
  await q.query(
    `WITH settled AS (
       UPDATE outbox_events SET pending_queues = array_remove(pending_queues, $2), last_error = coalesce($3, last_error) WHERE id = $1 RETURNING id
     )
     DELETE FROM outbox_failed_deliveries f USING settled WHERE f.event_id = settled.id AND f.queue = $2`,
    [eventId, queue, lastError],
  );
}

/**
 * A secret the event carried for its consumer (a sealed email code) is used up: null in its place
 * from now on, so the kept row holds nothing of it. Rows of another name, or already cleared, are left alone.
 */
export async function clearPayloadSecret(q: Queryable, eventId: number, name: DomainEventName, field: string): Promise<void> {
  await q.query(`UPDATE outbox_events SET payload = jsonb_set(payload, ARRAY[$3::text], 'null') WHERE id = $1 AND name = $2 AND payload->>$3 IS NOT NULL`, [
    eventId,
    name,
    field,
  ]);
}

/** Seconds since the oldest undispatched event was written, or null when none waits. */
export async function selectOldestPendingAge(q: Queryable): Promise<number | null> {
  // The oldest pending id is the first entry of the partial index outbox_events_pending_idx: one index probe.
  const [row]: { age: number | null }[] = await q.query(
    `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT 1`,
  );
  return row?.age ?? null;
}

/** How many events wait for the relay. Through the partial index outbox_events_pending_idx. */
export async function countPending(q: Queryable): Promise<number> {
  const [row]: { n: number }[] = await q.query(`SELECT count(*)::int AS n FROM outbox_events WHERE dispatched_at IS NULL`);
  return row?.n ?? 0;
}

/** An event whose hand-over keeps failing, as the console lists it. */
export interface FailingEventRow {
  id: string;
  name: string;
  attempts: number;
  last_error: string | null;
  pending_queues: string[];
  created_at: Date;
}

/**
 * Events whose hand-over keeps failing, newest first: the relay could not enqueue them (still
 * undispatched, with the relay's error), or a queue still owes them `owedForSeconds` after
 * dispatch (their job keeps failing or was lost: the sweeper hands them out again). Each half
 * reads through its own partial index, so a long backlog costs at most `limit` rows of each.
 */
export function selectFailingEvents(q: Queryable, owedForSeconds: number, limit: number): Promise<FailingEventRow[]> {
  return q.query(
    `SELECT id, name, attempts, last_error, pending_queues, created_at FROM (
       (SELECT id, name, attempts, last_error, pending_queues, created_at FROM outbox_events
        WHERE dispatched_at IS NULL AND attempts > 0 ORDER BY id DESC LIMIT $2)
       UNION
       (SELECT id, name, attempts, last_error, pending_queues, created_at FROM outbox_events
        WHERE pending_queues <> '{}' AND dispatched_at < now() - make_interval(secs => $1) ORDER BY id DESC LIMIT $2)
     ) failing ORDER BY id DESC LIMIT $2`,
    [owedForSeconds, limit],
  );
}

// ---- Failed deliveries and dead letters (outbox_failed_deliveries) ---------------------------

/**
 * Locks the event's row for a change to its deliveries (a failure counted, a replay): every such
 * change of one event, and its settlement, takes this lock first, so they never deadlock and never
 * interleave. Answers the event's name, or null when it is gone (account deletion).
 */
export async function lockEventForDelivery(tx: EntityManager, eventId: number | string): Promise<{ name: DomainEventName } | null> {
  const [row]: { name: DomainEventName }[] = await tx.query(`SELECT name FROM outbox_events WHERE id = $1 FOR UPDATE`, [eventId]);
  return row ?? null;
}

/** A failed delivery as counted so far. */
export interface FailedDeliveryCount {
  id: string;
  attempts: number;
  dead: boolean;
}

/** One more failed attempt of the event at the queue, with its error. Call with the event locked (lockEventForDelivery). */
export async function countFailedAttempt(tx: EntityManager, eventId: number | string, queue: string, error: string): Promise<FailedDeliveryCount> {
  const [row]: FailedDeliveryCount[] = await tx.query(
    `INSERT INTO outbox_failed_deliveries AS f (event_id, queue, attempts, last_error) VALUES ($1, $2, 1, $3)
     ON CONFLICT (event_id, queue) DO UPDATE SET attempts = f.attempts + 1, last_error = EXCLUDED.last_error, last_failed_at = now()
     RETURNING f.id, f.attempts, f.dead_at IS NOT NULL AS dead`,
    [eventId, queue, error],
  );
  return row;
}

/** The delivery is a dead letter: the queue no longer owes the event, so nothing retries it. Call with the event locked. */
export async function markDeadLetter(tx: EntityManager, failureId: string, eventId: number | string, queue: string): Promise<void> {
  await tx.query(`UPDATE outbox_failed_deliveries SET dead_at = now() WHERE id = $1`, [failureId]);
  await tx.query(`UPDATE outbox_events SET pending_queues = array_remove(pending_queues, $2) WHERE id = $1`, [eventId, queue]);
}

/** A dead letter as stored, with its event. */
export interface DeadLetterRow {
  id: string;
  event_id: string;
  name: string;
  queue: string;
  attempts: number;
  last_error: string | null;
  event_created_at: Date;
  first_failed_at: Date;
  dead_at: Date;
  replayed_at: Date | null;
}

const DEAD_LETTER_COLUMNS = `d.id, d.event_id, e.name, d.queue, d.attempts, d.last_error, e.created_at AS event_created_at,
  d.first_failed_at, d.dead_at, d.replayed_at`;

/** Dead letters, newest first: through the partial index outbox_failed_deliveries_dead_idx. */
export function selectDeadLetters(q: Queryable, limit: number): Promise<DeadLetterRow[]> {
  return q.query(
    `SELECT ${DEAD_LETTER_COLUMNS} FROM outbox_failed_deliveries d JOIN outbox_events e ON e.id = d.event_id
     WHERE d.dead_at IS NOT NULL ORDER BY d.dead_at DESC, d.id DESC LIMIT $1`,
    [limit],
  );
}

/** How many deliveries are dead letters now. */
export async function countDeadLetters(q: Queryable): Promise<number> {
  const [row]: { n: number }[] = await q.query(`SELECT count(*)::int AS n FROM outbox_failed_deliveries WHERE dead_at IS NOT NULL`);
  return row?.n ?? 0;
}

/** The event a failed delivery belongs to (no lock: the caller locks that event next), or null for an unknown id. */
export async function selectFailedDeliveryEvent(q: Queryable, failureId: number): Promise<string | null> {
  const [row]: { event_id: string }[] = await q.query(`SELECT event_id FROM outbox_failed_deliveries WHERE id = $1`, [failureId]);
  return row?.event_id ?? null;
}

/** A failed delivery with its event, locked for a replay (its event locked first). Dead or not: `dead_at` says. */
export async function lockFailedDelivery(
  tx: EntityManager,
  failureId: number,
): Promise<(Omit<DeadLetterRow, 'dead_at'> & { dead_at: Date | null; payload: unknown }) | null> {
  const [row] = await tx.query(
    `SELECT ${DEAD_LETTER_COLUMNS}, e.payload FROM outbox_failed_deliveries d JOIN outbox_events e ON e.id = d.event_id
     WHERE d.id = $1 FOR UPDATE OF d`,
    [failureId],
  );
  return row ?? null;
}

/** A dead letter back to pending: attempts from zero, and its queue owes the event again (the sweeper's watch). Call with the event locked. */
export async function reviveDeadLetter(tx: EntityManager, failureId: number, eventId: number | string, queue: string): Promise<void> {
  await tx.query(`UPDATE outbox_failed_deliveries SET dead_at = NULL, attempts = 0, replayed_at = now() WHERE id = $1`, [failureId]);
  await tx.query(`UPDATE outbox_events SET pending_queues = array_append(pending_queues, $2) WHERE id = $1 AND NOT ($2 = ANY(pending_queues))`, [eventId, queue]);
}

// ---- The relay and the sweeper ---------------------------------------------------------------

/** Undispatched events, oldest first, claimed so that replicas relay side by side. */
export function claimUndispatched(tx: EntityManager, limit: number): Promise<OutboxRow[]> {
  return tx.query(
    `SELECT id, name, payload, created_at FROM outbox_events
     WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

/** Kept pending (and why): the next poll or NOTIFY tries again. */
export async function recordRelayFailure(tx: EntityManager, ids: string[], error: string): Promise<void> {
  await tx.query(`UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1)`, [ids, error]);
}

/** Dispatched, owing every queue that the routes name for its event. */
export async function markDispatched(tx: EntityManager, ids: string[], routes: Record<DomainEventName, readonly string[]>): Promise<void> {
  await tx.query(
    `UPDATE outbox_events o SET dispatched_at = now(), attempts = attempts + 1,
            pending_queues = ARRAY(SELECT jsonb_array_elements_text($2::jsonb -> o.name))
     WHERE id = ANY($1)`,
    [ids, JSON.stringify(routes)],
  );
}

/** Events still owed somewhere long after dispatch; SKIP LOCKED: two replicas never sweep the same one. */
export function claimOwed(tx: EntityManager, olderThanSeconds: number, limit: number): Promise<(OutboxRow & { pending_queues: string[] })[]> {
  return tx.query(
    `SELECT id, name, payload, created_at, pending_queues FROM outbox_events
     WHERE pending_queues <> '{}' AND dispatched_at < now() - make_interval(secs => $1)
     ORDER BY dispatched_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [olderThanSeconds, limit],
  );
}

// ---- Account deletion ------------------------------------------------------------------------

/** The outbox keeps relayed rows; these carry the user's email address (and a code). */
export async function deleteMailEventsOfUser(tx: EntityManager, userId: number): Promise<void> {
  await tx.query(`DELETE FROM outbox_events WHERE name IN ('user.registered', 'otp.requested', 'account.exists') AND payload->>'userId' = $1::text`, [
    userId,
  ]);
}
