import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { apiClient, buildApiUrl } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { getStoredToken } from '@/lib/auth-token';
import { takeSettledEarlyJson } from '@/lib/early-requests';

export const DASHBOARD_PATH = '/stats/dashboard/';
export const dashboardQueryKey = ['stats', 'dashboard'] as const;

function dashboardOf(answer: ApiEnvelope<DashboardData> | null | undefined): DashboardData | undefined {
  return answer?.data?.current_season_stats ? answer.data : undefined;
}

/** GET /stats/dashboard/: the user's season figures, hot and cold teams and recent gameweeks. */
export async function getDashboard(): Promise<DashboardData> {
  const data = dashboardOf(await apiClient.get<ApiEnvelope<DashboardData> | null>(DASHBOARD_PATH));
  if (!data) throw new IncompleteDataError(`Failed to fetch data from ${DASHBOARD_PATH}`);
  return data;
}

/**
 * The answer index.html's early boot script already has on a first visit (lib/early-requests),
 * so the first render shows the figures; otherwise (or if incomplete) the query asks as usual.
 */
function earlyDashboard(): { data: DashboardData; at: number } | undefined {
  const early = takeSettledEarlyJson(buildApiUrl(DASHBOARD_PATH), getStoredToken());
  const data = dashboardOf(early?.body as ApiEnvelope<DashboardData> | undefined);
  return data && early ? { data, at: early.at } : undefined;
}

export function useDashboard() {
  // Asked once, when the query is first made (react-query calls initialData, then its time).
  let early: ReturnType<typeof earlyDashboard>;
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    initialData: () => (early = earlyDashboard())?.data,
    initialDataUpdatedAt: () => early?.at,
  });
}
