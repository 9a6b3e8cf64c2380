import { useQuery } from '@tanstack/react-query';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

export const currentBonusQueryKey = ['bonus', 'current'] as const;

/** GET /bonus/current/: the active season's bonus questions and the fan's answers (404 while no season is active). */
export async function getCurrentBonus(): Promise<SeasonBonus> {
  return (await apiClient.get<ApiEnvelope<SeasonBonus>>('/bonus/current/')).data;
}

export function useCurrentBonus() {
  return useQuery({ queryKey: currentBonusQueryKey, queryFn: getCurrentBonus });
}
