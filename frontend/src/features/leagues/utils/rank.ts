import type { LeaderboardBadge } from '@scoreline/contracts/api/leagues';
import { rankBadge } from '@scoreline/contracts/game/rank-badge';

/** The server's badge, or the one the rank earns when the server sent none. */
export function resolveBadge(badge: LeaderboardBadge | null | undefined, rank: number | null | undefined): LeaderboardBadge | null {
  return badge ?? rankBadge(rank);
}

export type HighlightTier = 'first' | 'second' | 'third' | 'top5';

/** Leaderboard highlight tiers: ranks 1, 2, 3 and up to 5. */
export function highlightTier(rank: number | null | undefined): HighlightTier | null {
  if (!rank || rank < 1) return null;
  if (rank === 1) return 'first';
  if (rank === 2) return 'second';
  if (rank === 3) return 'third';
  if (rank <= 5) return 'top5';
  return null;
}

export const TIER_ROW_CLASSES: Record<HighlightTier, string> = {
  first: 'bg-yellow-400/10 shadow-[inset_3px_0_0_rgb(250_204_21)]',
  second: 'bg-slate-300/10 shadow-[inset_3px_0_0_rgb(203_213_225)]',
  third: 'bg-orange-400/10 shadow-[inset_3px_0_0_rgb(251_146_60)]',
  top5: 'bg-surface-2/50 shadow-[inset_3px_0_0_var(--app-line)]',
};

/** How many places a row moved: positive = climbed. Null without a previous rank. */
export function rankMovement(rank: number | null | undefined, previousRank: number | null | undefined): number | null {
  if (!rank || !previousRank) return null;
  return previousRank - rank;
}
