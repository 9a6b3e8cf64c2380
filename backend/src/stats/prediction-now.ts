import { scoreAtState, type FixtureAtState, type PredictionOutcome } from '@scoreline/contracts/game/scoring';

export interface PredictionNow {
  points: number | null;
  outcome: PredictionOutcome | null;
  isFinal: boolean;
}

/**
 * A fan's prediction of a match as the scorer writes it at the match's current row (the same
 * rule, scoreAtState): the Results and history screens show a goal's points at once, not when a
 * big match's scoring reaches the fan. No prediction: nothing.
 */
export function predictionNow(pick: { home: number | null; away: number | null; banker: boolean | null }, fixture: FixtureAtState): PredictionNow {
  if (pick.home === null || pick.away === null) return { points: null, outcome: null, isFinal: false };
  const { points, outcome } = scoreAtState({ home: pick.home, away: pick.away, banker: pick.banker ?? false }, fixture);
  return { points, outcome, isFinal: fixture.status === 'finished' || fixture.status === 'postponed' };
}
