import type { DataSource, EntityManager } from 'typeorm';

/**
 * notification_deliveries: one row per (kind, user, subject) claims an email. The claims are
 * made by the use cases' claim statements (deadline-reminders, weekly-digest, match-results,
 * league-updates .queries.ts); this releases the ones whose email did not go out.
 */
export async function releaseClaims(q: DataSource | EntityManager, kind: string, unsent: { user_id: number; subject_key: string }[]): Promise<void> {
  await q.query(
    `DELETE FROM notification_deliveries d
     USING unnest($2::int[], $3::text[]) AS u(user_id, subject_key)
     WHERE d.kind = $1 AND d.user_id = u.user_id AND d.subject_key = u.subject_key`,
    [kind, unsent.map((r) => r.user_id), unsent.map((r) => r.subject_key)],
  );
}
