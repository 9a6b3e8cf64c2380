import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DiscoverLeaguesPage, DiscoverLeaguesQuery } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { keepPreviousInCompetition } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';

/** The competition last (null: every competition's leagues). */
export const discoverLeaguesQueryKey = (query: DiscoverLeaguesQuery, competition: string | null) => ['leagues', 'discover', query, competition] as const;

/** GET /leagues/discover/?search=&page=&page_size=&competition=: a page of public leagues (of the competition, when named). */
export async function getDiscoverLeagues(query: DiscoverLeaguesQuery, signal?: AbortSignal): Promise<DiscoverLeaguesPage | null> {
  const answer = await apiClient.get<ApiEnvelope<DiscoverLeaguesPage> | null>('/leagues/discover/', {
    query: { search: query.search, page: query.page, page_size: query.page_size, competition: query.competition },
    signal,
  });
  return answer?.data ?? null;
}

/** The chosen competition's public leagues (named whenever chosen: without it every competition's answer). */
export function useDiscoverLeagues(query: Omit<DiscoverLeaguesQuery, 'competition'>) {
  const { code } = useCompetition();
  return useQuery({
    queryKey: discoverLeaguesQueryKey(query, code),
    queryFn: ({ signal }) => getDiscoverLeagues({ ...query, competition: code ?? undefined }, signal),
    placeholderData: keepPreviousInCompetition(code),
  });
}
