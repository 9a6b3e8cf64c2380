import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { Country } from '@scoreline/contracts/api/onboarding';
import { apiClient } from '@/lib/api-client';

export const countriesQueryKey = ['onboarding', 'countries'] as const;

/** GET /onboarding/countries/: the full list, filtered on the client. */
export async function getCountries(): Promise<Country[]> {
  const answer = await apiClient.get<ApiEnvelope<Country[]> | null>('/onboarding/countries/');
  return Array.isArray(answer?.data) ? answer.data : [];
}

export function useCountries() {
  return useQuery({ queryKey: countriesQueryKey, queryFn: getCountries, staleTime: Infinity });
}
