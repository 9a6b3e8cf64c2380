import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push: one row per browser subscription (a user may have several devices; an endpoint is
 * one device, so it belongs to one user at a time), and one delivery row per subscription, kind
 * and subject, the push counterpart of notification_deliveries: a replayed event never buzzes a
 * phone twice. Both go with the user (and the deliveries with their subscription).
 */
export class Push1764900000000 implements MigrationInterface {
  name = 'Push1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh varchar(200) NOT NULL,
        auth varchar(100) NOT NULL,
        device varchar(120) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
    await q.query(`
      CREATE TABLE push_deliveries (
        subscription_id int NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        subject_key varchar(80) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, kind, subject_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS push_deliveries`);
    await q.query(`DROP TABLE IF EXISTS push_subscriptions`);
  }
}
