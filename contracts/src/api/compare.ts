/**
 * Head to head and rank over time (issue 11 §4). Answers are wrapped in `ApiEnvelope<T>`.
 *
 * Calls (all under /api, bearer token required):
 *   GET /leagues/{leagueId}/head-to-head/{userId}/   → HeadToHeadResponse
 *   GET /leagues/{leagueId}/rank-history/{userId}/   → RankHistory  (own or a fellow member's)
 *   GET /rank-history/?competition=                  → MyRankHistoryResponse (the caller, every league; or the competition's)
 *
 * Both players must be members of the league: anyone else, a private league's non-member, an
 * unknown league or user all answer 404 alike. Comparing with oneself is 400. The other
 * player's picks appear only for gameweeks whose prediction deadline (first kick-off) has
 * passed, never earlier.
 */
import type { HeadToHeadWinner, PickVerdict } from '../game/head-to-head';
import type { PredictionOutcome } from '../game/scoring';

export type { HeadToHeadWinner, PickVerdict };

export interface HeadToHeadPlayer {
  user_id: number;
  username: string;
  name: string;
  /** Initials. */
  avatar: string;
  /** Season points as the season table counts them: the revealed gameweeks' points and `bonus_points`. */
  total_points: number;
  /** Settled bonus points (the competition's questions and the league's own) in `total_points`; 0 without any. */
  bonus_points: number;
  /** Season figures over the revealed gameweeks. */
  gameweeks_won: number;
  exact_scores: number;
  correct_results: number;
  banker_hits: number;
  /** The season table's current rank in this league (null before any standings). */
  rank: number | null;
}

export interface HeadToHeadGameweek {
  gameweek_id: number;
  number: number;
  /** The round as fans see it (game/round-name.ts): "Gameweek 12", "Round of 32". */
  name?: string;
  my_points: number;
  their_points: number;
  /** Every match finished or void: the winner is final. */
  completed: boolean;
  /** null while the gameweek is still being played. */
  winner: HeadToHeadWinner | null;
}

export interface HeadToHeadPick {
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /** null until the match has a score. */
  points: number | null;
  outcome: PredictionOutcome | null;
}

/** A match of a revealed gameweek where both predicted and the scores differed. */
export interface DifferingPick {
  fixture_id: number;
  gameweek_number: number;
  /** The match's round as fans see it (game/round-name.ts): "Gameweek 12", "Round of 32". */
  gameweek_name?: string;
  kickoff_at: string;
  home_team: string;
  away_team: string;
  status: 'scheduled' | 'live' | 'finished' | 'postponed';
  home_score: number | null;
  away_score: number | null;
  mine: HeadToHeadPick;
  theirs: HeadToHeadPick;
  /** null while the match has no final outcome, and for a void match. */
  verdict: PickVerdict | null;
}

export interface HeadToHeadResponse {
  league: { id: number; name: string };
  me: HeadToHeadPlayer;
  them: HeadToHeadPlayer;
  /** Gameweeks won by neither (equal points), among completed ones. */
  drawn_gameweeks: number;
  /** Revealed gameweeks (deadline passed), oldest first. */
  gameweeks: HeadToHeadGameweek[];
  /** Newest first. */
  differing_picks: DifferingPick[];
  /** Of the differing picks with a verdict: how many each got right over the other. */
  differing_summary: { me: number; them: number; both: number; neither: number };
}

export interface RankHistoryPoint {
  gameweek_id: number;
  gameweek_number: number;
  /** The round as fans see it (game/round-name.ts): "Gameweek 12", "Round of 32". */
  gameweek_name?: string;
  rank: number;
  /** Season points at the end of that gameweek, with the settled bonus points the season table counted then. */
  points: number;
  /** Members ranked in that gameweek's snapshot. */
  members: number;
}

export interface RankHistory {
  league: { id: number; name: string; type: string };
  user_id: number;
  /** One point per completed gameweek, stored when it completed, oldest first. */
  history: RankHistoryPoint[];
  best: RankHistoryPoint | null;
  worst: RankHistoryPoint | null;
}

export interface MyRankHistoryResponse {
  leagues: RankHistory[];
}
