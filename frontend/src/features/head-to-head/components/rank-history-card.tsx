import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankHistory, RankHistoryPoint } from '@scoreline/contracts/api/compare';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ChartIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { getServerMessage } from '@/lib/api-error';
import { roundLabelOr } from '@/lib/round-label';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useMemberRankHistory } from '../api/get-rank-history';

const RankHistoryChart = lazy(() => import('./rank-history-chart'));

/**
 * The rank-over-time card of a player profile: a member's (or the viewer's) history in one
 * league. `playerName` names whose history it is where two cards stand side by side.
 */
export function RankHistoryCard({ leagueId, userId, playerName }: { leagueId: number; userId: number; playerName?: string }) {
  const query = useMemberRankHistory(leagueId, userId);
  return (
    <RankHistoryFrame playerName={playerName}>
      <RankHistoryBody history={query.data} isPending={query.isPending} error={query.isError ? query.error : null} onRetry={() => void query.refetch()} />
    </RankHistoryFrame>
  );
}

export function RankHistoryFrame({ action, playerName, children }: { action?: ReactNode; playerName?: string; children: ReactNode }) {
  const { t } = useTranslation('compare');
  return (
    <Card className="overflow-hidden" data-testid="rank-history">
      <CardHeader title={playerName ? t('rank.titleOf', { name: playerName }) : t('rank.title')} description={t('rank.description')} action={action} />
      <div className="px-2 pt-4 pb-5 sm:px-4">{children}</div>
    </Card>
  );
}

/** Loading, error, empty or the chart with its best/worst marks and the figures as a table. */
export function RankHistoryBody({
  history,
  isPending,
  error,
  onRetry,
}: {
  history: RankHistory | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('compare');
  const number = useFormatNumber();
  if (isPending) {
    return (
      <LoadingRegion label={t('rank.loading')}>
        <Skeleton className="mx-3 h-60" />
      </LoadingRegion>
    );
  }
  if (error || !history) {
    return <ErrorState title={t('rank.loadError')} message={getServerMessage(error)} onRetry={onRetry} retryLabel={t('retry')} />;
  }
  if (history.history.length === 0) {
    return <EmptyState icon={<ChartIcon size={22} />} title={t('rank.empty')} />;
  }
  const { best, worst } = history;
  // A tournament's round by name ("Round of 32"), a league's matchday as "GW5".
  const round = (p: RankHistoryPoint) => roundLabelOr((n) => t('rank.axis', { number: n }), p.gameweek_number, p.gameweek_name);
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2 px-3 text-sm font-semibold">
        {best ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-1 text-success" data-testid="rank-best">
            <span aria-hidden="true">▲</span> {t('rank.best', { rank: number(best.rank), round: round(best) })}
          </span>
        ) : null}
        {/* A history that never moved has one rank: best and worst would say the same. */}
        {worst && worst.rank !== best?.rank ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-danger-soft px-2.5 py-1 text-danger" data-testid="rank-worst">
            <span aria-hidden="true">▼</span> {t('rank.worst', { rank: number(worst.rank), round: round(worst) })}
          </span>
        ) : null}
      </div>
      <Suspense fallback={<Skeleton className="mx-3 h-60" />}>
        <RankHistoryChart history={history.history} best={best} worst={worst} />
      </Suspense>
      {/* A table ignores sr-only's 1px width and would widen the page: the hidden box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>{t('rank.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rank.gameweek')}</th>
              <th scope="col">{t('rank.rankColumn')}</th>
              <th scope="col">{t('rank.pointsColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {history.history.map((p) => (
              <tr key={p.gameweek_id}>
                <th scope="row">{round(p)}</th>
                <td>{t('rank.tooltip', { rank: number(p.rank), members: number(p.members), points: number(p.points) })}</td>
                <td>{number(p.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
