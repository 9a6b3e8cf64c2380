import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/** POST /leagues/{id}/leave/: leave a private or public league. */
export function leaveLeague(leagueId: number): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>(`/leagues/${leagueId}/leave/`);
}

export function useLeaveLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
}
