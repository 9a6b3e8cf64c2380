import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DiscoverLeaguesPage, DiscoverLeaguesQuery } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

export const discoverLeaguesQueryKey = (query: DiscoverLeaguesQuery) => ['leagues', 'discover', query] as const;

/** GET /leagues/discover/?search=&page=&page_size=: a page of public leagues. */
export async function getDiscoverLeagues(query: DiscoverLeaguesQuery, signal?: AbortSignal): Promise<DiscoverLeaguesPage | null> {
  const answer = await apiClient.get<ApiEnvelope<DiscoverLeaguesPage> | null>('/leagues/discover/', {
    query: { search: query.search, page: query.page, page_size: query.page_size },
    signal,
  });
  return answer?.data ?? null;
}

export function useDiscoverLeagues(query: DiscoverLeaguesQuery) {
  return useQuery({
    queryKey: discoverLeaguesQueryKey(query),
    queryFn: ({ signal }) => getDiscoverLeagues(query, signal),
    placeholderData: keepPreviousData,
  });
}
