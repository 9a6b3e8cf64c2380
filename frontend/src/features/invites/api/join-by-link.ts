import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { JoinLeagueRequest, JoinLeagueResult } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

/** POST /leagues/join/ from an invite link: the same call as the Join League form. */
export async function joinByLink(body: JoinLeagueRequest): Promise<JoinLeagueResult> {
  const answer = await apiClient.post<ApiEnvelope<JoinLeagueResult>>('/leagues/join/', body);
  return answer.data;
}

export function useJoinByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinByLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
}
