import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEASON_PLAYERS_MAX_PAGE_SIZE, type SeasonPlayers } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

export const seasonPlayersQueryKey = (seasonId: number, search: string) => ['bonus', 'players', seasonId, search] as const;

/** GET /seasons/{id}/players/?search=..: the first page of the season's squad players whose name holds the search. */
export async function getSeasonPlayers(seasonId: number, search: string, signal?: AbortSignal): Promise<SeasonPlayers> {
  const query = { search: search === '' ? undefined : search, page_size: SEASON_PLAYERS_MAX_PAGE_SIZE };
  return (await apiClient.get<ApiEnvelope<SeasonPlayers>>(`/seasons/${seasonId}/players/`, { query, signal })).data;
}

/** The players matching `search` (trimmed), while `enabled`; the last answer stays shown while the next loads. */
export function useSeasonPlayers(seasonId: number, search: string, { enabled }: { enabled: boolean }) {
  const text = search.trim();
  return useQuery({
    queryKey: seasonPlayersQueryKey(seasonId, text),
    queryFn: ({ signal }) => getSeasonPlayers(seasonId, text, signal),
    enabled,
    placeholderData: keepPreviousData,
    // Squads do not change while answers are open.
    staleTime: 5 * 60_000,
  });
}
