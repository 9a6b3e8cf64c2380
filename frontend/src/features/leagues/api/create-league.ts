import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { CreateLeagueRequest, League } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leaguesOverviewQueryKey } from './get-leagues-overview';

/** POST /leagues/: creates a private or public league owned by the caller; answers the league. */
export async function createLeague(body: CreateLeagueRequest): Promise<League> {
  const answer = await apiClient.post<ApiEnvelope<League> | null>('/leagues/', body);
  if (!answer?.data) throw new Error('Failed to create league');
  return answer.data;
}

export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaguesOverviewQueryKey }),
  });
}
