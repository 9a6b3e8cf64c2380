import type { LeaderboardBadge } from '../../../contracts/src/api/leagues';

/** Crown for rank 1, medal for 2 and 3, star for 4 and 5, none otherwise (or unranked). */
export function rankBadge(rank: number | null | undefined): LeaderboardBadge | null {
  if (rank === null || rank === undefined || rank < 1) return null;
  if (rank === 1) return 'crown';
  if (rank <= 3) return 'medal';
  if (rank <= 5) return 'star';
  return null;
}

/**
 * Standard competition ranking ("1, 1, 3"): equal points share a rank, the next rank skips.
 * The reference for the SQL rank() the standings worker uses; returns ranks in input order.
 */
export function competitionRanks(points: readonly number[]): number[] {
  return points.map((p) => 1 + points.filter((q) => q > p).length);
}

/** Whole-number percentage of correct results among scored predictions (0 when none). */
export function accuracyPercent(correct: number, scored: number): number {
  return scored > 0 ? Math.round((correct / scored) * 100) : 0;
}

/** Initials shown where the spec has an avatar: "Alex Morgan" → "AM". */
export function initials(firstName: string, lastName: string): string {
  const text = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return text || '?';
}
