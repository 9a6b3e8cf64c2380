import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox event is settled only when every queue it was routed to has finished its work, not
 * when the queues accepted it: `pending_queues` lists the consumers still owed. The relay's
 * sweeper hands an event again to a queue whose job Redis lost or gave up on.
 */
export class OutboxSettlement1764200000000 implements MigrationInterface {
  name = 'OutboxSettlement1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events ADD COLUMN pending_queues text[] NOT NULL DEFAULT '{}'`);
    await q.query(`CREATE INDEX outbox_events_unsettled_idx ON outbox_events (dispatched_at) WHERE pending_queues <> '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_events_unsettled_idx`);
    await q.query(`ALTER TABLE outbox_events DROP COLUMN pending_queues`);
  }
}
