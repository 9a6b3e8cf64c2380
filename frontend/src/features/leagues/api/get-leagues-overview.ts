import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

export const leaguesOverviewQueryKey = ['leagues', 'overview'] as const;

/** GET /leagues/overview/: the hub's data, or null when the answer carries none. */
export async function getLeaguesOverview(): Promise<LeaguesOverview | null> {
  const answer = await apiClient.get<ApiEnvelope<LeaguesOverview> | null>('/leagues/overview/');
  return answer?.data ?? null;
}

export function useLeaguesOverview() {
  return useQuery({ queryKey: leaguesOverviewQueryKey, queryFn: getLeaguesOverview });
}
