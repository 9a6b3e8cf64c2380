import type { DataSource, EntityManager } from 'typeorm';

/**
 * (Bonus points in a league's season table: the rule's SQL is in season-bonus.shared-sql.ts.)
 * Whether any member of the leagues has bonus points in the season: when not, a table of theirs
 * is its totals as they are and needs no join (partial indexes of migration 1766800000000 answer it).
 */
export async function seasonBonusCounts(q: DataSource | EntityManager, leagueIds: readonly number[], seasonId: number | null): Promise<boolean> {
  if (seasonId === null) return false;
  const [{ counts }]: { counts: boolean }[] = await q.query(
    `SELECT EXISTS (SELECT 1 FROM bonus_points WHERE season_id = $2 AND points > 0)
         OR EXISTS (SELECT 1 FROM league_question_points WHERE league_id = ANY($1::int[]) AND season_id = $2 AND points > 0) AS counts`,
    [leagueIds, seasonId],
  );
  return counts;
}
