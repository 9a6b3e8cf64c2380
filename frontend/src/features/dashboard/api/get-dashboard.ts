import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { apiClient, buildApiUrl } from '@/lib/api-client';
import { IncompleteDataError } from '@/lib/api-error';
import { getStoredToken } from '@/lib/auth-token';
import { competitionQuery } from '@/lib/competition/competition-choice';
import { useCompetition } from '@/lib/competition/use-competition';
import { defaultCompetitionAnswerMeta } from '@/lib/competition/default-answers';
import { takeSettledEarlyJson } from '@/lib/early-requests';

export const DASHBOARD_PATH = '/stats/dashboard/';
/** Every competition's dashboard is cached under this prefix (live updates refetch them all). */
export const dashboardQueryPrefix = ['stats', 'dashboard'] as const;
/** The competition last, so the prefix still matches every competition's answer. */
export const dashboardQueryKey = (competition: string | null) => [...dashboardQueryPrefix, competition] as const;

function dashboardOf(answer: ApiEnvelope<DashboardData> | null | undefined): DashboardData | undefined {
  return answer?.data?.current_season_stats ? answer.data : undefined;
}

/** GET /stats/dashboard/?competition=: the user's season figures, hot and cold teams and recent gameweeks. */
export async function getDashboard(competition?: string): Promise<DashboardData> {
  const data = dashboardOf(await apiClient.get<ApiEnvelope<DashboardData> | null>(DASHBOARD_PATH, { query: competitionQuery(competition) }));
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
  const competition = useCompetition();
  // Asked once, when the query is first made (react-query calls initialData, then its time); the
  // early answer names no competition, so it is the one asked for only when the request names none.
  let early: ReturnType<typeof earlyDashboard>;
  return useQuery({
    queryKey: dashboardQueryKey(competition.code),
    queryFn: () => getDashboard(competition.param),
    initialData: () => (competition.param === undefined ? (early = earlyDashboard())?.data : undefined),
    initialDataUpdatedAt: () => early?.at,
    // Under the null key, the competition's once it is named (its season checked).
    meta: defaultCompetitionAnswerMeta<DashboardData>((data) => data.season?.id),
  });
}
