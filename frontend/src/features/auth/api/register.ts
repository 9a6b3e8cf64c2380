import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@scoreline/contracts/api/auth';
import { apiClient } from '@/lib/api-client';
import { pickToken } from '../utils/pick-token';

export interface RegisterResult {
  email: string;
  /** Present only if the server chose to answer one. */
  token?: string;
}

/** POST /auth/register/. The server emails a verification code on success. */
export async function register(body: RegisterRequest): Promise<RegisterResult> {
  const answer = await apiClient.post<RegisterResponse | null>('/auth/register/', body, { token: null });
  return { email: answer?.data?.email || body.email, token: pickToken(answer) };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
