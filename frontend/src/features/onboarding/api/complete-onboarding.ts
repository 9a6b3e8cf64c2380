import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteOnboardingRequest } from '@scoreline/contracts/api/onboarding';
import { apiClient } from '@/lib/api-client';
import { competitionsQueryKey } from '@/lib/api/get-competitions';
import { playCompetition } from '@/lib/api/play-competition';

/** POST /onboarding/complete/ {country_id, club_id, competitions?}; also used later to change them. */
export function completeOnboarding(body: CompleteOnboardingRequest): Promise<unknown> {
  return apiClient.post<unknown>('/onboarding/complete/', body);
}

export interface CompleteOnboardingInput extends CompleteOnboardingRequest {
  /** A national team per tournament played (PUT /competitions/{code}/play/ once the competitions are played). */
  teams?: { code: string; team_id: number }[];
}

/** Completes onboarding, then sets the national teams chosen: one mutation, so the screen moves on only when all is saved. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ teams = [], ...body }: CompleteOnboardingInput) => {
      await completeOnboarding(body);
      await Promise.all(teams.map((team) => playCompetition(team.code, { team_id: team.team_id })));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: competitionsQueryKey });
      return queryClient.invalidateQueries({ queryKey: ['onboarding'] });
    },
  });
}
