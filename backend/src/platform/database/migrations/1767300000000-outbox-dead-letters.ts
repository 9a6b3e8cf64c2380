import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bound on an event that keeps failing (issue 36): before, the sweeper retried a consumer's
 * failed job forever. `outbox_failed_deliveries` counts the failed attempts of one event at one
 * consumer (a queue), as the outbox settles them: per event and queue, so one consumer's poison
 * does not stop the others. At OUTBOX_MAX_ATTEMPTS the delivery is dead (`dead_at`): the queue
 * leaves the event's `pending_queues`, nothing retries it, and an operator lists and replays it
 * from the console. A row is removed when the consumer settles the event (its work done); its
 * event's deletion (account deletion) removes it too.
 */
export class OutboxDeadLetters1767300000000 implements MigrationInterface {
  name = 'OutboxDeadLetters1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_failed_deliveries (
        id bigserial PRIMARY KEY,
        event_id bigint NOT NULL REFERENCES outbox_events(id) ON DELETE CASCADE,
        queue varchar(32) NOT NULL,
        attempts int NOT NULL CHECK (attempts >= 0),
        last_error text,
        first_failed_at timestamptz NOT NULL DEFAULT now(),
        last_failed_at timestamptz NOT NULL DEFAULT now(),
        dead_at timestamptz,
        replayed_at timestamptz,
        UNIQUE (event_id, queue)
      )`);
    // The console's list (newest first) and the dead-letter gauge read only the dead ones.
    await q.query(`CREATE INDEX outbox_failed_deliveries_dead_idx ON outbox_failed_deliveries (dead_at DESC, id DESC) WHERE dead_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS outbox_failed_deliveries`);
  }
}
