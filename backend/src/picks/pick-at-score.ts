import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import { scorePrediction, type PredictionOutcome } from '@scoreline/contracts/game/scoring';

export interface ScoredPick {
  points: number | null;
  outcome: PredictionOutcome | null;
}

/**
 * A pick's points and outcome at its fixture's current state, by the scorer's rule: what the
 * scorer writes once it has scored that state, and what the live tables count meanwhile. Void
 * when postponed; nothing yet without a score.
 */
export function pickAtScore(
  pick: { home_score: number; away_score: number; is_banker: boolean },
  fixture: { status: FixtureStatus; home_score: number | null; away_score: number | null },
): ScoredPick {
  const predicted = { predictedHome: pick.home_score, predictedAway: pick.away_score, isBanker: pick.is_banker };
  if (fixture.status === 'postponed') return scorePrediction({ ...predicted, actualHome: null, actualAway: null, isVoid: true });
  if (fixture.home_score === null || fixture.away_score === null) return { points: null, outcome: null };
  return scorePrediction({ ...predicted, actualHome: fixture.home_score, actualAway: fixture.away_score });
}
