import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveBonusAnswersRequest, SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { bonusPath, bonusQueryKey, type BonusSource } from './get-bonus';

/** PUT the answers given (null clears one) where they were read; answers the season's questions as saved. */
export async function saveBonusAnswers(source: BonusSource, request: SaveBonusAnswersRequest): Promise<SeasonBonus> {
  return (await apiClient.put<ApiEnvelope<SeasonBonus>>(bonusPath(source), request)).data;
}

/** Whether a failed save means the questions locked meanwhile (409). */
export function isClosedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The save answers with the screen's new state; a 409 (locked meanwhile) reloads it, so the screen turns read-only. */
export function useSaveBonusAnswers(source: BonusSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveBonusAnswersRequest) => saveBonusAnswers(source, request),
    onSuccess: (saved) => queryClient.setQueryData(bonusQueryKey(source), saved),
    onError: (error) => {
      if (isClosedError(error)) void queryClient.invalidateQueries({ queryKey: bonusQueryKey(source) });
    },
  });
}
