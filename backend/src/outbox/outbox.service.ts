import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEventMap, DomainEventName } from '../../../contracts/src/events';

/** Postgres channel the relay LISTENs on, so events move at once rather than at the next poll. */
export const OUTBOX_CHANNEL = 'outbox_event';

@Injectable()
export class OutboxService {
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
  async oldestPendingAgeSeconds(db: DataSource | EntityManager): Promise<number> {
    // The oldest pending id is the first entry of the partial index outbox_events_pending_idx: one index probe.
    const [row]: { age: number | null }[] = await db.query(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT 1`,
    );
    return Math.max(0, row?.age ?? 0);
  }
}
