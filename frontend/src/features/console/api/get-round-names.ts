import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gameweeksQueryKey, getGameweeks } from '@/lib/api/get-gameweeks';

/**
 * A competition's rounds as its season names them, by number (GET /seasons/gameweeks/?competition=,
 * the answer the matches panel's gameweek list reads too): a tournament's "Round of 32", or the
 * API's "Gameweek N" for a league's matchday, which roundLabel/roundLabelOr (lib/round-label.ts)
 * tell apart. null while unknown (loading, failed, no competition): the label falls back to the
 * matchday's number.
 */
export function useRoundNames(competition: string | null): (number: number) => string | null {
  const gameweeks = useQuery({
    queryKey: gameweeksQueryKey(competition),
    queryFn: () => getGameweeks(competition ?? undefined),
    enabled: competition !== null,
    staleTime: 60_000,
  });
  // The key without a competition is the fan's screens' default one: never read here.
  const list = competition === null ? undefined : gameweeks.data;
  return useCallback((number: number) => list?.find((g) => g.number === number)?.name ?? null, [list]);
}
