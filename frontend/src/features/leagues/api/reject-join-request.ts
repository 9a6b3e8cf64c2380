import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import type { JoinRequest } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { joinRequestsQueryKey } from './get-join-requests';

/** POST /leagues/{id}/reject-request/{userId}/ (no body; owner of a private league). */
export function rejectJoinRequest(leagueId: number, userId: number): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>(`/leagues/${leagueId}/reject-request/${userId}/`);
}

/** Rejects; the request leaves the list. */
export function useRejectJoinRequest(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => rejectJoinRequest(leagueId, userId),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<JoinRequest[]>(joinRequestsQueryKey(leagueId), (list) => list?.filter((r) => r.user !== userId));
    },
  });
}
