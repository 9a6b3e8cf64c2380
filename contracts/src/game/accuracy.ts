/**
 * Accuracy = correct results (exact included) ÷ scored predictions, as a percentage.
 * Void predictions must not be counted in either argument. 0 when nothing was scored.
 * The one copy of the rule: backend, workers and frontend import it from here.
 */

/** Unrounded, for sums and comparisons (tests recompute the API's figures from it). */
export function accuracyPercent(correctIncludingExact: number, scoredCount: number): number {
  if (scoredCount <= 0) return 0;
  return (correctIncludingExact / scoredCount) * 100;
}

/** As the API sends it and every screen shows it: a whole percent, halves rounded up (2 of 3 → 67). */
export function wholeAccuracyPercent(correctIncludingExact: number, scoredCount: number): number {
  return Math.round(accuracyPercent(correctIncludingExact, scoredCount));
}
