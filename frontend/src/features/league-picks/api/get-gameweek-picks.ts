import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekPicksPage, PicksQuery } from '@scoreline/contracts/api/picks';
import { apiClient } from '@/lib/api-client';

export const leaguePicksQueryKey = (leagueId: number) => ['league-picks', leagueId] as const;

export const gameweekPicksQueryKey = (leagueId: number, gameweekNumber: number, query: PicksQuery) =>
  [...leaguePicksQueryKey(leagueId), gameweekNumber, query] as const;

/** GET /leagues/{id}/gameweeks/{n}/picks/?page=&page_size=&search= */
export async function getGameweekPicks(leagueId: number, gameweekNumber: number, query: PicksQuery): Promise<GameweekPicksPage> {
  const answer = await apiClient.get<ApiEnvelope<GameweekPicksPage> | null>(`/leagues/${leagueId}/gameweeks/${gameweekNumber}/picks/`, {
    query: { page: query.page, page_size: query.page_size, search: query.search || undefined },
  });
  if (!answer?.data) throw new Error('No picks data available.');
  return answer.data;
}

export function useGameweekPicks(leagueId: number, gameweekNumber: number | null, query: PicksQuery) {
  return useQuery({
    queryKey: gameweekPicksQueryKey(leagueId, gameweekNumber ?? 0, query),
    queryFn: () => getGameweekPicks(leagueId, gameweekNumber as number, query),
    enabled: gameweekNumber !== null,
    // Paging and searching keep the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
