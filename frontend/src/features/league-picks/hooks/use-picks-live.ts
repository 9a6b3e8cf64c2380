import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveResync } from '@/lib/live';
import { leaguePicksQueryKey } from '../api/get-gameweek-picks';
import { useSpreadRefetch } from '@/hooks/use-score-moves';

/**
 * The grid follows the pushes the game already sends, no polling: a change of one of the shown
 * gameweek's matches, the league's table moving and the viewer's points refetch the shown page,
 * once for the pushes of one goal (which reach a big league's readers together) and at a random
 * moment within 2 s, so a big league's readers do not all ask in the same instant.
 */
export function usePicksLive(leagueId: number, gameweekId: number | null) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: leaguePicksQueryKey(leagueId) });
  const refreshSoon = useSpreadRefetch(refresh);
  useLiveEvent('fixture.updated', (payload) => {
    if (gameweekId !== null && payload.gameweekId === gameweekId) refreshSoon();
  });
  useLiveEvent('leaderboard.updated', (payload) => {
    if (payload.leagueId === leagueId) refreshSoon();
  });
  useLiveEvent('points.updated', (payload) => {
    if (gameweekId !== null && payload.gameweekId === gameweekId) refreshSoon();
  });
  useLiveResync(refresh);
}
