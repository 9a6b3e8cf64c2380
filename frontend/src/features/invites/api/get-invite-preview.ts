import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { InvitePreview, InviteLinkTarget } from '@scoreline/contracts/api/invites';
import { apiClient } from '@/lib/api-client';

/** GET /invites/code/{code}/ or /invites/league/{id}/ — no token needed: 404 unknown, 410 replaced. */
export async function getInvitePreview(target: InviteLinkTarget): Promise<InvitePreview> {
  const path = target.kind === 'code' ? `/invites/code/${encodeURIComponent(target.code)}/` : `/invites/league/${target.leagueId}/`;
  const answer = await apiClient.get<ApiEnvelope<InvitePreview>>(path, { token: null });
  return answer.data;
}

export function useInvitePreview(target: InviteLinkTarget) {
  return useQuery({
    queryKey: ['invites', target.kind === 'code' ? target.code.toUpperCase() : target.leagueId],
    queryFn: () => getInvitePreview(target),
    // A 404/410 is the answer, not a hiccup.
    retry: false,
  });
}
