import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /onboarding/skip/ (no body). */
export function skipOnboarding(): Promise<unknown> {
  return apiClient.post<unknown>('/onboarding/skip/');
}

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipOnboarding,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
  });
}
