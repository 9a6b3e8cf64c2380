import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { FeedMatchLinkRequest, FeedTeamLinkRequest, FeedUnmatched } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { auditQueryKey } from './get-audit';
import { feedQueryKey } from './get-feed';
import { unmatchedQueryKey } from './get-unmatched';

/** A provider team to one of our clubs, or a provider match to one of our fixtures. */
export type UnmatchedLink = { kind: 'team'; providerId: number; body: FeedTeamLinkRequest } | { kind: 'match'; providerId: number; body: FeedMatchLinkRequest };

/** PUT /admin/feed/teams/{id} or /admin/feed/matches/{id}: answers what is still open. */
export async function linkUnmatched(link: UnmatchedLink): Promise<FeedUnmatched[]> {
  const path = link.kind === 'team' ? `/admin/feed/teams/${link.providerId}` : `/admin/feed/matches/${link.providerId}`;
  const answer = await apiClient.put<ApiEnvelope<FeedUnmatched[]> | null>(path, link.body);
  return Array.isArray(answer?.data) ? answer.data : [];
}

export function useLinkUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUnmatched,
    onSuccess: (open) => {
      queryClient.setQueryData(unmatchedQueryKey, open);
      // The feed's cards and the audit list change with it.
      void queryClient.invalidateQueries({ queryKey: feedQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}
