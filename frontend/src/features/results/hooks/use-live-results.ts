import { useQueryClient } from '@tanstack/react-query';
import type { GameweekResults } from '@scoreline/contracts/api/stats';
import { useLiveEvent, useLiveResync } from '@/lib/live';
import { resultsQueryPrefix } from '../api/get-gameweek-results';
import { applyResultsFixtureUpdate, applyResultsPointsUpdate } from '../utils/results-live-patches';

/** Patches cached results as scores and points are pushed, so the screen updates in place. */
export function useLiveResults(): void {
  const queryClient = useQueryClient();
  useLiveEvent('fixture.updated', (update) => {
    queryClient.setQueriesData<GameweekResults | null>({ queryKey: resultsQueryPrefix }, (old) => applyResultsFixtureUpdate(old, update));
  });
  useLiveEvent('points.updated', (update) => {
    queryClient.setQueriesData<GameweekResults | null>({ queryKey: resultsQueryPrefix }, (old) => applyResultsPointsUpdate(old, update));
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: resultsQueryPrefix }));
}
