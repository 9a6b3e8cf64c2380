import type { LeaderboardUpdatedPayload } from '@scoreline/contracts/live';
import type { LeaderboardResponse, LeaderboardRow } from '@scoreline/contracts/api/leagues';
import { rankBadge } from '@scoreline/contracts/game/rank-badge';

/**
 * A cached leaderboard page with a live update applied: known rows take their new rank and
 * points and the page is re-sorted. 'refetch' when patching cannot be trusted: the update was
 * truncated, or a row the page does not hold now belongs in it (or a row has left its range).
 */
export function applyLeaderboardUpdate(
  data: LeaderboardResponse,
  update: Pick<LeaderboardUpdatedPayload, 'changed' | 'truncated'>,
): LeaderboardResponse | 'refetch' {
  if (update.truncated) return 'refetch';
  if (update.changed.length === 0) return data;
  const rows = data.leaderboard;
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  const maxRank = rows.reduce((max, row) => Math.max(max, row.rank), 0);
  const morePages = data.has_next || data.has_previous;

  for (const change of update.changed) {
    const known = byId.get(change.userId);
    if (!known) {
      // A single-page table holds everyone: an unknown row is a new member.
      if (!morePages || change.rank <= maxRank) return 'refetch';
      continue;
    }
    if (morePages && change.rank > maxRank) return 'refetch';
  }

  const changes = new Map(update.changed.map((c) => [c.userId, c]));
  const patched: LeaderboardRow[] = rows.map((row) => {
    const change = changes.get(row.user_id);
    if (!change) return row;
    return {
      ...row,
      rank: change.rank,
      previous_rank: change.previousRank,
      total_points: change.totalPoints,
      recent_points: change.recentPoints,
      badge: rankBadge(change.rank),
    };
  });
  patched.sort((a, b) => a.rank - b.rank || a.full_name.localeCompare(b.full_name));
  const current = patched.find((row) => row.is_current_user) ?? null;
  return { ...data, leaderboard: patched, current_user: current ?? data.current_user };
}
