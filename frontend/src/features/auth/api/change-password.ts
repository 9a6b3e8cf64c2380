import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResponse } from '@scoreline/contracts/api/auth';
import { apiClient } from '@/lib/api-client';
import { storeToken } from '@/lib/auth-token';

/**
 * POST /auth/change-password/. The server invalidates earlier tokens and answers a fresh one
 * in data.tokens.access, which replaces the stored token so this session goes on.
 */
export async function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse | null> {
  const answer = await apiClient.post<ChangePasswordResponse | null>('/auth/change-password/', body);
  const access = answer?.data?.tokens?.access;
  if (typeof access === 'string' && access) storeToken(access);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
