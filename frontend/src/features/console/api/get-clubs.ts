import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { ConsoleClub } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

export const clubsQueryKey = (competition: string) => [...consoleQueryPrefix, 'clubs', competition] as const;

/** GET /admin/clubs/?competition=: the clubs (or national teams) of that competition's active season. */
export async function getClubs(competition: string): Promise<ConsoleClub[]> {
  const answer = await apiClient.get<ApiEnvelope<ConsoleClub[]> | null>('/admin/clubs/', { query: { competition } });
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No clubs data available.');
  return answer.data;
}

export function useClubs(competition: string) {
  return useQuery({ queryKey: clubsQueryKey(competition), queryFn: () => getClubs(competition), staleTime: 5 * 60_000 });
}
