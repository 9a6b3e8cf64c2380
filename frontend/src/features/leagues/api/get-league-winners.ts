import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { LeagueWinnersResponse } from '@scoreline/contracts/api/tables';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const leagueWinnersQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'winners'] as const;

/** GET /leagues/{id}/winners/ → data (gameweek and month winners, latest first). */
export async function getLeagueWinners(leagueId: number): Promise<LeagueWinnersResponse | null> {
  const answer = await apiClient.get<ApiEnvelope<LeagueWinnersResponse> | null>(`/leagues/${leagueId}/winners/`);
  return answer?.data ?? null;
}

export function useLeagueWinners(leagueId: number) {
  return useQuery({ queryKey: leagueWinnersQueryKey(leagueId), queryFn: () => getLeagueWinners(leagueId) });
}
