import type { DataSource, EntityManager } from 'typeorm';

type Db = DataSource | EntityManager;

/** What an invite link may show about its league: kind, name, member count (a public league's id and description too). */
export interface InvitePreviewRow {
  id: number;
  type: 'private' | 'public';
  name: string;
  description: string;
  member_count: number;
}

const PREVIEW_SELECT = `
  SELECT l.id, l.type, l.name, l.description, (SELECT count(*) FROM league_members m WHERE m.league_id = l.id)::int AS member_count
  FROM leagues l`;

export async function selectPrivateLeagueByCode(q: Db, code: string): Promise<InvitePreviewRow | null> {
  const [row]: InvitePreviewRow[] = await q.query(`${PREVIEW_SELECT} WHERE l.code = $1 AND l.type = 'private'`, [code]);
  return row ?? null;
}

export async function selectPublicLeague(q: Db, leagueId: number): Promise<InvitePreviewRow | null> {
  const [row]: InvitePreviewRow[] = await q.query(`${PREVIEW_SELECT} WHERE l.id = $1 AND l.type = 'public'`, [leagueId]);
  return row ?? null;
}

/** Whether the code once opened a league whose owner has since replaced it (and no league uses it now). */
export async function isRetiredInviteCode(q: Db, code: string): Promise<boolean> {
  const rows: unknown[] = await q.query(
    `SELECT 1 FROM league_retired_codes r WHERE r.code = $1 AND NOT EXISTS (SELECT 1 FROM leagues l WHERE l.code = $1)`,
    [code],
  );
  return rows.length > 0;
}

/** Keeps a replaced code, so its link can say so. Called under the league's row lock. */
export async function retireInviteCode(tx: EntityManager, leagueId: number, code: string): Promise<void> {
  await tx.query(
    `INSERT INTO league_retired_codes (code, league_id) VALUES ($1, $2)
     ON CONFLICT (code) DO UPDATE SET league_id = EXCLUDED.league_id, retired_at = now()`,
    [code, leagueId],
  );
}
