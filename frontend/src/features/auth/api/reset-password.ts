import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@scoreline/contracts/api/auth';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /auth/reset-password/. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>('/auth/reset-password/', body, { token: null });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
