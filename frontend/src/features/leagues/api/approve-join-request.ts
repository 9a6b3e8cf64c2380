import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@scoreline/contracts/api/common';
import type { JoinRequest } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';
import { joinRequestsQueryKey } from './get-join-requests';

/** POST /leagues/{id}/approve-request/{userId}/ (no body; owner of a private league). */
export function approveJoinRequest(leagueId: number, userId: number): Promise<MessageResponse | null> {
  return apiClient.post<MessageResponse | null>(`/leagues/${leagueId}/approve-request/${userId}/`);
}

/** Approves; the request leaves the list and the league's members, table and stats refresh. */
export function useApproveJoinRequest(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => approveJoinRequest(leagueId, userId),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<JoinRequest[]>(joinRequestsQueryKey(leagueId), (list) => list?.filter((r) => r.user !== userId));
      void queryClient.invalidateQueries({
        queryKey: leagueQueryKey(leagueId),
        predicate: (query) => query.queryKey[3] !== 'join-requests',
      });
    },
  });
}
