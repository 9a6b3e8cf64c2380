import { useQueryClient } from '@tanstack/react-query';
import { useLiveResync } from '@/lib/live';
import { useScoreMoves } from '@/hooks/use-score-moves';
import { dashboardQueryPrefix } from '../api/get-dashboard';

/**
 * The dashboard follows the matches: a goal, a correction, full time or a postponement refetches
 * it a moment later, and the server counts the new score at once (live totals). Not patched from
 * `points.updated`: that push follows the scorer's writes, half a minute after a goal at a million
 * fans, and would put back an older total after a second goal.
 */
export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: dashboardQueryPrefix });
  useScoreMoves(refetch);
  useLiveResync(refetch);
}
