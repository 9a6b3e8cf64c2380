import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEventMap, DomainEventName } from '../../../contracts/src/events';

/** Postgres channel the relay LISTENs on, so events move at once rather than at the next poll. */
export const OUTBOX_CHANNEL = 'outbox_event';

/** The BullMQ job id of an outbox event: duplicates of one event collapse into one job. */
export const outboxJobId = (eventId: number | string): string => `evt-${eventId}`;

/** The outbox event id of a job, or null for a job that is not an outbox event (a derived job). */
export function outboxEventIdOf(jobId: string | undefined): number | null {
  const match = /^evt-(\d+)$/.exec(jobId ?? '');
  return match ? Number(match[1]) : null;
}

@Injectable()
export class OutboxService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * A consumer finished its work for an event: it is no longer owed. Called after the work
   * committed; a crash in between only means the (idempotent) work runs once more. `deadLetter`
   * says why an event that can never succeed (bad data) was given up: kept in `last_error`.
   */
  async settle(eventId: number, queue: string, deadLetter?: string): Promise<void> {
    // No `$2 = ANY(pending_queues)` filter: a fast job can finish before the relay's transaction
    // that fills `pending_queues` commits; matching on the id alone makes this wait for that row
    // lock and then apply to the committed version.
    await this.db.query(
      `UPDATE outbox_events SET pending_queues = array_remove(pending_queues, $2), last_error = coalesce($3, last_error) WHERE id = $1`,
      [eventId, queue, deadLetter === undefined ? null : `${queue}: ${deadLetter}`.slice(0, 500)],
    );
  }

  /**
   * Record an event inside the caller's transaction: it exists exactly when the change it
   * describes was committed. The NOTIFY is delivered on commit, and dropped on rollback.
   */
  async publish<N extends DomainEventName>(tx: EntityManager, name: N, payload: DomainEventMap[N]): Promise<void> {
    await tx.query(`INSERT INTO outbox_events (name, payload) VALUES ($1, $2)`, [name, JSON.stringify(payload)]);
    await tx.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
  }

  async publishMany<N extends DomainEventName>(tx: EntityManager, name: N, payloads: DomainEventMap[N][]): Promise<void> {
    if (payloads.length === 0) return;
    await tx.query(
      `INSERT INTO outbox_events (name, payload) SELECT $1, p FROM jsonb_array_elements($2::jsonb) AS p`,
      [name, JSON.stringify(payloads)],
    );
    await tx.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
  }

  /** Seconds since the oldest event still waiting for the relay was written; 0 when none waits (the outbox lag gauge). */
  async oldestPendingAgeSeconds(): Promise<number> {
    // The oldest pending id is the first entry of the partial index outbox_events_pending_idx: one index probe.
    const [row]: { age: number | null }[] = await this.db.query(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT 1`,
    );
    return Math.max(0, row?.age ?? 0);
  }
}
