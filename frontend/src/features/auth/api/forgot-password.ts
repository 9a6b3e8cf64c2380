import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@scoreline/contracts/api/auth';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /auth/forgot-password/: emails a 6-digit reset code. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>('/auth/forgot-password/', body, { token: null });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
