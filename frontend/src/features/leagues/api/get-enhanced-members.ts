import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { EnhancedMembersQuery, EnhancedMembersResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const enhancedMembersQueryKey = (leagueId: number, query: EnhancedMembersQuery) =>
  [...leagueQueryKey(leagueId), 'members', query] as const;

/** GET /leagues/{id}/members/enhanced/?sort=&role=&search=&page=&page_size= → data (members in data.members). */
export async function getEnhancedMembers(
  leagueId: number,
  query: EnhancedMembersQuery,
  signal?: AbortSignal,
): Promise<EnhancedMembersResponse | null> {
  const answer = await apiClient.get<ApiEnvelope<EnhancedMembersResponse> | null>(`/leagues/${leagueId}/members/enhanced/`, {
    query: { sort: query.sort, role: query.role, search: query.search, page: query.page, page_size: query.page_size },
    signal,
  });
  return answer?.data ?? null;
}

export function useEnhancedMembers(leagueId: number, query: EnhancedMembersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: enhancedMembersQueryKey(leagueId, query),
    queryFn: ({ signal }) => getEnhancedMembers(leagueId, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
