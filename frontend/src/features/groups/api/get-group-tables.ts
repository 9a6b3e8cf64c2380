import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import { apiClient } from '@/lib/api-client';

/** Every season's group tables sit under this prefix, so a finished match can refresh them all. */
export const groupTablesQueryPrefix = ['groups'] as const;
export const groupTablesQueryKey = (seasonId: number) => ['groups', seasonId] as const;

/** GET /seasons/{id}/groups/: a tournament's group tables from its finished group matches (a league's: none). */
export async function getGroupTables(seasonId: number): Promise<SeasonGroups> {
  return (await apiClient.get<ApiEnvelope<SeasonGroups>>(`/seasons/${seasonId}/groups/`)).data;
}

/** The season's group tables; waits while the season is not known yet (null). */
export function useGroupTables(seasonId: number | null) {
  return useQuery({
    queryKey: groupTablesQueryKey(seasonId ?? 0),
    queryFn: () => getGroupTables(seasonId ?? 0),
    enabled: seasonId !== null,
  });
}
