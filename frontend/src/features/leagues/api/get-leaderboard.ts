import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeaderboardQuery, LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const leaderboardQueryKey = (leagueId: number, query: LeaderboardQuery = {}) =>
  [...leagueQueryKey(leagueId), 'leaderboard', query] as const;

/** GET /leagues/{id}/leaderboard/?page=&page_size= → data (rows in data.leaderboard). */
export async function getLeaderboard(leagueId: number, query: LeaderboardQuery = {}): Promise<LeaderboardResponse | null> {
  const answer = await apiClient.get<ApiEnvelope<LeaderboardResponse> | null>(`/leagues/${leagueId}/leaderboard/`, {
    query: { page: query.page, page_size: query.page_size },
  });
  return answer?.data ?? null;
}

export function useLeaderboard(leagueId: number, query: LeaderboardQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: leaderboardQueryKey(leagueId, query), queryFn: () => getLeaderboard(leagueId, query), enabled });
}
