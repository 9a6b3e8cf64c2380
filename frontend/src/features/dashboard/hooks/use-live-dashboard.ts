import { useQueryClient } from '@tanstack/react-query';
import type { PointsUpdatedPayload } from '@scoreline/contracts/live';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { useLiveEvent, useLiveResync } from '@/lib/live';
import { dashboardQueryKey } from '../api/get-dashboard';

/** The dashboard with the pushed season and gameweek totals in place (other figures wait for a refetch). */
export function applyDashboardPoints(data: DashboardData | undefined, update: PointsUpdatedPayload): DashboardData | undefined {
  if (!data) return data;
  const row = data.recent_gameweeks.find((g) => g.id === update.gameweekId);
  return {
    ...data,
    current_season_stats: { ...data.current_season_stats, total_points: update.seasonTotal },
    recent_gameweeks: data.recent_gameweeks.map((g) => (g.id === update.gameweekId ? { ...g, points_earned: update.gameweekTotal } : g)),
    points_by_gameweek: row
      ? data.points_by_gameweek.map((p) => (p.number === row.number ? { ...p, points: update.gameweekTotal } : p))
      : data.points_by_gameweek,
  };
}

export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  useLiveEvent('points.updated', (update) => {
    queryClient.setQueryData<DashboardData>(dashboardQueryKey, (old) => applyDashboardPoints(old, update));
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: dashboardQueryKey }));
}
