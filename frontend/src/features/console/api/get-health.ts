import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix, WATCH_INTERVAL_MS } from './console-query-key';

export const healthQueryKey = [...consoleQueryPrefix, 'health'] as const;

/** GET /admin/health/: queues, the outbox, the reconciler's runs, mail and push in the last day. */
export async function getHealth(): Promise<ConsoleHealth> {
  const answer = await apiClient.get<ApiEnvelope<ConsoleHealth> | null>('/admin/health/');
  if (!answer?.data || !Array.isArray(answer.data.queues)) throw new IncompleteDataError('No health data available.');
  return answer.data;
}

export function useHealth() {
  return useQuery({ queryKey: healthQueryKey, queryFn: getHealth, refetchInterval: WATCH_INTERVAL_MS, staleTime: 0 });
}
