import { useMutation } from '@tanstack/react-query';
import type { VerifyOtpRequest } from '@scoreline/contracts/api/auth';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /auth/verify-otp/. The bearer header is sent only when a token was passed in. */
export function verifyOtp({ token, ...body }: VerifyOtpRequest & { token?: string }): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>('/auth/verify-otp/', body, { token: token ?? null });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
