import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

/** DELETE /leagues/{id}/members/{userId}/: the owner removes a member (not themself). */
export function removeMember(leagueId: number, userId: number): Promise<MessageResponse | null> {
  return apiClient.delete<MessageResponse | null>(`/leagues/${leagueId}/members/${userId}/`);
}

export function useRemoveMember(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(leagueId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueQueryKey(leagueId) }),
  });
}
