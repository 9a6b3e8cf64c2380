import type { LeaderboardBadge } from '@scoreline/contracts/api/leagues';

/** The translation key (namespace 'player') of each badge's text. */
export const BADGE_TEXT_KEY = {
  crown: 'badge.crown',
  medal: 'badge.medal',
  star: 'badge.star',
} as const satisfies Record<LeaderboardBadge, string>;

/** The validated league name, or `unknown` (the translated 'Unknown League'). */
export function leagueLabel(name: string | null | undefined, unknown = 'Unknown League'): string {
  return name && name.trim() ? name : unknown;
}
