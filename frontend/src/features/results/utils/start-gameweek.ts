import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';

/**
 * The gameweek Results opens on: the latest one with results. That is the current gameweek
 * once its first match has kicked off, else the one before it; after the season, the last
 * completed one; 1 when nothing is known.
 */
export function latestGameweekWithResults(list: readonly GameweekSummary[] | null | undefined, now: number): number {
  if (!list || list.length === 0) return 1;
  const current = list.find((g) => g.status === 'current');
  if (current) {
    const startedAt = current.starts_at ? Date.parse(current.starts_at) : Number.NaN;
    // Closed means the deadline (first kick-off) passed or a score is already in.
    const kickedOff = !current.is_open || (!Number.isNaN(startedAt) && startedAt <= now);
    if (kickedOff) return current.number;
    const previous = list.filter((g) => g.number < current.number).map((g) => g.number);
    return previous.length > 0 ? Math.max(...previous) : current.number;
  }
  const completed = list.filter((g) => g.status === 'completed').map((g) => g.number);
  return completed.length > 0 ? Math.max(...completed) : list[0].number;
}

/** Team names are cut to 10 characters on phones (spec section 9). */
export const MOBILE_TEAM_NAME_LENGTH = 10;

export function cutTeamName(name: string, max = MOBILE_TEAM_NAME_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
