import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { apiClient } from '@/lib/api-client';
import { competitionQuery } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';
import { defaultCompetitionAnswerMeta } from '@/lib/competition/default-answers';

/** Every competition's gameweeks are cached under this prefix (a finished gameweek refetches them). */
export const gameweeksQueryPrefix = ['seasons', 'gameweeks'] as const;
/** Read by the fixtures, results, dashboard and gameweeks-history features: one key, one cached answer per competition (last). */
export const gameweeksQueryKey = (competition: string | null) => [...gameweeksQueryPrefix, competition] as const;

/** GET /seasons/gameweeks/?competition=: every gameweek of the competition's active season, ascending by number. */
export async function getGameweeks(competition?: string): Promise<GameweekSummary[]> {
  const answer = await apiClient.get<ApiEnvelope<GameweekSummary[]> | null>('/seasons/gameweeks/', { query: competitionQuery(competition) });
  if (!Array.isArray(answer?.data)) throw new Error('No gameweeks data available.');
  return answer.data;
}

export function useGameweeks() {
  const competition = useCompetition();
  return useQuery({
    queryKey: gameweeksQueryKey(competition.code),
    queryFn: () => getGameweeks(competition.param),
    staleTime: 60_000,
    // Under the null key, the competition's once it is named.
    meta: defaultCompetitionAnswerMeta(),
  });
}
