/**
 * Public SQL of the seasons domain: the season a league's tables are of, a season's gameweeks and
 * its current one, and the version the cached season context keys on. Other domains compose these
 * into their own statements (the *.shared-sql.ts convention: importable by any domain; the
 * standings' season-context.queries.ts stays private).
 */

/** The version of the fixtures' rows, their scorings', the gameweeks' and the seasons' (migration 1765900000000): it moves with every commit that changes one. */
export const FIXTURE_STATES_VERSION_SQL = `(SELECT version::text FROM fixture_states_version)`;

/**
 * The season a league's tables are of (a subquery; NULL when none): the one place that says it.
 * The active season of the league's competition (one probe of seasons_one_active_per_competition).
 * `leagueId`: an SQL expression of the league's id.
 */
export const seasonOfLeagueSql = (leagueId: string): string =>
  `(SELECT sol_se.id FROM leagues sol_l JOIN seasons sol_se ON sol_se.league_code = sol_l.competition_code AND sol_se.is_active WHERE sol_l.id = ${leagueId})`;

/** Gameweek `g` is completed when none of its fixtures is still to be played (one without fixtures counts as completed). */
const gameweekCompleted = (g: string) => `NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = ${g}.id AND f.status NOT IN ('finished', 'postponed'))`;

/**
 * A season's current gameweek id (a subquery; `season` an SQL expression of its id): the earliest
 * not completed; NULL when every one is. The one statement of the rule: the season context reads
 * it too (`current`).
 */
export const currentGameweekIdSql = (season: string): string =>
  `(SELECT cg.id FROM gameweeks cg WHERE cg.season_id = ${season} AND NOT ${gameweekCompleted('cg')} ORDER BY cg.number LIMIT 1)`;

/**
 * A season's gameweeks with their status as leagues see them (one row with id NULL for a season
 * without any; none for a NULL season). `season`: an SQL expression of its id.
 */
export const seasonGameweeksSql = (season: string): string => `SELECT s.id AS season_id, g.id, g.number,
            coalesce(${gameweekCompleted('g')}, false) AS completed,
            coalesce(EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished')), false) AS scored,
            coalesce(g.id = ${currentGameweekIdSql('s.id')}, false) AS current
     FROM (SELECT ${season} AS id) s
     LEFT JOIN gameweeks g ON g.season_id = s.id
     WHERE s.id IS NOT NULL
     ORDER BY g.number`;
