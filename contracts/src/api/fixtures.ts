import type { FixtureStatus, GameweekStatus } from '../game/gameweek-status';

/**
 * Fixtures and gameweeks of the active season (spec section 3 "Gameweek", "Fixture";
 * section 7 "Fixtures, predictions and results"). Every instant is an ISO 8601 UTC string;
 * the client shows it in the user's time zone.
 *
 * Paths (all under /api, bearer token required):
 * - GET /seasons/gameweeks/         → ApiEnvelope<GameweekSummary[]> (ascending by number) (`?competition=`: competitions.ts)
 * - GET /fixtures/current/          → ApiEnvelope<GameweekFixtures> (`?competition=`: competitions.ts)
 * - GET /fixtures/gameweek/{n}/     → ApiEnvelope<GameweekFixtures>, n = gameweek NUMBER (`?competition=`: competitions.ts)
 * No active season, or no gameweek with that number → 404
 * `{message: "There's no active gameweek at the moment."}` / `"No Gameweek Found: ..."`.
 */

export type { FixtureStatus, GameweekStatus };

export interface GameweekSummary {
  id: number;
  number: number;
  /** The round as fans see it (game/round-name.ts): "Gameweek 12" in a league, "Round of 32" in a tournament. */
  name: string;
  /** completed: every fixture finished or postponed; current: earliest not completed; else upcoming. */
  status: GameweekStatus;
  /** First kick-off of the gameweek (null only for a gameweek without fixtures). */
  starts_at: string | null;
  /** Last kick-off of the gameweek. */
  ends_at: string | null;
  /** Predictions lock at this instant: the kick-off of the gameweek's first match. */
  deadline: string | null;
  /**
   * True while predictions can be saved: the gameweek is current, the deadline is in the
   * future and no score (live or final) has been recorded in it yet.
   */
  is_open: boolean;
  fixture_count: number;
}

export interface Fixture {
  id: number;
  gameweek_id: number;
  /** Gameweek number. */
  gameweek: number;
  /** The team's name; while a knockout side is not known yet, its placeholder as written ("W73", "1A"). */
  home_team: string;
  away_team: string;
  /** Null while the side is a placeholder (the match is then not open for prediction). */
  home_team_id: number | null;
  away_team_id: number | null;
  /** A side not known yet: "1A" (winner of group A), "W73" (winner of match 73), "3C/E/F/H/I"…; null once it is a team. */
  home_placeholder: string | null;
  away_placeholder: string | null;
  /** Short display names (e.g. "Man City"). */
  home_team_short: string;
  away_team_short: string;
  home_team_logo: string | null;
  away_team_logo: string | null;
  /** Kick-off (UTC). */
  match_time: string;
  /** False when the source gave no time yet (kick-off to be confirmed). */
  kickoff_confirmed: boolean;
  /** Same for every fixture of a gameweek: the gameweek's deadline. */
  prediction_deadline: string;
  status: FixtureStatus;
  /** Null until a score is recorded (live or final). */
  home_score: number | null;
  away_score: number | null;
  /** Match minute while live, else null. */
  minute: number | null;
  /** Result decided at a desk (the score is the awarded one). */
  awarded: boolean;
  /**
   * W/D/L of the club's last five finished matches of the season before this fixture,
   * OLDEST FIRST (the last letter is the most recent match). "" when none was played yet.
   */
  home_team_form: string;
  away_team_form: string;
  /** A tournament's round as its file names it ("Matchday 1", "Round of 32", "Final"); null in a league. */
  round_name: string | null;
  /** "league" (a league's matchday), "group" or "knockout". */
  round_kind: 'league' | 'group' | 'knockout';
  /** A group match's group ("Group A"); null otherwise. */
  group_name: string | null;
  /** A two-legged tie's leg (1 or 2); null for a single match. */
  tie_leg: 1 | 2 | null;
  /** Whether this match takes the "who goes through" pick (`advance`): a single knockout match, or a tie's second leg. */
  advance_pick: boolean;
  /** After extra time (the whole match), when it was played; null otherwise. */
  extra_time: { home: number; away: number } | null;
  /** The shoot-out, when there was one; null otherwise. */
  penalties: { home: number; away: number } | null;
}

export interface GameweekFixtures {
  gameweek: GameweekSummary;
  fixtures: Fixture[];
}
