import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeasonBonus, SettleBonusQuestionRequest } from '@scoreline/contracts/api/bonus';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { consoleQueryPrefix } from './console-query-key';
import { auditQueryKey } from './get-audit';

export const seasonBonusQueryKey = (seasonId: number) => [...consoleQueryPrefix, 'bonus', seasonId] as const;

/** The fan screens' bonus answers are cached under 'bonus' (features/bonus): a settlement rescores them. */
const FAN_BONUS_QUERY_PREFIX = ['bonus'] as const;

/** GET /seasons/{id}/bonus/: the season's questions, its teams and each question's settlement. */
export async function getSeasonBonus(seasonId: number): Promise<SeasonBonus> {
  const answer = await apiClient.get<ApiEnvelope<SeasonBonus> | null>(`/seasons/${seasonId}/bonus/`);
  if (!answer?.data || !Array.isArray(answer.data.questions)) throw new IncompleteDataError('No bonus data available.');
  return answer.data;
}

export function useSeasonBonus(seasonId: number) {
  return useQuery({ queryKey: seasonBonusQueryKey(seasonId), queryFn: () => getSeasonBonus(seasonId), staleTime: 0 });
}

export interface Settlement {
  seasonId: number;
  question: BonusQuestionKey;
  /** The right answers; null takes the operator's settlement back (the results decide again). */
  body: SettleBonusQuestionRequest | null;
}

/** PUT /admin/seasons/{id}/bonus/{question} with the right answers, or DELETE to take a settlement back. */
export async function settleBonusQuestion({ seasonId, question, body }: Settlement): Promise<void> {
  const path = `/admin/seasons/${seasonId}/bonus/${question}`;
  if (body) await apiClient.put(path, body);
  else await apiClient.delete(path);
}

export function useSettleBonusQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleBonusQuestion,
    onSuccess: (_, { seasonId }) => {
      void queryClient.invalidateQueries({ queryKey: seasonBonusQueryKey(seasonId) });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
      void queryClient.invalidateQueries({ queryKey: FAN_BONUS_QUERY_PREFIX });
    },
  });
}
