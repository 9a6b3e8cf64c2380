import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveResync } from '@/lib/live';
import { leaguePicksQueryKey } from '../api/get-gameweek-picks';

/**
 * The grid follows the pushes the game already sends, no polling: a score change of one of the
 * shown gameweek's matches, and the league's table moving (sent once scoring has updated the
 * points), refetch the shown page.
 */
export function usePicksLive(leagueId: number, gameweekId: number | null) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: leaguePicksQueryKey(leagueId) });
  useLiveEvent('fixture.updated', (payload) => {
    if (gameweekId !== null && payload.gameweekId === gameweekId) refresh();
  });
  useLiveEvent('leaderboard.updated', (payload) => {
    if (payload.leagueId === leagueId) refresh();
  });
  useLiveEvent('points.updated', (payload) => {
    if (gameweekId !== null && payload.gameweekId === gameweekId) refresh();
  });
  useLiveResync(refresh);
}
