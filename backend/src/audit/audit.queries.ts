import type { DataSource, EntityManager } from 'typeorm';
import type { AuditRow } from './audit-entry';

/** The audit domain's data door: operator_audit. */
type Queryable = DataSource | EntityManager;

/** JSON for a jsonb column; null stays SQL NULL (an import has nothing before it). */
const asJsonb = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Written in the caller's transaction: the row exists exactly when the action committed. */
export async function insertAuditRow(
  tx: EntityManager,
  row: { actorUserId: number | null; via: string; viaDetail: string | null; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.query(`INSERT INTO operator_audit (actor_user_id, via, via_detail, action, target, before, after) VALUES ($1, $6, $7, $2, $3, $4::jsonb, $5::jsonb)`, [
    row.actorUserId,
    row.action,
    row.target,
    asJsonb(row.before),
    asJsonb(row.after),
    row.via,
    row.viaDetail,
  ]);
}

/** Newest first; `beforeId` pages back (the rows with a smaller id). */
export function selectAuditRows(q: Queryable, beforeId: number | null, limit: number): Promise<AuditRow[]> {
  return q.query(
    `SELECT a.id, a.at, a.actor_user_id, u.username, a.via, a.via_detail, a.action, a.target, a.before, a.after
     FROM operator_audit a LEFT JOIN users u ON u.id = a.actor_user_id
     WHERE ($1::bigint IS NULL OR a.id < $1)
     ORDER BY a.id DESC LIMIT $2`,
    [beforeId, limit],
  );
}
