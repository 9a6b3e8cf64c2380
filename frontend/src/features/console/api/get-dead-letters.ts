import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix, WATCH_INTERVAL_MS } from './console-query-key';

export const deadLettersQueryKey = [...consoleQueryPrefix, 'dead-letters'] as const;

/** GET /admin/outbox/dead-letters/: event deliveries given up after repeated failures, newest first. */
export async function getDeadLetters(): Promise<OutboxDeadLetter[]> {
  const answer = await apiClient.get<ApiEnvelope<OutboxDeadLetter[]> | null>('/admin/outbox/dead-letters/');
  if (!Array.isArray(answer?.data)) throw new IncompleteDataError('No dead letter data available.');
  return answer.data;
}

/** Asked again as often as the health beside it. */
export function useDeadLetters() {
  return useQuery({ queryKey: deadLettersQueryKey, queryFn: getDeadLetters, refetchInterval: WATCH_INTERVAL_MS, staleTime: 0 });
}
