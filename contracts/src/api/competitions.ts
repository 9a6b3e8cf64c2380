/**
 * Competitions (issue 34: several competitions at once). A competition is a season's league code
 * ('en.1', 'fifa.wc', 'uefa.cl'); the one being played is its active season.
 *
 * - GET    /competitions/                 → ApiEnvelope<Competition[]>: the active ones; those the fan plays
 *                                          first, in the order they started (the first of them is the one a
 *                                          call naming none answers for while no current one is saved), then
 *                                          the others, oldest season first
 * - PUT    /competitions/{code}/play/     PlayCompetitionRequest → ApiEnvelope<Competition>: start playing it (again
 *                                          safe), or change the team; 404 when it is not being played, 400 naming
 *                                          `team_id` for a team not in its season, 409 for a team change after its
 *                                          first kick-off (a first pick is taken)
 * - DELETE /competitions/{code}/play/     → MessageResponse: stop playing it (the fan's leagues stay); 404 for an
 *                                          unknown code
 *
 * The fan's screens take `?competition=<code>` (CompetitionQuery): GET /fixtures/current/,
 * /fixtures/gameweek/{n}/, /predictions/current/, /predictions/gameweek/{n}/user-stats/,
 * /stats/dashboard/, /stats/history/, /seasons/gameweeks/, /crowd/gameweek/{n}/, /rank-history/,
 * /leagues/overview/, /leagues/discover/, /admin/fixtures/; POST /leagues/ takes `competition` in
 * its body. Without it: the fan's current competition (PUT /auth/preferences/
 * `current_competition`) while it is played and active, else the first competition they play that
 * is active, else the first active season (with one active season, always that one: the answer
 * of before). A code that is not being played answers 404 "No such competition is being played.";
 * a malformed one 400 naming `competition`. The league lists (/leagues/overview/, /leagues/discover/,
 * /rank-history/) keep every league when no competition is named.
 */

/** 1–16 characters of a–z, 0–9 and '.': what a competition code may be (`competition` else 400). */
export const COMPETITION_CODE_PATTERN = /^[a-z0-9.]{1,16}$/;

export const NO_SUCH_COMPETITION = 'No such competition is being played.';

/** A league plays every club each matchday; a tournament has named rounds (groups, knockouts). */
export type CompetitionKind = 'league' | 'tournament';

/** The optional query parameter of the fan's screens (above). */
export interface CompetitionQuery {
  competition?: string;
}

/** The fan's team in a competition: their club in a league, their national team in a tournament. */
export interface CompetitionTeam {
  id: number;
  name: string;
  logo: string | null;
}

export interface Competition {
  code: string;
  name: string;
  kind: CompetitionKind;
  /** Its active season. */
  season: { id: number; name: string };
  /** The season's first kick-off (ISO 8601); null before its fixtures are known. */
  first_kickoff: string | null;
  /** Whether the caller plays it. */
  playing: boolean;
  /** The caller's team in it; null: none chosen (a league's falls back to their favourite club). */
  team: CompetitionTeam | null;
  /** True once the first kick-off has passed with a team chosen: it can no longer change (a fan without one still picks one, once). */
  team_locked: boolean;
}

/** PUT /competitions/{code}/play/. `team_id` left out keeps the team; null clears it. */
export interface PlayCompetitionRequest {
  team_id?: number | null;
}
