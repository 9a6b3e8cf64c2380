import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { FeedCompetitionState } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

export const feedQueryKey = [...consoleQueryPrefix, 'feed'] as const;

/** GET /admin/feed/: how the results feed stands for every active competition. */
export async function getFeed(): Promise<FeedCompetitionState[]> {
  const answer = await apiClient.get<ApiEnvelope<FeedCompetitionState[]> | null>('/admin/feed/');
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No feed data available.');
  return answer.data;
}

export function useFeed() {
  // Staleness is counted by the server at each answer: asked again every half minute, it stays near the truth.
  return useQuery({ queryKey: feedQueryKey, queryFn: getFeed, refetchInterval: 30_000, staleTime: 0 });
}
