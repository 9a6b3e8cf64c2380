import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { League, RegenerateCodeResult } from '@scoreline/contracts/api/leagues';
import { apiClient } from '@/lib/api-client';
import { leagueDetailQueryKey } from './get-league';

export interface RegenerateCodeAnswer {
  code: string;
  message: string | null;
}

/** POST /leagues/{id}/regenerate-code/: a new invite code (owner of a private league); the old one stops working. */
export async function regenerateCode(leagueId: number, replaces?: string): Promise<RegenerateCodeAnswer> {
  // `replaces`: a double click or a second tab answers the same new code instead of rotating twice.
  const answer = await apiClient.post<ApiEnvelope<RegenerateCodeResult> | null>(`/leagues/${leagueId}/regenerate-code/`, replaces ? { replaces } : undefined);
  if (!answer?.data?.code) throw new Error('Could not generate a new invite code.');
  return { code: answer.data.code, message: answer.message || null };
}

export function useRegenerateCode(leagueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replaces?: string) => regenerateCode(leagueId, replaces),
    onSuccess: ({ code }) => {
      queryClient.setQueryData<League>(leagueDetailQueryKey(leagueId), (league) => (league ? { ...league, code } : league));
    },
  });
}
