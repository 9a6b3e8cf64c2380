import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@scoreline/contracts/api/auth';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /auth/login/ (no auth header). Resolves with data.tokens.access, or null when absent. */
export async function login(body: LoginRequest): Promise<string | null> {
  const answer = await apiClient.post<Partial<ApiEnvelope<Partial<LoginResponse>>> | null>('/auth/login/', body, {
    token: null,
  });
  const access = answer?.data?.tokens?.access;
  return typeof access === 'string' && access ? access : null;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
