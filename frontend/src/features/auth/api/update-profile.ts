import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@scoreline/contracts/api/auth';
import { apiClient } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** PUT /auth/profile/ {first_name, last_name}. */
export function updateProfile(body: UpdateProfileRequest): Promise<unknown> {
  return apiClient.put<unknown>('/auth/profile/', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
