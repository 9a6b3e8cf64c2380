import { accuracyPercent } from '../../../contracts/src/game/scoring';

/** Accuracy as shown everywhere: correct (exact included) ÷ scored, whole-number percent. */
export function wholeAccuracy(correct: number, scored: number): number {
  return Math.round(accuracyPercent(correct, scored));
}
