import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { JoinLeagueRequest, JoinLeagueResult } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

export interface JoinLeagueAnswer {
  result: JoinLeagueResult | null;
  /** The server's sentence ("You joined …!" / "Your request … was sent."), if any. */
  message: string | null;
}

/**
 * POST /leagues/join/ — private: `{type, code, message?}` (a request for the owner);
 * public: `{type, league_id}` (instant).
 */
export async function joinLeague(body: JoinLeagueRequest): Promise<JoinLeagueAnswer> {
  const answer = await apiClient.post<Partial<ApiEnvelope<JoinLeagueResult>> | null>('/leagues/join/', body);
  return { result: answer?.data ?? null, message: answer?.message || null };
}

export function useJoinLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinLeague,
    // The overview, discover list and the joined league all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
}
