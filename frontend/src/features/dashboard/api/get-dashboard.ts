import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { apiClient } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';

export const DASHBOARD_PATH = '/stats/dashboard/';
export const dashboardQueryKey = ['stats', 'dashboard'] as const;

/** GET /stats/dashboard/: the user's season figures, hot and cold teams and recent gameweeks. */
export async function getDashboard(): Promise<DashboardData> {
  const answer = await apiClient.get<ApiEnvelope<DashboardData> | null>(DASHBOARD_PATH);
  if (!answer?.data || !answer.data.current_season_stats) throw new IncompleteDataError(`Failed to fetch data from ${DASHBOARD_PATH}`);
  return answer.data;
}

export function useDashboard() {
  return useQuery({ queryKey: dashboardQueryKey, queryFn: getDashboard });
}
