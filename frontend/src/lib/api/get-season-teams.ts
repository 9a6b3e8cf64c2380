import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import { apiClient } from '@/lib/api-client';

export interface TeamGroup {
  /** "Group A". */
  name: string;
  teams: { id: number; name: string }[];
}

/** The same key and answer as the group tables screen's (GET /seasons/{id}/groups/), so both share one cache entry. */
export const seasonGroupsQueryKey = (seasonId: number) => ['groups', seasonId] as const;

export async function getSeasonGroups(seasonId: number): Promise<SeasonGroups> {
  return (await apiClient.get<ApiEnvelope<SeasonGroups>>(`/seasons/${seasonId}/groups/`)).data;
}

/** A tournament's teams by group, each group's by name, from its group tables (empty before its group matches are known). */
export function teamsByGroup(groups: SeasonGroups | null | undefined): TeamGroup[] {
  return (groups?.groups ?? [])
    .map((group) => ({
      name: group.name,
      teams: group.rows.map((row) => ({ id: row.team_id, name: row.team })).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((group) => group.teams.length > 0);
}

/** The teams a fan may pick as their national team in a tournament (null: not asked yet). */
export function useSeasonTeams(seasonId: number | null) {
  return useQuery({
    queryKey: seasonGroupsQueryKey(seasonId ?? 0),
    queryFn: () => getSeasonGroups(seasonId ?? 0),
    enabled: seasonId !== null,
    staleTime: 5 * 60_000,
    select: teamsByGroup,
  });
}
