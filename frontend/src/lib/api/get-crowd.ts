import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekCrowd } from '@scoreline/contracts/api/picks';
import { apiClient } from '@/lib/api-client';

/** Read by the fixtures and results features: the crowd of one gameweek (everyone). */
export const crowdQueryKey = (gameweekNumber: number) => ['crowd', gameweekNumber] as const;

/** GET /crowd/gameweek/{n}/: figures are null until the gameweek locks. */
export async function getCrowd(gameweekNumber: number): Promise<GameweekCrowd | null> {
  const answer = await apiClient.get<ApiEnvelope<GameweekCrowd> | null>(`/crowd/gameweek/${gameweekNumber}/`);
  return answer?.data ?? null;
}

/**
 * The stored figures never change once the gameweek has locked, so they are not refetched;
 * `enabled` waits for the lock (before it the answer is empty anyway).
 */
export function useCrowd(gameweekNumber: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: crowdQueryKey(gameweekNumber ?? 0),
    queryFn: () => getCrowd(gameweekNumber as number),
    enabled: enabled && gameweekNumber !== null,
    staleTime: 5 * 60_000,
  });
}
