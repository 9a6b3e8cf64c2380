import { useQuery } from '@tanstack/react-query';
import type { AuthProfile } from '@scoreline/contracts/api/auth';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { getStoredToken, useAuthSubject } from '@/lib/auth-token';

export const profileQueryKey = ['auth', 'profile'] as const;

/** GET /auth/profile/: the profile under `data`, or (older reading) the object itself. */
export async function getProfile(): Promise<AuthProfile> {
  if (!getStoredToken()) throw new Error('No auth token found');
  let answer: ApiEnvelope<AuthProfile> | AuthProfile | null;
  try {
    answer = await apiClient.get<ApiEnvelope<AuthProfile> | AuthProfile | null>('/auth/profile/');
  } catch (error) {
    if (error instanceof Error && error.message === 'Network error') throw error;
    throw new Error('Failed to fetch user profile', { cause: error });
  }
  if (answer && 'data' in answer && answer.data) return answer.data;
  if (answer && ('username' in answer || 'first_name' in answer)) return answer as AuthProfile;
  throw new Error('Failed to fetch user profile');
}

/** The signed-in user's profile; idle while no token is stored. */
export function useProfile() {
  const subject = useAuthSubject();
  return useQuery({ queryKey: [...profileQueryKey, subject], queryFn: getProfile, enabled: Boolean(subject) });
}
