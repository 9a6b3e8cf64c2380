import { useQueryClient } from '@tanstack/react-query';
import { useLiveResync } from '@/lib/live';
import { useScoreMoves } from '@/hooks/use-score-moves';

/** The history follows the matches: a goal, a correction, full time or a postponement refetches it (the server counts the new score at once). */
export function useLiveHistory(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ['stats', 'history'] });
  useScoreMoves(refetch);
  useLiveResync(refetch);
}
