import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekResults } from '@scoreline/contracts/api/stats';
import { apiClient } from '@/lib/api-client';
import { competitionQuery, keepPreviousInCompetition } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';

/** Every results answer is cached under this prefix, so live updates can patch them all. */
export const resultsQueryPrefix = ['results'] as const;
/** The competition last (its gameweek numbers are its own): the prefix still matches. */
export const gameweekResultsQueryKey = (number: number, competition: string | null) => ['results', 'gameweek', number, competition] as const;

/** GET /predictions/gameweek/{n}/user-stats/?competition= (n = gameweek NUMBER); null when the answer has no data. */
export async function getGameweekResults(number: number, competition?: string): Promise<GameweekResults | null> {
  const answer = await apiClient.get<ApiEnvelope<GameweekResults> | null>(`/predictions/gameweek/${number}/user-stats/`, {
    query: competitionQuery(competition),
  });
  return answer?.data ?? null;
}

export function useGameweekResults(number: number | null) {
  const competition = useCompetition();
  return useQuery({
    queryKey: gameweekResultsQueryKey(number ?? 0, competition.code),
    queryFn: () => getGameweekResults(number ?? 0, competition.param),
    enabled: number !== null,
    placeholderData: keepPreviousInCompetition(competition.code),
  });
}
