import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweeksHistory, GameweeksHistoryQuery } from '@scoreline/contracts/api/stats';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';

export const gameweeksHistoryQueryKey = (query: GameweeksHistoryQuery) => ['stats', 'history', query] as const;

/**
 * GET /stats/history/?player=&page=&page_size=&order=: a player's season summary and one page
 * of the season's gameweeks with their matches. Without `player`: the caller.
 */
export async function getGameweeksHistory(query: GameweeksHistoryQuery): Promise<GameweeksHistory> {
  const answer = await apiClient.get<ApiEnvelope<GameweeksHistory> | null>('/stats/history/', {
    query: { player: query.player, page: query.page, page_size: query.page_size, order: query.order },
  });
  const data = answer?.data;
  if (!data || !data.summary || !Array.isArray(data.gameweeks) || !data.pagination) {
    throw new IncompleteDataError('Gameweeks history data from the API is incomplete or missing.');
  }
  return data;
}

export function useGameweeksHistory(query: GameweeksHistoryQuery, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: gameweeksHistoryQueryKey(query),
    queryFn: () => getGameweeksHistory(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
