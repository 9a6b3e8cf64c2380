import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { MyRankHistoryResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { apiClient } from '@/lib/api-client';

export const memberRankHistoryQueryKey = (leagueId: number, userId: number) => ['rank-history', leagueId, userId] as const;
export const myRankHistoryQueryKey = ['rank-history', 'mine'] as const;

/** GET /leagues/{leagueId}/rank-history/{userId}/ — a member of a league the viewer is in (or the viewer). */
export async function getMemberRankHistory(leagueId: number, userId: number): Promise<RankHistory> {
  const answer = await apiClient.get<ApiEnvelope<RankHistory> | null>(`/leagues/${leagueId}/rank-history/${userId}/`);
  if (!answer?.data?.history) throw new Error('Rank history not found');
  return answer.data;
}

/** GET /rank-history/ — the viewer's history in each of their leagues. */
export async function getMyRankHistory(): Promise<MyRankHistoryResponse> {
  const answer = await apiClient.get<ApiEnvelope<MyRankHistoryResponse> | null>('/rank-history/');
  if (!answer?.data?.leagues) throw new Error('Rank history not found');
  return answer.data;
}

export function useMemberRankHistory(leagueId: number, userId: number) {
  return useQuery({ queryKey: memberRankHistoryQueryKey(leagueId, userId), queryFn: () => getMemberRankHistory(leagueId, userId) });
}

export function useMyRankHistory() {
  return useQuery({ queryKey: myRankHistoryQueryKey, queryFn: getMyRankHistory });
}
