import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSeasonRequest, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { competitionsQueryKey } from '@/lib/api/get-competitions';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';

/** POST /admin/seasons/import: the report of what was created, updated and refused. */
export async function importSeason(body: ImportSeasonRequest): Promise<ImportSeasonResult> {
  const answer = await apiClient.post<ApiEnvelope<ImportSeasonResult> | null>('/admin/seasons/import', body);
  if (!answer?.data) throw new IncompleteDataError('No import report in the answer.');
  return answer.data;
}

export function useImportSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSeason,
    onSuccess: () => {
      // A new or activated season changes which competitions are played, and every console list.
      void queryClient.invalidateQueries({ queryKey: consoleQueryPrefix });
      void queryClient.invalidateQueries({ queryKey: competitionsQueryKey });
    },
  });
}
