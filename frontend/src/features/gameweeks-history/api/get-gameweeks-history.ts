import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweeksHistory, GameweeksHistoryQuery } from '@scoreline/contracts/api/stats';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { keepPreviousInCompetition } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';

/** The competition last: the ['stats', 'history'] prefix still matches every competition's pages. */
export const gameweeksHistoryQueryKey = (query: GameweeksHistoryQuery, competition: string | null) => ['stats', 'history', query, competition] as const;

/**
 * GET /stats/history/?player=&page=&page_size=&order=&competition=: a player's season summary and
 * one page of the season's gameweeks with their matches. Without `player`: the caller.
 */
export async function getGameweeksHistory(query: GameweeksHistoryQuery, competition?: string): Promise<GameweeksHistory> {
  const answer = await apiClient.get<ApiEnvelope<GameweeksHistory> | null>('/stats/history/', {
    query: { player: query.player, page: query.page, page_size: query.page_size, order: query.order, competition },
  });
  const data = answer?.data;
  if (!data || !data.summary || !Array.isArray(data.gameweeks) || !data.pagination) {
    throw new IncompleteDataError('Gameweeks history data from the API is incomplete or missing.');
  }
  return data;
}

export function useGameweeksHistory(query: GameweeksHistoryQuery, { enabled }: { enabled: boolean }) {
  const competition = useCompetition();
  return useQuery({
    queryKey: gameweeksHistoryQueryKey(query, competition.code),
    queryFn: () => getGameweeksHistory(query, competition.param),
    enabled,
    placeholderData: keepPreviousInCompetition(competition.code),
  });
}
