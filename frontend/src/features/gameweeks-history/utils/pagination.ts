import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';

export const HISTORY_PAGE_SIZE = 10;

/** "Showing X-Y of N gameweeks" bounds (1-based, inclusive); 0-0 when empty. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/**
 * The page (latest first) holding the latest gameweek that has started, so the table opens
 * where the season is rather than on far-off upcoming gameweeks. 1 when nothing has started.
 */
export function pageOfLatestStarted(list: readonly GameweekSummary[] | undefined, now: number, pageSize = HISTORY_PAGE_SIZE): number {
  if (!list || list.length === 0) return 1;
  const sorted = [...list].sort((a, b) => b.number - a.number);
  const index = sorted.findIndex(
    (g) => g.status === 'completed' || (g.status === 'current' && (!g.is_open || (g.starts_at !== null && Date.parse(g.starts_at) <= now))),
  );
  return index < 0 ? 1 : Math.floor(index / pageSize) + 1;
}
