import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFixture, RecordResultRequest, RescheduleFixtureRequest } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient, apiRequest } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

function fixtureOf(answer: ApiEnvelope<AdminFixture> | null): AdminFixture {
  if (!answer?.data) throw new IncompleteDataError('No fixture in the answer.');
  return answer.data;
}

/** PUT /admin/fixtures/{id}/result: a live or final score (the whole result: extra time and penalties left out are cleared). */
export async function recordResult({ id, body }: { id: number; body: RecordResultRequest }): Promise<AdminFixture> {
  return fixtureOf(await apiClient.put<ApiEnvelope<AdminFixture> | null>(`/admin/fixtures/${id}/result`, body));
}

/** POST /admin/fixtures/{id}/postpone: the match is off and its predictions are void. */
export async function postponeFixture(id: number): Promise<AdminFixture> {
  return fixtureOf(await apiClient.post<ApiEnvelope<AdminFixture> | null>(`/admin/fixtures/${id}/postpone`));
}

/** PATCH /admin/fixtures/{id}: a new kick-off (the gameweek's deadline follows its first). */
export async function rescheduleFixture({ id, body }: { id: number; body: RescheduleFixtureRequest }): Promise<AdminFixture> {
  return fixtureOf(await apiRequest<ApiEnvelope<AdminFixture> | null>(`/admin/fixtures/${id}`, { method: 'PATCH', body }));
}

/** After any change to a match: every console list may show it (fixtures, in play, the feed, the audit). */
function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: consoleQueryPrefix });
}

export function useRecordResult() {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: recordResult, onSuccess: refresh });
}

export function usePostponeFixture() {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: postponeFixture, onSuccess: refresh });
}

export function useRescheduleFixture() {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: rescheduleFixture, onSuccess: refresh });
}
