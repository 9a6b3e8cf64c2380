import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeagueStats, LeagueStatsResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const leagueStatsQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'stats'] as const;

/** GET /leagues/{id}/stats/ → data.stats. */
export async function getLeagueStats(leagueId: number): Promise<LeagueStats | null> {
  const answer = await apiClient.get<ApiEnvelope<LeagueStatsResponse> | null>(`/leagues/${leagueId}/stats/`);
  return answer?.data?.stats ?? null;
}

export function useLeagueStats(leagueId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: leagueStatsQueryKey(leagueId), queryFn: () => getLeagueStats(leagueId), enabled });
}
