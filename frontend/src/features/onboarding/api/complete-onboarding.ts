import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteOnboardingRequest } from '@scoreline/contracts/api/onboarding';
import { apiClient } from '@/lib/api-client';

/** POST /onboarding/complete/ {country_id, club_id}; also used later to change them. */
export function completeOnboarding(body: CompleteOnboardingRequest): Promise<unknown> {
  return apiClient.post<unknown>('/onboarding/complete/', body);
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
  });
}
