import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveResync } from '@/lib/live';
import { groupTablesQueryKey, groupTablesQueryPrefix } from '../api/get-group-tables';

/**
 * The tables count finished matches only: a season's are fetched again when one of its matches
 * ends, every season's after a reconnect that may have missed one.
 */
export function useGroupTablesLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('fixture.updated', (update) => {
    if (update.status === 'finished') void queryClient.invalidateQueries({ queryKey: groupTablesQueryKey(update.seasonId) });
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: groupTablesQueryPrefix }));
}
