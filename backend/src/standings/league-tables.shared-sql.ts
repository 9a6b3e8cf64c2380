/**
 * Public SQL of the standings domain: the team shown beside a fan's name in a league's tables
 * and lists, and a league's competition. Other domains compose these into their own statements
 * (the *.shared-sql.ts convention: importable by any domain; league-tables.queries.ts stays private).
 */

/**
 * The team shown beside a fan's name in a league's tables (issue 34): their team in the league's
 * competition (`user_competitions.team_id`, a national team in a tournament), else their club.
 * Joins `clubs` as `alias` for the users row `u`; `competition` is an SQL expression of the
 * league's competition code (leagueCompetitionSql). One probe of user_competitions' primary key
 * per row read, so it belongs after a page's LIMIT, not over a whole league.
 */
export const fanTeamJoinSql = (u: string, competition: string, alias = 'c'): string =>
  `LEFT JOIN user_competitions ${alias}_uc ON ${alias}_uc.user_id = ${u}.id AND ${alias}_uc.competition_code = ${competition}
     LEFT JOIN clubs ${alias} ON ${alias}.id = coalesce(${alias}_uc.team_id, ${u}.club_id)`;

/** A league's competition code (a subquery run once per statement); `leagueId` an SQL expression of its id. */
export const leagueCompetitionSql = (leagueId: string): string => `(SELECT lc_l.competition_code FROM leagues lc_l WHERE lc_l.id = ${leagueId})`;
