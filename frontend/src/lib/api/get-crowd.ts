import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekCrowd } from '@scoreline/contracts/api/picks';
import { apiClient } from '@/lib/api-client';
import { competitionQuery } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';

/** Read by the fixtures and results features: the crowd of one gameweek (everyone) of a competition (last). */
export const crowdQueryKey = (gameweekNumber: number, competition: string | null) => ['crowd', gameweekNumber, competition] as const;

/** GET /crowd/gameweek/{n}/?competition=: figures are null until the gameweek locks. */
export async function getCrowd(gameweekNumber: number, competition?: string): Promise<GameweekCrowd | null> {
  const answer = await apiClient.get<ApiEnvelope<GameweekCrowd> | null>(`/crowd/gameweek/${gameweekNumber}/`, { query: competitionQuery(competition) });
  return answer?.data ?? null;
}

/**
 * The stored figures never change once the gameweek has locked, so they are not refetched;
 * `enabled` waits for the lock (before it the answer is empty anyway).
 */
export function useCrowd(gameweekNumber: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  const competition = useCompetition();
  return useQuery({
    queryKey: crowdQueryKey(gameweekNumber ?? 0, competition.code),
    queryFn: () => getCrowd(gameweekNumber as number, competition.param),
    enabled: enabled && gameweekNumber !== null,
    staleTime: 5 * 60_000,
  });
}
