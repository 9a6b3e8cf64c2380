import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live';
import { leagueTablesQueryKey } from '../api/get-league-table';
import { leagueWinnersQueryKey } from '../api/get-league-winners';
import { useScoreMoves } from '@/hooks/use-score-moves';

/**
 * The period tables move on the pushes the season table already gets (no polling): every
 * `leaderboard.updated` of the league refetches the shown gameweek or month table (its points
 * are not in the push, so it cannot be patched in place), and so does a goal (the server's
 * tables have it before that push); a new activity may be a new winner.
 */
export function useLeagueTablesLive(leagueId: number) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: leagueTablesQueryKey(leagueId) });
  const refetchSoon = useScoreMoves(refetch);
  useLiveEvent('leaderboard.updated', (payload) => {
    if (payload.leagueId !== leagueId) return;
    // A big league's goal push comes with the score's: one refetch for both.
    if (payload.truncated) refetchSoon();
    else refetch();
  });
  useLiveEvent('activity.created', (payload) => {
    if (payload.leagueId !== leagueId) return;
    void queryClient.invalidateQueries({ queryKey: leagueWinnersQueryKey(leagueId) });
  });
}
