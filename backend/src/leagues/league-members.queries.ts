import type { DataSource, EntityManager } from 'typeorm';

/** Every league the user is a member of (its socket joins their rooms). */
export async function selectLeagueIdsOfUser(q: DataSource | EntityManager, userId: number): Promise<number[]> {
  const rows: { league_id: number }[] = await q.query(`SELECT league_id FROM league_members WHERE user_id = $1`, [userId]);
  return rows.map((row) => row.league_id);
}
