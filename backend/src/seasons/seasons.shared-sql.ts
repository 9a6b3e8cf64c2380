// Public SQL of the seasons domain (the *.shared-sql.ts convention): any domain may compose it.

/** The game's home competition (the demo season's, in the reference data): the one played while no season is active. */
export const HOME_COMPETITION_CODE = 'en.1';

/**
 * The competition new fans are put in (a subquery): the active season's, or the home competition
 * while none is active; with several active, the home competition when it is one of them, else
 * the oldest active season's. A fan with no user_competitions row (verified before a league or a
 * prediction recorded what they play) counts as playing it.
 */
export const ACTIVE_COMPETITION_CODE_SQL = `coalesce((SELECT league_code FROM seasons WHERE is_active ORDER BY league_code <> '${HOME_COMPETITION_CODE}', id LIMIT 1), '${HOME_COMPETITION_CODE}')`;
