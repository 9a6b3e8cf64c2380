import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { apiClient } from '@/lib/api-client';

/** One key and one answer (the list, unwrapped) for every reader of GET /competitions/: the switcher, settings, onboarding, bonus, groups. */
export const competitionsQueryKey = ['competitions'] as const;

/** GET /competitions/: the competitions being played (their active seasons), oldest season first, with the caller's part in each. */
export async function getCompetitions(): Promise<Competition[]> {
  const answer = await apiClient.get<ApiEnvelope<Competition[]> | null>('/competitions/');
  if (!Array.isArray(answer?.data)) throw new Error('No competitions data available.');
  return answer.data;
}

export function useCompetitions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: competitionsQueryKey, queryFn: getCompetitions, enabled, staleTime: 5 * 60_000 });
}
