import type { EntityManager } from 'typeorm';
import { deleteLeague, updateLeagueOwner } from './leagues.queries';
import { selectEarliestMember, setOwnerRole } from './league-members.queries';

/**
 * After a league's owner has left it (their membership already deleted, the league locked):
 * ownership passes to the member who joined earliest; a league nobody is left in is deleted.
 * Shared by leaving a league and deleting an account.
 */
export async function passOwnershipOrDelete(tx: EntityManager, leagueId: number): Promise<'passed' | 'deleted'> {
  const heir = await selectEarliestMember(tx, leagueId);
  if (heir === null) {
    await deleteLeague(tx, leagueId);
    return 'deleted';
  }
  await setOwnerRole(tx, leagueId, heir);
  await updateLeagueOwner(tx, leagueId, heir);
  return 'passed';
}
