// The badge and accuracy rules live once, in contracts/src/game (the frontend uses them too).
export { rankBadge } from '@scoreline/contracts/game/rank-badge';
export { wholeAccuracyPercent as accuracyPercent } from '@scoreline/contracts/game/accuracy';

/**
 * Standard competition ranking ("1, 1, 3"): equal points share a rank, the next rank skips.
 * The reference for the SQL rank() the standings worker uses; returns ranks in input order.
 */
export function competitionRanks(points: readonly number[]): number[] {
  return points.map((p) => 1 + points.filter((q) => q > p).length);
}
