import type { FixtureStatus, GameweekStatus } from '../game/gameweek-status';
import type { PredictionOutcome } from '../game/scoring';
import type { GameweekSummary } from './fixtures';

/**
 * Read models of the active season: Dashboard, Results and Gameweeks history (spec sections 2
 * and 3). Definitions used everywhere:
 * - predictions: predictions made; scored: predictions on live or finished, non-void matches;
 * - correct results INCLUDE exact scores; wrong = scored − correct;
 * - accuracy = correct ÷ scored × 100, rounded to a whole number (0 when nothing is scored);
 * - live matches count with their provisional points (`provisional: true`).
 */

// ---------------------------------------------------------------------------------------
// GET /stats/dashboard/?competition= → ApiEnvelope<DashboardData> (competitions.ts)
// ---------------------------------------------------------------------------------------

export interface DashboardSeasonStats {
  total_points: number;
  total_predictions: number;
  /** Whole-number percentage as a numeric string, e.g. "67". */
  accuracy: string;
  /** Exact scores ("Correct Scores" card). */
  exact_scores: number;
  /** Correct results, exact included. */
  correct_results: number;
  scored_predictions: number;
  provisional: boolean;
}

export interface DashboardRecentGameweek {
  /** Gameweek id. */
  id: number;
  number: number;
  /** The round as fans see it (game/round-name.ts): "Gameweek 12", "Round of 32". */
  gameweek_name: string;
  total_predictions: number;
  correct_results: number;
  exact_scores: number;
  /** Whole-number percentage. */
  accuracy: number;
  points_earned: number;
  provisional: boolean;
}

export interface TeamAccuracy {
  /** Club name. */
  team: string;
  team_id: number;
  team_short: string;
  team_logo: string | null;
  /** Whole-number percentage of the user's scored predictions in this club's matches that were correct. */
  accuracy: number;
  /** Scored predictions in this club's matches (at least 3 to be listed). */
  predictions: number;
}

export interface PointsByGameweek {
  number: number;
  points: number;
}

export interface DashboardData {
  /** Null when no season is active (every figure is then 0 and every list empty). */
  season: { id: number; name: string; label: string } | null;
  current_season_stats: DashboardSeasonStats;
  /** The user's latest 5 gameweeks with predictions, most recent first. */
  recent_gameweeks: DashboardRecentGameweek[];
  /** Up to 3 clubs (≥ 3 scored predictions) with the best accuracy, best first. */
  hot_teams: TeamAccuracy[];
  /** Up to 3 other clubs (≥ 3 scored predictions) with the worst accuracy, worst first; never also hot. */
  cold_teams: TeamAccuracy[];
  /** Every gameweek of the season that has started (current and completed), ascending; 0 when not predicted. */
  points_by_gameweek: PointsByGameweek[];
}

// ---------------------------------------------------------------------------------------
// GET /predictions/gameweek/{n}/user-stats/?competition= → ApiEnvelope<GameweekResults>, n = gameweek NUMBER (competitions.ts)
// ---------------------------------------------------------------------------------------

export interface ResultsUserStats {
  total_points: number;
  /** Exact included. */
  correct_results: number;
  exact_scores: number;
  /** Whole-number percentage. */
  accuracy: number;
  wrong_results: number;
  total_predictions: number;
  scored_predictions: number;
  provisional: boolean;
}

export interface GlobalBenchmarks {
  /** Highest points in this gameweek among the users who predicted it (0 when nobody did). */
  highest_points: number;
  /** Average points among the users who predicted it, rounded to 1 decimal. */
  average_points: number;
  /** How many users predicted it. */
  participants: number;
}

export interface ResultMatch {
  fixture_id: number;
  home_team: string;
  away_team: string;
  home_team_short: string;
  away_team_short: string;
  match_time: string;
  status: FixtureStatus;
  minute: number | null;
  actual_home_score: number | null;
  actual_away_score: number | null;
  /** Null when the user made no prediction for this match. */
  predicted_home_score: number | null;
  predicted_away_score: number | null;
  /** Null while not scored (or not predicted). Banker doubling included. */
  points_earned: number | null;
  is_banker: boolean;
  /** exact | correct | wrong; void for a postponed match; null while not scored or not predicted. */
  result_status: PredictionOutcome | null;
  is_final: boolean;
}

export interface GameweekResults {
  gameweek: GameweekSummary;
  user_stats: ResultsUserStats;
  global_benchmarks: GlobalBenchmarks;
  /** Every fixture of the gameweek, by kick-off. */
  matches: ResultMatch[];
}

// ---------------------------------------------------------------------------------------
// GET /stats/history/?player=&page=&page_size=&order=&competition= → ApiEnvelope<GameweeksHistory>
// ---------------------------------------------------------------------------------------

/**
 * Query of the history endpoint. `player` is a user id or username; omitted = the caller.
 * Another player's history is visible only to users who share a league with them (else 404).
 * While a gameweek is still open, another player's predicted scores are hidden (null).
 */
export interface GameweeksHistoryQuery {
  player?: string;
  /** 1-based, default 1. */
  page?: number;
  /** 1–38, default 10. */
  page_size?: number;
  /** By gameweek number; default 'desc' (latest first). */
  order?: 'asc' | 'desc';
  /** A competition code (competitions.ts); default the caller's current competition. */
  competition?: string;
}

export interface HistoryMatch {
  fixtureId: number;
  homeTeam: string;
  awayTeam: string;
  matchTime: string;
  status: FixtureStatus;
  /** Null when not predicted (or hidden). */
  predictionHome: number | null;
  predictionAway: number | null;
  homeScore: number | null;
  awayScore: number | null;
  banker: boolean;
  /** exact | correct | wrong | void; null while not scored or not predicted. */
  result: PredictionOutcome | null;
  points: number | null;
  isFinal: boolean;
}

export interface GameweekHistoryItem {
  /** Gameweek id. */
  id: number;
  number: number;
  /** Label, the round as fans see it: "Gameweek 12", "Round of 32". */
  gameWeek: string;
  /** First kick-off of the gameweek (ISO). */
  date: string | null;
  status: GameweekStatus;
  totalPredictions: number;
  /** Correct results, exact included. */
  correctPredictions: number;
  /** Exact scores. */
  correctScores: number;
  /** Whole-number percentage. */
  accuracy: number;
  points: number;
  provisional: boolean;
  /** Every fixture of the gameweek with the player's prediction, by kick-off. */
  matches: HistoryMatch[];
}

export interface HistoryGameweekRef {
  number: number;
  /** As GameweekHistoryItem's. */
  gameWeek: string;
  date: string | null;
  points: number;
}

export interface HistorySummary {
  totalPoints: number;
  totalPredictions: number;
  /** Correct results, exact included. */
  totalCorrect: number;
  totalExactScores: number;
  /** Season accuracy: all correct ÷ all scored, whole-number percentage. */
  averageAccuracy: number;
  /** Highest-scoring gameweek among those the player predicted and that have started; null if none. */
  bestGameweek: HistoryGameweekRef | null;
  /** Lowest-scoring completed gameweek the player predicted; null if none. */
  worstGameweek: HistoryGameweekRef | null;
}

export interface HistoryPlayer {
  id: number;
  username: string;
  full_name: string;
  is_current_user: boolean;
}

export interface Pagination {
  page: number;
  page_size: number;
  /** Number of gameweeks in the season. */
  total: number;
  total_pages: number;
}

export interface GameweeksHistory {
  player: HistoryPlayer;
  summary: HistorySummary;
  /** This page of the season's gameweeks (all statuses). */
  gameweeks: GameweekHistoryItem[];
  pagination: Pagination;
}
