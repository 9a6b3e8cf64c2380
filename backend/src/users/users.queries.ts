import type { DataSource, EntityManager } from 'typeorm';
import type { UserRole } from './user.entity';

/** Either the pool or an open transaction. */
type Queryable = DataSource | EntityManager;

/** What an access token is checked against: the user's name and current token version. */
export interface TokenUserRow {
  id: number;
  username: string;
  token_version: number;
}

export async function selectTokenUser(q: Queryable, userId: number): Promise<TokenUserRow | null> {
  const [row]: TokenUserRow[] = await q.query(`SELECT id, username, token_version FROM users WHERE id = $1`, [userId]);
  return row ?? null;
}

/** The user's role, read fresh (never cached: granting or withdrawing it counts at once); null when no such user. */
export async function selectUserRole(q: Queryable, userId: number): Promise<UserRole | null> {
  const [row]: { role: UserRole }[] = await q.query(`SELECT role FROM users WHERE id = $1`, [userId]);
  return row?.role ?? null;
}
