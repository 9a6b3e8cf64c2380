import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { League } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';

/** Every query about one league sits under this key, so one invalidation refreshes them all. */
export const leagueQueryKey = (leagueId: number) => ['leagues', 'league', leagueId] as const;
export const leagueDetailQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'detail'] as const;

/** GET /leagues/{id}/: the league (404 for a private league the caller is not in). */
export async function getLeague(leagueId: number): Promise<League> {
  const answer = await apiClient.get<ApiEnvelope<League> | null>(`/leagues/${leagueId}/`);
  if (!answer?.data) throw new Error('Unable to load league details. The league may not exist or you may not have access.');
  return answer.data;
}

export function useLeague(leagueId: number | null) {
  return useQuery({
    queryKey: leagueDetailQueryKey(leagueId ?? 0),
    queryFn: () => getLeague(leagueId!),
    enabled: leagueId !== null,
  });
}
