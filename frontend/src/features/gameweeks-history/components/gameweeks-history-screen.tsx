import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { GameweeksHistory, HistoryGameweekRef } from '@scoreline/contracts/api/stats';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowLeftIcon, CalendarIcon, ChartIcon, TrophyIcon } from '@/components/ui/icons';
import { Pager } from '@/components/ui/pager';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useGameweeks } from '@/lib/api/get-gameweeks';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { IncompleteDataError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { roundLabel } from '@/lib/round-label';
import { useGameweeksHistory } from '../api/get-gameweeks-history';
import { useLiveHistory } from '../hooks/use-live-history';
import { HISTORY_PAGE_SIZE, pageOfLatestStarted, shownRange } from '../utils/pagination';
import { GameweeksTable } from './gameweeks-table';

function parsePage(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function SummaryCard({ label, value, highlight }: { label: string; value: ReactNode; highlight?: boolean }) {
  return (
    <Card className={cn('p-4 sm:p-5', highlight && 'border-primary/40 bg-primary-soft')}>
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className={cn('mt-2 font-display text-3xl font-extrabold tabular-nums', highlight ? 'text-accent' : 'text-fg')}>{value}</p>
    </Card>
  );
}

function PerformanceCard({ title, gameweek, tone, emptyText }: { title: string; gameweek: HistoryGameweekRef | null; tone: 'best' | 'worst'; emptyText: string }) {
  const { t } = useTranslation(['history', 'common']);
  const number = useFormatNumber();
  const display = useDateDisplay();
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <div
        className={cn('grid size-12 shrink-0 place-items-center rounded-2xl', tone === 'best' ? 'bg-success-soft text-success' : 'bg-warning-soft text-warning')}
        aria-hidden="true"
      >
        {tone === 'best' ? <TrophyIcon size={22} /> : <ChartIcon size={22} />}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>
        {gameweek ? (
          <>
            <p className="mt-1 truncate text-base font-semibold text-fg">{roundLabel(t, gameweek.number, gameweek.gameWeek)}</p>
            <p className="text-xs text-muted">{formatDate(gameweek.date, display, '–')}</p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{emptyText}</p>
        )}
      </div>
      {gameweek ? (
        <p className="shrink-0 text-right font-display text-2xl font-extrabold text-fg tabular-nums">
          {number(gameweek.points)}
          <span className="block text-xs font-medium text-muted">{t('performance.points', { count: gameweek.points })}</span>
        </p>
      ) : null}
    </Card>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation('history');
  return (
    <LoadingRegion label={t('loading')} className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
      <Card className="overflow-hidden" aria-hidden="true">
        <div className="border-b border-line px-5 py-4">
          <Skeleton className="h-5 w-36" />
        </div>
        <div className="space-y-3 p-5">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-8" />
          ))}
        </div>
      </Card>
    </LoadingRegion>
  );
}

function HistoryView({
  data,
  onPage,
  expandedId,
  onToggle,
  busy,
}: {
  data: GameweeksHistory;
  onPage: (page: number) => void;
  expandedId: number | null;
  onToggle: (id: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['history', 'common']);
  const number = useFormatNumber();
  const { summary, gameweeks, pagination } = data;
  const { from, to } = shownRange(pagination.page, pagination.page_size, pagination.total);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <SummaryCard label={t('summary.totalPoints')} value={number(summary.totalPoints)} highlight />
        <SummaryCard label={t('summary.totalCorrect')} value={number(summary.totalCorrect)} />
        <SummaryCard label={t('summary.totalExact')} value={number(summary.totalExactScores)} />
        <SummaryCard label={t('summary.averageAccuracy')} value={t('common:percent', { value: number(Math.round(summary.averageAccuracy)) })} />
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <PerformanceCard title={t('performance.best')} gameweek={summary.bestGameweek} tone="best" emptyText={t('performance.noBest')} />
        <PerformanceCard title={t('performance.worst')} gameweek={summary.worstGameweek} tone="worst" emptyText={t('performance.noWorst')} />
      </div>

      <Card className="overflow-hidden">
        <CardHeader
          title={t('all.title')}
          description={pagination.total > 0 ? t('all.showing', { from: number(from), to: number(to), count: pagination.total }) : undefined}
          className="pb-4 sm:pb-4"
        />
        {gameweeks.length === 0 ? (
          <EmptyState icon={<CalendarIcon size={22} />} title={t('all.empty')} description={t('all.emptyDescription')} />
        ) : (
          <div className={cn('border-t border-line transition-opacity', busy && 'opacity-60')} aria-busy={busy || undefined}>
            <GameweeksTable gameweeks={gameweeks} expandedId={expandedId} onToggle={onToggle} />
          </div>
        )}
        {pagination.total_pages > 1 ? (
          <div className="border-t border-line px-4 py-4">
            <Pager
              page={pagination.page}
              totalPages={pagination.total_pages}
              onPageChange={onPage}
              labels={{
                nav: t('pagination.label'),
                previous: t('pagination.previous'),
                next: t('pagination.next'),
                page: (n) => t('pagination.page', { number: n }),
              }}
            />
          </div>
        ) : null}
      </Card>
    </div>
  );
}

/**
 * /gameweeks-history (the signed-in user) and /leagues/:leagueId/player/:playerId/gameweeks-history
 * (another player, by id or username slug). Props win over the route params.
 */
export function GameweeksHistoryScreen({ player: playerProp, leagueId: leagueIdProp }: { player?: string; leagueId?: string } = {}) {
  const { t } = useTranslation('history');
  const params = useParams();
  const player = playerProp ?? params.playerId;
  const leagueId = leagueIdProp ?? params.leagueId;
  const isOtherPlayer = Boolean(player);
  const backTo = isOtherPlayer && leagueId ? `/leagues/${leagueId}/player/${player}` : '/dashboard';

  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPage = parsePage(searchParams.get('page'));
  const gameweeks = useGameweeks();
  const waitingForStart = requestedPage === null && gameweeks.isPending;
  const page = requestedPage ?? (waitingForStart ? 1 : pageOfLatestStarted(gameweeks.data, Date.now()));

  const history = useGameweeksHistory({ player, page, page_size: HISTORY_PAGE_SIZE, order: 'desc' }, { enabled: !waitingForStart });
  useLiveHistory();
  const [expanded, setExpanded] = useState<{ page: number; id: number } | null>(null);
  const expandedId = expanded && expanded.page === page ? expanded.id : null;

  const goToPage = (next: number) => {
    setSearchParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });
  };

  const name = history.data?.player ? history.data.player.full_name || history.data.player.username : '';
  const title = isOtherPlayer && name ? t('playerTitle', { name }) : t('title');

  return (
    <>
      <Link to={backTo} className="mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> {isOtherPlayer ? t('backToPlayer') : t('backToDashboard')}
      </Link>
      <PageHeader
        title={title}
        description={isOtherPlayer ? t('playerDescription') : t('description')}
      />
      {waitingForStart || history.isPending ? (
        <HistorySkeleton />
      ) : history.isError ? (
        <Card>
          <ErrorState
            title={t('loadError')}
            message={history.error instanceof IncompleteDataError ? t('incomplete') : history.error.message}
            onRetry={() => void history.refetch()}
            action={
              <Link to={backTo} className={buttonClasses('ghost')}>
                {t('goBack')}
              </Link>
            }
          />
        </Card>
      ) : (
        <HistoryView
          data={history.data}
          onPage={goToPage}
          expandedId={expandedId}
          onToggle={(id) => setExpanded(expandedId === id ? null : { page, id })}
          busy={history.isPlaceholderData}
        />
      )}
    </>
  );
}
