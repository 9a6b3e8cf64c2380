import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { Club, ClubSearchQuery } from '@scoreline/contracts/api/onboarding';
import { apiClient } from '@/lib/api-client';

export const clubsQueryKey = (query: ClubSearchQuery) => ['onboarding', 'clubs', query] as const;

/** GET /onboarding/clubs/?search=..&country_id=..: clubs matching the search. */
export async function getClubs(query: ClubSearchQuery, signal?: AbortSignal): Promise<Club[]> {
  const answer = await apiClient.get<ApiEnvelope<Club[]> | null>('/onboarding/clubs/', {
    query: { search: query.search, country_id: query.country_id, limit: query.limit },
    signal,
  });
  return Array.isArray(answer?.data) ? answer.data : [];
}

export function useClubs(query: ClubSearchQuery, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: clubsQueryKey(query),
    queryFn: ({ signal }) => getClubs(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
