import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const onboardingStatusQueryKey = ['onboarding', 'status'] as const;

function flag(source: unknown): boolean | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const record = source as Record<string, unknown>;
  if (typeof record.completed_onboarding === 'boolean') return record.completed_onboarding;
  if (typeof record.is_complete === 'boolean') return record.is_complete;
  return undefined;
}

/** completed_onboarding or is_complete, inside `data` or at the top level (spec section 7). */
export function isOnboardingComplete(answer: unknown): boolean {
  const data = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).data : undefined;
  return flag(data) ?? flag(answer) ?? false;
}

/** GET /onboarding/status/: whether the user has finished onboarding. */
export async function getOnboardingStatus(): Promise<boolean> {
  return isOnboardingComplete(await apiClient.get<unknown>('/onboarding/status/'));
}

export function useOnboardingStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: onboardingStatusQueryKey, queryFn: getOnboardingStatus, enabled, staleTime: 0, retry: false });
}
