import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { HeadToHeadResponse } from '@scoreline/contracts/api/compare';
import { apiClient } from '@/lib/api-client';

export const headToHeadQueryKey = (leagueId: string, userId: string) => ['head-to-head', leagueId, userId] as const;

/** GET /leagues/{leagueId}/head-to-head/{userId}/ */
export async function getHeadToHead(leagueId: string, userId: string): Promise<HeadToHeadResponse> {
  const answer = await apiClient.get<ApiEnvelope<HeadToHeadResponse> | null>(
    `/leagues/${encodeURIComponent(leagueId)}/head-to-head/${encodeURIComponent(userId)}/`,
  );
  if (!answer?.data?.me) throw new Error('Head to head not found');
  return answer.data;
}

export function useHeadToHead(leagueId: string | undefined, userId: string | undefined) {
  return useQuery({
    queryKey: headToHeadQueryKey(leagueId ?? '', userId ?? ''),
    queryFn: () => getHeadToHead(leagueId!, userId!),
    enabled: Boolean(leagueId && userId),
  });
}
