/**
 * Everyone's picks after the deadline, and the crowd.
 * - GET /leagues/{id}/gameweeks/{n}/picks/?page&page_size&search → ApiEnvelope<GameweekPicksPage>
 *   n = gameweek NUMBER of the active season. Before the gameweek locks (see picksRevealed)
 *   `revealed` is false, `rows` is empty and only the caller's own row is returned.
 *   A private league answers 404 to non-members.
 * - GET /crowd/gameweek/{n}/?league_id&competition → ApiEnvelope<GameweekCrowd>: the crowd of a locked
 *   gameweek (everyone, plus the league when league_id is given and visible to the caller);
 *   `everyone` and `league` are null before the lock.
 */
import type { GameweekSummary } from './fixtures';
import type { Paging } from './leagues';
import type { FixtureStatus } from '../game/gameweek-status';
import type { PredictionOutcome } from '../game/scoring';
import type { CrowdSplit } from '../game/crowd';

export const PICKS_DEFAULT_PAGE_SIZE = 25;
export const PICKS_MAX_PAGE_SIZE = 100;

export interface PicksQuery {
  page?: number;
  page_size?: number;
  /** Part of a member's name or username. */
  search?: string;
}

/** A fixture of the gameweek: a column of the grid. */
export interface PicksFixture {
  id: number;
  home_team: string;
  away_team: string;
  home_short: string;
  away_short: string;
  kickoff_at: string;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
}

/** One member's prediction of one fixture. */
export interface Pick {
  fixture_id: number;
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /** Null before kick-off. */
  points: number | null;
  outcome: PredictionOutcome | null;
  /** True while the match is in play: the points may still change. */
  provisional: boolean;
}

/** One member: a row of the grid. */
export interface PicksRow {
  /** Position in the gameweek's order; ties (same points, exact scores, correct results) share it. Null before the reveal. */
  rank: number | null;
  user_id: number;
  username: string;
  full_name: string;
  /** The member's points in this gameweek. */
  points: number;
  exact: number;
  correct: number;
  /** True while any of the member's picks is on a match in play. */
  provisional: boolean;
  is_current_user: boolean;
  picks: Pick[];
}

export interface GameweekPicksPage extends Paging {
  league_id: number;
  gameweek: GameweekSummary;
  /** False before the deadline: nobody's picks but the caller's own are shown. */
  revealed: boolean;
  fixtures: PicksFixture[];
  /** The page, in gameweek order (points, then exact scores, then correct results). */
  rows: PicksRow[];
  /** The caller's own row (also when it is not on this page); null when not a member. */
  my_row: PicksRow | null;
  /** The league's crowd for the gameweek (null before the lock). */
  crowd: CrowdFixture[] | null;
}

/** The crowd on one fixture, from the predictions as they stood at the deadline. */
export interface CrowdFixture {
  fixture_id: number;
  predictions: number;
  /** Whole percent, adds up to 100 (all 0 without predictions). */
  split: CrowdSplit;
  /** The three most predicted scores and their share of all predictions. */
  top_scores: { home: number; away: number; count: number; percent: number }[];
  /** How many made this fixture their banker. */
  bankers: number;
  /** After the match has a score: the share of predictions that named it (whole percent, rounded up). */
  exact_percent: number | null;
}

export interface GameweekCrowd {
  gameweek_number: number;
  revealed: boolean;
  everyone: CrowdFixture[] | null;
  league: { league_id: number; fixtures: CrowdFixture[] } | null;
}
