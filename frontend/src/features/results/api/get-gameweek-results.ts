import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekResults } from '@scoreline/contracts/api/stats';
import { apiClient } from '@/lib/api-client';

/** Every results answer is cached under this prefix, so live updates can patch them all. */
export const resultsQueryPrefix = ['results'] as const;
export const gameweekResultsQueryKey = (number: number) => ['results', 'gameweek', number] as const;

/** GET /predictions/gameweek/{n}/user-stats/ (n = gameweek NUMBER); null when the answer has no data. */
export async function getGameweekResults(number: number): Promise<GameweekResults | null> {
  const answer = await apiClient.get<ApiEnvelope<GameweekResults> | null>(`/predictions/gameweek/${number}/user-stats/`);
  return answer?.data ?? null;
}

export function useGameweekResults(number: number | null) {
  return useQuery({
    queryKey: gameweekResultsQueryKey(number ?? 0),
    queryFn: () => getGameweekResults(number ?? 0),
    enabled: number !== null,
    placeholderData: keepPreviousData,
  });
}
