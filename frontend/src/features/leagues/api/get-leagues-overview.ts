import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

/** Every competition's overview is cached under this prefix (live table changes refetch them all). */
export const leaguesOverviewQueryPrefix = ['leagues', 'overview'] as const;
/** The competition last; null: every league (no competition chosen, the game of before). */
export const leaguesOverviewQueryKey = (competition: string | null) => [...leaguesOverviewQueryPrefix, competition] as const;

/**
 * GET /leagues/overview/?competition=: the hub's data, or null when the answer carries none. The
 * competition is always named when chosen: without it the answer holds every competition's leagues.
 */
export async function getLeaguesOverview(competition?: string): Promise<LeaguesOverview | null> {
  const answer = await apiClient.get<ApiEnvelope<LeaguesOverview> | null>('/leagues/overview/', {
    query: competition === undefined ? undefined : { competition },
  });
  return answer?.data ?? null;
}

const leaguesOverviewQuery = (competition: string | null) =>
  queryOptions({ queryKey: leaguesOverviewQueryKey(competition), queryFn: () => getLeaguesOverview(competition ?? undefined) });

/** One overview per competition, in the order given (null: every league, none chosen). */
export function useLeaguesOverviews(competitions: readonly (string | null)[]) {
  return useQueries({ queries: competitions.map((code) => leaguesOverviewQuery(code)) });
}
