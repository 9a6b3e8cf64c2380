import type { LeaderboardBadge } from '@contracts/api/leagues';

/** Crown for rank 1, medal for 2–3, star for 4–5, none otherwise (spec section 2). */
export function badgeForRank(rank: number | null | undefined): LeaderboardBadge | null {
  if (!rank || rank < 1) return null;
  if (rank === 1) return 'crown';
  if (rank <= 3) return 'medal';
  if (rank <= 5) return 'star';
  return null;
}

/** The server's badge, or the one the rank earns when the server sent none. */
export function resolveBadge(badge: LeaderboardBadge | null | undefined, rank: number | null | undefined): LeaderboardBadge | null {
  return badge ?? badgeForRank(rank);
}

/** Rank colours: 1 gold, 2 silver, 3 bronze, up to 10 primary, others white (the page text colour). */
export function rankTextClass(rank: number | null | undefined): string {
  if (!rank || rank < 1) return 'text-muted';
  if (rank === 1) return 'text-yellow-400 light:text-yellow-800';
  if (rank === 2) return 'text-slate-300 light:text-slate-600';
  if (rank === 3) return 'text-orange-400 light:text-orange-800';
  if (rank <= 10) return 'text-accent';
  return 'text-fg';
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
