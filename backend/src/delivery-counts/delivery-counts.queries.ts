import type { DataSource } from 'typeorm';

/**
 * delivery_counts: emails and pushes sent and failed per channel and hour, counted by the sender
 * in whichever process sent them. An hour's row is added to, never rewritten: concurrent senders
 * each add their own.
 */
export type DeliveryChannel = 'mail' | 'push';

export async function addDeliveryCounts(db: DataSource, channel: DeliveryChannel, sent: number, failed: number): Promise<void> {
  await db.query(
    `INSERT INTO delivery_counts (channel, hour, sent, failed) VALUES ($1, date_trunc('hour', now()), $2, $3)
     ON CONFLICT (channel, hour) DO UPDATE SET sent = delivery_counts.sent + EXCLUDED.sent, failed = delivery_counts.failed + EXCLUDED.failed`,
    [channel, sent, failed],
  );
}

/** Sums per channel over the current hour and the 23 before it. */
export function selectLastDayCounts(db: DataSource): Promise<{ channel: DeliveryChannel; sent: number; failed: number }[]> {
  return db.query(
    `SELECT channel, sum(sent)::int AS sent, sum(failed)::int AS failed FROM delivery_counts
     WHERE hour >= date_trunc('hour', now()) - interval '23 hours' GROUP BY channel`,
  );
}
