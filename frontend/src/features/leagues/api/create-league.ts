import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { CreateLeagueRequest, League } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { useCompetition } from '@/lib/competition/use-competition';
import { leaguesOverviewQueryPrefix } from './get-leagues-overview';

/** POST /leagues/: creates a private or public league owned by the caller (in `competition`, else the server's default); answers the league. */
export async function createLeague(body: CreateLeagueRequest): Promise<League> {
  const answer = await apiClient.post<ApiEnvelope<League> | null>('/leagues/', body);
  if (!answer?.data) throw new Error('Failed to create league');
  return answer.data;
}

/** Creates the league in the competition the screens show (the switcher's). */
export function useCreateLeague() {
  const queryClient = useQueryClient();
  const { code } = useCompetition();
  return useMutation({
    mutationFn: (body: Omit<CreateLeagueRequest, 'competition'>) => createLeague(code === null ? body : { ...body, competition: code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaguesOverviewQueryPrefix }),
  });
}
