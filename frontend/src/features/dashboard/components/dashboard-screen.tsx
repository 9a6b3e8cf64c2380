import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardData } from '@scoreline/contracts/api/stats';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ChartIcon, FlameIcon, SnowflakeIcon } from '@/components/ui/icons';
import { RecentGameweeksTable } from '@/components/ui/recent-gameweeks-table';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { TeamAccuracyList } from '@/components/ui/team-accuracy-list';
import { useGameweeks } from '@/lib/api/get-gameweeks';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { IncompleteDataError } from '@/lib/api-error';
import { wholePercent } from '@/lib/format';
import { roundLabel } from '@/lib/round-label';
import { DASHBOARD_PATH, useDashboard } from '../api/get-dashboard';
import { useLiveDashboard } from '../hooks/use-live-dashboard';
import { OpenGameweekCta } from './open-gameweek-cta';

const PointsChart = lazy(() => import('./points-chart'));

function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <LoadingRegion label={t('loading')} className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
      <Skeleton className="h-72 rounded-2xl" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </LoadingRegion>
  );
}

function DashboardView({ data }: { data: DashboardData }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const number = useFormatNumber();
  const stats = data.current_season_stats;
  const points = data.points_by_gameweek ?? [];
  // The points carry only numbers; the season's gameweeks (cached, the call-to-action reads them too) carry the names.
  const gameweeks = useGameweeks();
  const nameOf = (n: number) => gameweeks.data?.find((g) => g.number === n)?.name;
  const roundOf = (n: number) => roundLabel(t, n, nameOf(n));
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          size="lg"
          label={t('stats.totalPoints')}
          value={number(stats.total_points)}
          caption={stats.provisional ? t('stats.includesLive') : data.season?.label}
          highlight
        />
        <StatCard
          size="lg"
          label={t('stats.totalPredictions')}
          value={number(stats.total_predictions)}
          caption={t('stats.scored', { count: stats.scored_predictions ?? 0 })}
        />
        <StatCard
          size="lg"
          label={t('stats.accuracy')}
          value={t('common:percent', { value: number(wholePercent(stats.accuracy)) })}
          caption={t('stats.correctResults', { count: stats.correct_results ?? 0 })}
        />
        <StatCard size="lg" label={t('stats.correctScores')} value={number(stats.exact_scores)} caption={t('stats.exactScores')} />
      </div>

      <Card>
        <CardHeader title={t('chart.title')} description={t('chart.description')} />
        <div className="px-2 pt-4 pb-4 sm:px-4">
          {points.every((p) => p.points === 0) ? (
            <p className="px-3 py-10 text-center text-sm text-muted">
              {t('chart.empty')}
            </p>
          ) : (
            <>
              <Suspense fallback={<Skeleton className="mx-3 h-60" />}>
                <div aria-hidden="true">
                  <PointsChart data={points} roundOf={roundOf} nameOf={nameOf} />
                </div>
              </Suspense>
              <ul className="sr-only" aria-label={t('chart.title')}>
                {points.map((p) => (
                  <li key={p.number}>{t('chart.item', { gameweek: roundOf(p.number), count: p.points })}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <TeamAccuracyList
          title={t('hot.title')}
          description={t('hot.description')}
          icon={<FlameIcon size={18} />}
          teams={data.hot_teams ?? []}
          emptyText={t('hot.empty')}
          tone="hot"
        />
        <TeamAccuracyList
          title={t('cold.title')}
          description={t('cold.description')}
          icon={<SnowflakeIcon size={18} />}
          teams={data.cold_teams ?? []}
          emptyText={t('cold.empty')}
          tone="cold"
        />
      </div>

      <Card className="overflow-hidden">
        <CardHeader
          title={t('recent.title')}
          className="pb-4 sm:pb-4"
          action={
            <Link to="/gameweeks-history" className={buttonClasses('link', 'sm')}>
              {t('recent.viewAll')}
            </Link>
          }
        />
        <RecentGameweeksTable
          rows={data.recent_gameweeks ?? []}
          gameweekHref={(row) => `/results?gameweek=${row.number}`}
          provisionalMark={<span className="ml-1 text-xs font-normal text-muted">{t('recent.live')}</span>}
          emptyClassName="px-5 pb-6 sm:px-6"
        />
      </Card>
    </div>
  );
}

/**
 * /dashboard: the user's season at a glance. `rankHistory`: the rank-over-time card, composed in
 * by the router (it belongs to another feature).
 */
export function DashboardScreen({ rankHistory }: { rankHistory?: ReactNode } = {}) {
  useLiveDashboard();
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="/results" className={buttonClasses('secondary', 'sm')}>
            <ChartIcon size={16} /> {t('results')}
          </Link>
        }
      />
      <OpenGameweekCta />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <Card>
          <ErrorState
            title={t('loadError')}
            message={dashboard.error instanceof IncompleteDataError || !dashboard.error.message ? t('fetchFailed', { path: DASHBOARD_PATH }) : dashboard.error.message}
            onRetry={() => void dashboard.refetch()}
          />
        </Card>
      ) : (
        <DashboardView data={dashboard.data} />
      )}
      {rankHistory ? <div className="mt-6">{rankHistory}</div> : null}
    </>
  );
}
