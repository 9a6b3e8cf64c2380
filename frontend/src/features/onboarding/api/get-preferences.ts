import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { Preferences } from '@scoreline/contracts/api/onboarding';
import { apiClient } from '@/lib/api-client';

export const preferencesQueryKey = ['onboarding', 'preferences'] as const;

const NONE: Preferences = { country: null, club: null };

/** GET /onboarding/preferences/: the chosen country and club (either may be null). */
export async function getPreferences(): Promise<Preferences> {
  const answer = await apiClient.get<ApiEnvelope<Preferences> | Preferences | null>('/onboarding/preferences/');
  if (!answer) return NONE;
  const preferences = 'data' in answer ? answer.data : answer;
  return { country: preferences?.country ?? null, club: preferences?.club ?? null };
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: getPreferences, retry: false });
}
