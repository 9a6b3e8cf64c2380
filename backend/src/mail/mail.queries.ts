import type { DataSource, EntityManager } from 'typeorm';

/** The mail domain's data door: sent_emails, the record of what went out (one row per idempotency key). */
type Queryable = DataSource | EntityManager;

export async function wasSent(q: Queryable, idempotencyKey: string): Promise<boolean> {
  const done: unknown[] = await q.query(`SELECT 1 FROM sent_emails WHERE idempotency_key = $1`, [idempotencyKey]);
  return done.length > 0;
}

export async function recordSent(q: Queryable, idempotencyKey: string, recipient: string): Promise<void> {
  await q.query(`INSERT INTO sent_emails (idempotency_key, recipient) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [idempotencyKey, recipient]);
}

/** Account deletion: the record names the recipient's address. */
export async function deleteSentEmailsTo(q: Queryable, recipient: string): Promise<void> {
  await q.query(`DELETE FROM sent_emails WHERE recipient = $1`, [recipient]);
}
