import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeagueBonusAnswers, LeagueBonusQuery } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { leaguePicksQueryKey } from './get-gameweek-picks';

/** Under the league's picks key: the pushes that refresh the picks grid refresh this too (a settlement moves the table). */
export const leagueBonusQueryKey = (leagueId: number, query: LeagueBonusQuery) => [...leaguePicksQueryKey(leagueId), 'bonus', query] as const;

/** GET /leagues/{id}/bonus/?page=&page_size=&search=&sort= */
export async function getLeagueBonus(leagueId: number, query: LeagueBonusQuery): Promise<LeagueBonusAnswers> {
  const answer = await apiClient.get<ApiEnvelope<LeagueBonusAnswers> | null>(`/leagues/${leagueId}/bonus/`, {
    query: { page: query.page, page_size: query.page_size, search: query.search || undefined, sort: query.sort },
  });
  if (!answer?.data) throw new Error('No bonus answers available.');
  return answer.data;
}

export function useLeagueBonus(leagueId: number, query: LeagueBonusQuery) {
  return useQuery({
    queryKey: leagueBonusQueryKey(leagueId, query),
    queryFn: () => getLeagueBonus(leagueId, query),
    // Paging and searching keep the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
