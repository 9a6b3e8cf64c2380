import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { apiClient } from '@/lib/api-client';

/** Read by the fixtures, results, dashboard and gameweeks-history features: one key, one cached answer. */
export const gameweeksQueryKey = ['seasons', 'gameweeks'] as const;

/** GET /seasons/gameweeks/: every gameweek of the active season, ascending by number. */
export async function getGameweeks(): Promise<GameweekSummary[]> {
  const answer = await apiClient.get<ApiEnvelope<GameweekSummary[]> | null>('/seasons/gameweeks/');
  if (!Array.isArray(answer?.data)) throw new Error('No gameweeks data available.');
  return answer.data;
}

export function useGameweeks() {
  return useQuery({ queryKey: gameweeksQueryKey, queryFn: getGameweeks, staleTime: 60_000 });
}
