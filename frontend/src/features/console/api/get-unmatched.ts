import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { FeedUnmatched } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

export const unmatchedQueryKey = [...consoleQueryPrefix, 'unmatched'] as const;

/** GET /admin/feed/unmatched/: the provider's teams and matches not yet mapped to ours, newest first. */
export async function getUnmatched(): Promise<FeedUnmatched[]> {
  const answer = await apiClient.get<ApiEnvelope<FeedUnmatched[]> | null>('/admin/feed/unmatched/');
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No unmatched data available.');
  return answer.data;
}

export function useUnmatched() {
  return useQuery({ queryKey: unmatchedQueryKey, queryFn: getUnmatched, staleTime: 0 });
}
