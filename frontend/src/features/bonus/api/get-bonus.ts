import { useQuery } from '@tanstack/react-query';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { useCompetitions } from '@/lib/api/get-competitions';
import { useCompetition } from '@/lib/competition/use-competition';

/** Where the screen's questions are read and saved: a chosen competition's season, else the server's current one. */
export type BonusSource = { seasonId: number } | 'current';

export const bonusQueryKey = (source: BonusSource) => (source === 'current' ? (['bonus', 'current'] as const) : (['bonus', 'season', source.seasonId] as const));

/** The path of the bonus questions: /seasons/{id}/bonus/, or /bonus/current/ (the active season's) when no competition is chosen. */
export function bonusPath(source: BonusSource): string {
  return source === 'current' ? '/bonus/current/' : `/seasons/${source.seasonId}/bonus/`;
}

/** GET the season's bonus questions and the fan's answers (404 while no season is active). */
export async function getBonus(source: BonusSource): Promise<SeasonBonus> {
  return (await apiClient.get<ApiEnvelope<SeasonBonus>>(bonusPath(source))).data;
}

/**
 * Which questions the screen shows: those of the chosen competition's season (its id from GET
 * /competitions/), or the current ones while none is chosen or the list cannot say (null while
 * it loads, so the screen does not show another competition's meanwhile).
 */
export function useBonusSource(): BonusSource | null {
  const { code } = useCompetition();
  const competitions = useCompetitions({ enabled: code !== null });
  if (code === null) return 'current';
  if (competitions.isPending) return null;
  const season = competitions.data?.find((c) => c.code === code)?.season;
  return season ? { seasonId: season.id } : 'current';
}

export function useBonus(source: BonusSource | null) {
  return useQuery({
    queryKey: bonusQueryKey(source ?? 'current'),
    queryFn: () => getBonus(source ?? 'current'),
    enabled: source !== null,
  });
}
