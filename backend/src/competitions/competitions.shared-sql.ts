// Public SQL of the competitions domain (the *.shared-sql.ts convention): any domain may compose it.

/**
 * Whether the competition `code` (an SQL expression) is a tournament: its active season's rounds
 * have names (as ACTIVE_COMPETITIONS_SQL's is_tournament), else its latest season's; a
 * competition without seasons is a league.
 */
export const competitionIsTournamentSql = (code: string): string =>
  `EXISTS (SELECT 1 FROM gameweeks cit_g WHERE cit_g.name IS NOT NULL AND cit_g.season_id =
     (SELECT cit_s.id FROM seasons cit_s WHERE cit_s.league_code = ${code} ORDER BY cit_s.is_active DESC, cit_s.id DESC LIMIT 1))`;
