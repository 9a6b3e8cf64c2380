import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { ActivityStats, ActivityStatsResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const activityStatsQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'activity-stats'] as const;

/** GET /leagues/{id}/activity/stats/ → data.stats. */
export async function getActivityStats(leagueId: number): Promise<ActivityStats | null> {
  const answer = await apiClient.get<ApiEnvelope<ActivityStatsResponse> | null>(`/leagues/${leagueId}/activity/stats/`);
  return answer?.data?.stats ?? null;
}

export function useActivityStats(leagueId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: activityStatsQueryKey(leagueId), queryFn: () => getActivityStats(leagueId), enabled });
}
