import type { PredictionOutcome } from '../game/scoring';
import type { GameweekSummary } from './fixtures';

/**
 * Predictions (spec section 3 "Prediction", section 7).
 *
 * - GET  /predictions/current/         → ApiEnvelope<GameweekPredictions> (the current gameweek)
 * - GET  /predictions/gameweek/{id}/   → ApiEnvelope<GameweekPredictions>, id = gameweek ID
 * - POST /predictions/  SavePredictionsRequest → SavePredictionsResponse (200)
 *
 * Server rules: only fixtures of the current gameweek, only while it is open (before the
 * kick-off of its first match and before any score was recorded in it); home/away scores are
 * whole numbers 0–99; at most one banker in the gameweek; a fixture at most once per request.
 * All or nothing: a refused request writes nothing and answers 4xx `ApiErrorBody`
 * (400 invalid input, 403 predictions closed). A second save replaces the predictions of the
 * fixtures it lists (others keep theirs); sending a banker moves the banker to that fixture.
 */

export type { PredictionOutcome };

export interface PredictionInput {
  /** Fixture id. */
  fixture: number;
  home_score: number;
  away_score: number;
  is_banker: boolean;
}

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
  /** Null until the match has a score; provisional while live (is_final false). */
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
