import type { LeaderboardBadge } from '@contracts/api/leagues';

export const BADGE_TEXT: Record<LeaderboardBadge, string> = {
  crown: 'League leader',
  medal: 'On the podium',
  star: 'Top five',
};

/** The validated league name, or 'Unknown League'. */
export function leagueLabel(name: string | null | undefined): string {
  return name && name.trim() ? name : 'Unknown League';
}
