import type { LeaderboardBadge } from '../api/leagues';

/**
 * Crown for rank 1, medal for 2–3, star for 4–5, none otherwise or unranked (spec section 2).
 * The one copy of the rule: the API's `badge` and the client's live rows both come from it.
 */
export function rankBadge(rank: number | null | undefined): LeaderboardBadge | null {
  if (rank === null || rank === undefined || !(rank >= 1)) return null;
  if (rank === 1) return 'crown';
  if (rank <= 3) return 'medal';
  if (rank <= 5) return 'star';
  return null;
}
