import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { MemberStats, MemberStatsResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const memberStatsQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'member-stats'] as const;

/** GET /leagues/{id}/members/stats/ → data.member_stats. */
export async function getMemberStats(leagueId: number): Promise<MemberStats | null> {
  const answer = await apiClient.get<ApiEnvelope<MemberStatsResponse> | null>(`/leagues/${leagueId}/members/stats/`);
  return answer?.data?.member_stats ?? null;
}

export function useMemberStats(leagueId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: memberStatsQueryKey(leagueId), queryFn: () => getMemberStats(leagueId), enabled });
}
