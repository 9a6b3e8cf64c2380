import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { JoinRequest, JoinRequestsResponse } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueQueryKey } from './get-league';

export const joinRequestsQueryKey = (leagueId: number) => [...leagueQueryKey(leagueId), 'join-requests'] as const;

/** GET /leagues/{id}/join-requests/ → data.pending_requests (owner of a private league only). */
export async function getJoinRequests(leagueId: number): Promise<JoinRequest[]> {
  const answer = await apiClient.get<ApiEnvelope<JoinRequestsResponse> | null>(`/leagues/${leagueId}/join-requests/`);
  const list = answer?.data?.pending_requests;
  return Array.isArray(list) ? list : [];
}

export function useJoinRequests(leagueId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: joinRequestsQueryKey(leagueId), queryFn: () => getJoinRequests(leagueId), enabled });
}
