import { useMutation } from '@tanstack/react-query';
import type { ResendOtpRequest } from '@scoreline/contracts/api/auth';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /auth/resend-otp/. */
export function resendOtp(body: ResendOtpRequest): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>('/auth/resend-otp/', body, { token: null });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
