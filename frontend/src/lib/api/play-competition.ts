import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { Competition, PlayCompetitionRequest } from '@scoreline/contracts/api/competitions';
import { apiClient } from '@/lib/api-client';
import { competitionsQueryKey } from './get-competitions';

/** PUT /competitions/{code}/play/: start playing it (again: nothing changes), or change the team (`team_id`; null clears it). */
export async function playCompetition(code: string, request: PlayCompetitionRequest = {}): Promise<Competition> {
  const answer = await apiClient.put<ApiEnvelope<Competition> | null>(`/competitions/${encodeURIComponent(code)}/play/`, request);
  if (!answer?.data) throw new Error('Failed to play the competition');
  return answer.data;
}

/** DELETE /competitions/{code}/play/: stop playing it; the fan's leagues stay. */
export async function stopCompetition(code: string): Promise<MessageResponse | null> {
  return apiClient.delete<MessageResponse | null>(`/competitions/${encodeURIComponent(code)}/play/`);
}

/** The answered competition replaces its row in the cached list at once. */
function replaceIn(list: Competition[] | undefined, next: Competition): Competition[] | undefined {
  return list?.map((c) => (c.code === next.code ? next : c));
}

/**
 * Play a competition or change the team in it. Playing also puts the fan in its automatic
 * leagues, so the league lists are read again.
 */
export function usePlayCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, team_id }: { code: string } & PlayCompetitionRequest) => playCompetition(code, team_id === undefined ? {} : { team_id }),
    onSuccess: (competition) => {
      queryClient.setQueryData<Competition[]>(competitionsQueryKey, (list) => replaceIn(list, competition));
      void queryClient.invalidateQueries({ queryKey: competitionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['leagues'] });
    },
  });
}

export function useStopCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => stopCompetition(code),
    onSuccess: (_answer, code) => {
      queryClient.setQueryData<Competition[]>(competitionsQueryKey, (list) => list?.map((c) => (c.code === code ? { ...c, playing: false } : c)));
      void queryClient.invalidateQueries({ queryKey: competitionsQueryKey });
    },
  });
}
