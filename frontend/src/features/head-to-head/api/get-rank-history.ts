import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { MyRankHistoryResponse, RankHistory } from '@scoreline/contracts/api/compare';
import { apiClient } from '@/lib/api-client';
import { useCompetition } from '@/lib/competition/use-competition';

export const memberRankHistoryQueryKey = (leagueId: number, userId: number) => ['rank-history', leagueId, userId] as const;
/** The competition last: ['rank-history', 'mine'] still matches every competition's answer. */
export const myRankHistoryQueryKey = (competition: string | null) => ['rank-history', 'mine', competition] as const;

/** GET /leagues/{leagueId}/rank-history/{userId}/ — a member of a league the viewer is in (or the viewer). */
export async function getMemberRankHistory(leagueId: number, userId: number): Promise<RankHistory> {
  const answer = await apiClient.get<ApiEnvelope<RankHistory> | null>(`/leagues/${leagueId}/rank-history/${userId}/`);
  if (!answer?.data?.history) throw new Error('Rank history not found');
  return answer.data;
}

/**
 * GET /rank-history/?competition= — the viewer's history in each of their leagues of the
 * competition; without one (none chosen), in every league.
 */
export async function getMyRankHistory(competition?: string): Promise<MyRankHistoryResponse> {
  const answer = await apiClient.get<ApiEnvelope<MyRankHistoryResponse> | null>('/rank-history/', {
    query: competition === undefined ? undefined : { competition },
  });
  if (!answer?.data?.leagues) throw new Error('Rank history not found');
  return answer.data;
}

export function useMemberRankHistory(leagueId: number, userId: number) {
  return useQuery({ queryKey: memberRankHistoryQueryKey(leagueId, userId), queryFn: () => getMemberRankHistory(leagueId, userId) });
}

export function useMyRankHistory() {
  const competition = useCompetition();
  // Named whenever chosen: left out, the answer holds every competition's leagues.
  return useQuery({ queryKey: myRankHistoryQueryKey(competition.code), queryFn: () => getMyRankHistory(competition.code ?? undefined) });
}
