import type { PredictionOutcome } from '../game/scoring';
import type { GameweekSummary } from './fixtures';

/**
 * Predictions (spec section 3 "Prediction", section 7).
 *
 * - GET  /predictions/current/         → ApiEnvelope<GameweekPredictions> (the current gameweek; `?competition=`: competitions.ts)
 * - GET  /predictions/gameweek/{id}/   → ApiEnvelope<GameweekPredictions>, id = gameweek ID
 * - POST /predictions/  SavePredictionsRequest → SavePredictionsResponse (200)
 *
 * Server rules: only fixtures of the current gameweek, only while it is open (before the
 * kick-off of its first match and before any score was recorded in it); home/away scores are
 * whole numbers 0–99; at most one banker in the gameweek; a fixture at most once per request.
 * All or nothing: a refused request writes nothing and answers 4xx `ApiErrorBody`
 * (400 invalid input, 403 predictions closed). A second save replaces the predictions of the
 * fixtures it lists (others keep theirs); sending a banker moves the banker to that fixture.
 *
 * Knockouts: the score predicted is the score after 90 minutes and stoppage time. A fixture that
 * carries the "who goes through" pick (a single knockout match, or the second leg of a two-legged
 * tie: hasAdvancePick in game/knockout.ts) also takes `advance`, a side of that fixture; sent for
 * any other fixture it is refused (400, `predictions[i].advance`). A right pick earns
 * ADVANCE_POINTS (10), never doubled by the banker. A knockout fixture whose teams are not known
 * yet (a placeholder such as "W73") is not open for prediction (400, `predictions[i].fixture`).
 */

export type { PredictionOutcome };

export interface PredictionInput {
  /** Fixture id. */
  fixture: number;
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /**
   * Who goes through, as a side of this fixture; only for a fixture that carries the pick. Absent
   * or null: no pick (a save replaces the fixture's prediction, an earlier pick included).
   */
  advance?: AdvanceSide | null;
}

/** A side of a fixture: who goes through in a knockout pick. */
export type AdvanceSide = 'home' | 'away';

export interface SavePredictionsRequest {
  predictions: PredictionInput[];
}

export interface Prediction {
  id: number;
  /** Fixture id. */
  fixture: number;
  gameweek_id: number;
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /**
   * The "who goes through" pick (a side of this fixture); null when none. Always sent by the
   * server; optional in the type only so that clients built before it still type-check.
   */
  advance?: AdvanceSide | null;
  /**
   * Null until the match has a score; in a knockout match it includes the "who goes through"
   * pick's points once the match is finished and who goes through is known; provisional while
   * live (is_final false).
   */
  points: number | null;
  /** Null until scored; 'void' for a postponed match (0 points). */
  outcome: PredictionOutcome | null;
  /** True once the match is finished (or void). */
  is_final: boolean;
  updated_at: string;
}

export interface GameweekPredictions {
  gameweek: GameweekSummary;
  predictions: Prediction[];
}

export interface SavePredictionsResponse {
  /** "All predictions saved successfully!" */
  message: string;
  data: GameweekPredictions;
}
