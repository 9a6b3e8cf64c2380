import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { apiClient } from '@/lib/api-client';
import { auditQueryKey } from './get-audit';
import { deadLettersQueryKey } from './get-dead-letters';
import { healthQueryKey } from './get-health';

/** POST /admin/outbox/dead-letters/{id}/replay: the delivery is handed to its consumer again; answers the dead letters left. */
export async function replayDeadLetter(id: number): Promise<OutboxDeadLetter[]> {
  const answer = await apiClient.post<ApiEnvelope<OutboxDeadLetter[]> | null>(`/admin/outbox/dead-letters/${id}/replay`);
  return Array.isArray(answer?.data) ? answer.data : [];
}

export function useReplayDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDeadLetter,
    onSuccess: (left) => {
      queryClient.setQueryData(deadLettersQueryKey, left);
      // The outbox's counts and the audit list change with it.
      void queryClient.invalidateQueries({ queryKey: healthQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
    // Refused (replayed by another operator meanwhile, delivered, gone): the list as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: deadLettersQueryKey }),
  });
}
