import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { MemberDetail } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const memberDetailQueryKey = (leagueId: number, userId: number) => [...leagueQueryKey(leagueId), 'member', userId] as const;

/** GET /leagues/{id}/members/{userId}/: the member modal's card, achievements and comparison. */
export async function getMemberDetail(leagueId: number, userId: number): Promise<MemberDetail> {
  const answer = await apiClient.get<ApiEnvelope<MemberDetail> | null>(`/leagues/${leagueId}/members/${userId}/`);
  if (!answer?.data) throw new Error('Could not load this member.');
  return answer.data;
}

export function useMemberDetail(leagueId: number, userId: number | null) {
  return useQuery({
    queryKey: memberDetailQueryKey(leagueId, userId ?? 0),
    queryFn: () => getMemberDetail(leagueId, userId!),
    enabled: userId !== null,
  });
}
