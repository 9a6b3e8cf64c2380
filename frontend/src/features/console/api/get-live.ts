import { useQuery } from '@tanstack/react-query';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix, WATCH_INTERVAL_MS } from './console-query-key';

export const liveQueryKey = [...consoleQueryPrefix, 'live'] as const;

/** GET /admin/live/: the matches in play now, every competition. */
export async function getLive(): Promise<AdminFixture[]> {
  const answer = await apiClient.get<ApiEnvelope<AdminFixture[]> | null>('/admin/live/');
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No live data available.');
  return answer.data;
}

export function useLive() {
  return useQuery({ queryKey: liveQueryKey, queryFn: getLive, refetchInterval: WATCH_INTERVAL_MS, staleTime: 0 });
}
