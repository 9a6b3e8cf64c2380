import type { EntityManager } from 'typeorm';

/**
 * After a league's owner has left it (their membership already deleted, the league locked):
 * ownership passes to the member who joined earliest; a league nobody is left in is deleted.
 * Shared by leaving a league and deleting an account.
 */
export async function passOwnershipOrDelete(tx: EntityManager, leagueId: number): Promise<'passed' | 'deleted'> {
  const [heir]: { user_id: number }[] = await tx.query(
    `SELECT user_id FROM league_members WHERE league_id = $1 ORDER BY joined_at, user_id LIMIT 1`,
    [leagueId],
  );
  if (!heir) {
    await tx.query(`DELETE FROM leagues WHERE id = $1`, [leagueId]);
    return 'deleted';
  }
  await tx.query(`UPDATE league_members SET role = 'owner' WHERE league_id = $1 AND user_id = $2`, [leagueId, heir.user_id]);
  await tx.query(`UPDATE leagues SET owner_id = $2 WHERE id = $1`, [leagueId, heir.user_id]);
  return 'passed';
}
