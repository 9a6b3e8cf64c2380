import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_DEFAULT_PAGE_SIZE, type LeagueTableResponse, type LeagueTableRow, type TablePeriod } from '@scoreline/contracts/api/tables';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowLeftIcon, ArrowRightIcon, CrownIcon, TrophyIcon } from '@/components/ui/icons';
import { RankNumber } from '@/components/ui/rank-badge';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, TD, TH, THead } from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { roundLabelOr, tournamentRoundName } from '@/lib/round-label';
import { useLeagueTable } from '../api/get-league-table';
import { monthLabel } from '../utils/month-label';
import { Avatar } from './avatar';
import { LeaguesPager } from './leagues-pager';
import { ProvisionalMark } from '@/components/ui/provisional-mark';

/**
 * A gameweek's or a month's table of the league (issue 11): ranks by points, then exact scores,
 * then correct results (the server ranks; equal on all three share a rank), with navigation
 * between gameweeks or months, the caller's row, the winner(s) once the period is complete.
 */
export function PeriodTable({ leagueId, period }: { leagueId: number; period: Exclude<TablePeriod, 'season'> }) {
  const { t, i18n } = useTranslation('tables');
  const [gameweek, setGameweek] = useState<number | undefined>(undefined);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query =
    period === 'gameweek'
      ? { period, gameweek, page: page === 1 ? undefined : page, page_size: page === 1 ? undefined : TABLE_DEFAULT_PAGE_SIZE }
      : { period, month, page: page === 1 ? undefined : page, page_size: page === 1 ? undefined : TABLE_DEFAULT_PAGE_SIZE };
  const table = useLeagueTable(leagueId, query);
  const data = table.data;
  const language = i18n.resolvedLanguage ?? i18n.language;

  const shownGameweek = data?.gameweek ?? gameweek ?? null;
  const shownMonth = data?.month ?? month ?? null;
  const numbers = data?.gameweeks.map((g) => g.number) ?? [];
  const months = data?.months ?? [];
  const step = (delta: number) => {
    setPage(1);
    if (period === 'gameweek' && shownGameweek !== null) {
      const next = numbers[numbers.indexOf(shownGameweek) + delta];
      if (next !== undefined) setGameweek(next);
    } else if (period === 'month' && shownMonth !== null) {
      const next = months[months.indexOf(shownMonth) + delta];
      if (next !== undefined) setMonth(next);
    }
  };
  const position = period === 'gameweek' ? (shownGameweek === null ? -1 : numbers.indexOf(shownGameweek)) : shownMonth === null ? -1 : months.indexOf(shownMonth);
  const count = period === 'gameweek' ? numbers.length : months.length;
  // A tournament's round by name ("Round of 32"), a league's matchday as "Gameweek 5".
  const nameOf = (number: number) => data?.gameweeks.find((g) => g.number === number)?.name;
  const roundTitle = (number: number) => roundLabelOr((n) => t('gameweek.title', { number: n }), number, nameOf(number));
  const monthRounds = data?.month_gameweeks ?? [];
  const title =
    period === 'gameweek'
      ? shownGameweek === null
        ? t('switcher.gameweek')
        : roundTitle(shownGameweek)
      : shownMonth === null
        ? t('switcher.month')
        : monthLabel(shownMonth, language);
  const description =
    period === 'gameweek'
      ? t('gameweek.description')
      : monthRounds.some((n) => tournamentRoundName(n, nameOf(n)) !== null)
        ? t('month.descriptionRounds', { rounds: monthRounds.map(roundTitle).join(', ') })
        : t('month.description', { count: monthRounds.length, gameweeks: monthRounds.join(', ') });

  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="period-table-title">
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            <span id="period-table-title">{title}</span>
            {data?.live ? <Badge tone="warning">{t('table.live')}</Badge> : null}
          </span>
        }
        description={description}
        action={
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={period === 'gameweek' ? t('gameweek.previous') : t('month.previous')}
              disabled={position <= 0}
              onClick={() => step(-1)}
            >
              <ArrowLeftIcon size={16} />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={period === 'gameweek' ? t('gameweek.next') : t('month.next')}
              disabled={position < 0 || position >= count - 1}
              onClick={() => step(1)}
            >
              <ArrowRightIcon size={16} />
            </Button>
          </div>
        }
      />
      <div className="mt-4">
        <PeriodTableBody table={table} onPageChange={setPage} />
      </div>
      {data?.live ? <p className="border-t border-line px-5 py-3 text-xs text-warning">{t('table.liveNote')}</p> : null}
    </Card>
  );
}

function PeriodTableBody({
  table,
  onPageChange,
}: {
  table: ReturnType<typeof useLeagueTable>;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation('tables');
  if (table.isPending) {
    return (
      <LoadingRegion label={t('table.loading')} className="space-y-2 px-5 pb-5">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </LoadingRegion>
    );
  }
  if (table.isError) {
    const notFound = table.error instanceof ApiError && table.error.status === 404;
    if (notFound) return <EmptyState icon={<TrophyIcon size={22} />} title={t('table.noPeriodTitle')} description={t('table.noPeriodText')} className="pt-4" />;
    return (
      <ErrorState
        title={t('table.errorTitle')}
        message={t('table.errorText')}
        onRetry={() => void table.refetch()}
        retryLabel={t('table.retry')}
        className="m-5"
      />
    );
  }
  const data: LeagueTableResponse | null | undefined = table.data;
  const rows = data?.rows ?? [];
  if (!data || rows.length === 0 || rows.every((r) => r.points === 0 && !r.provisional)) {
    return <EmptyState icon={<TrophyIcon size={22} />} title={t('table.emptyTitle')} description={t('table.emptyText')} className="pt-4" />;
  }
  return (
    <>
      <Table caption={t('table.caption')} className="min-w-0! table-fixed">
        <THead>
          <tr>
            <TH className="w-14 px-3! sm:w-20 sm:px-4!">{t('table.rank')}</TH>
            <TH className="px-2! sm:px-4!">{t('table.player')}</TH>
            <TH className="hidden w-16 px-2! text-right sm:table-cell sm:px-4!">
              <abbr title={t('table.exactTitle')} className="no-underline">
                {t('table.exact')}
              </abbr>
            </TH>
            <TH className="hidden w-20 px-2! text-right sm:table-cell sm:px-4!">
              <abbr title={t('table.correctTitle')} className="no-underline">
                {t('table.correct')}
              </abbr>
            </TH>
            <TH className="w-16 pr-4! pl-2! text-right sm:w-20 sm:px-4!">
              <abbr title={t('table.pointsTitle')} className="no-underline">
                {t('table.points')}
              </abbr>
            </TH>
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <PeriodTableRow key={row.user_id} row={row} />
          ))}
        </TBody>
      </Table>
      <p className="border-t border-line px-5 py-3 text-xs text-muted">{t('table.tieRule')}</p>
      {data.total_pages > 1 ? (
        <div className="border-t border-line px-5 py-4">
          <LeaguesPager page={data.page} totalPages={data.total_pages} onPageChange={onPageChange} label={t('table.pages')} />
        </div>
      ) : null}
    </>
  );
}

function PeriodTableRow({ row }: { row: LeagueTableRow }) {
  const { t } = useTranslation('tables');
  const number = useFormatNumber();
  const name = row.full_name || row.username;
  return (
    <tr
      data-current-user={row.is_current_user || undefined}
      data-winner={row.is_winner || undefined}
      className={cn(
        'hover:bg-surface-2/60',
        row.is_winner && !row.is_current_user && 'bg-warning-soft',
        row.is_current_user && 'bg-primary-soft shadow-[inset_3px_0_0_var(--app-primary)]',
      )}
      aria-current={row.is_current_user ? 'true' : undefined}
    >
      <TD className="px-3! sm:px-4!">
        <RankNumber rank={row.rank} className="text-base" />
      </TD>
      <TD className="px-2! sm:px-4!">
        <div className="flex min-w-0 items-center gap-2.5 sm:gap-3">
          <Avatar name={name} size="sm" highlighted={row.is_current_user} />
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-1.5">
              <span className="truncate font-semibold text-fg">{name}</span>
              {row.is_winner ? (
                <Badge tone="warning">
                  <CrownIcon size={12} aria-hidden="true" /> {t('table.winner')}
                </Badge>
              ) : null}
              {row.is_current_user ? <Badge tone="primary">{t('table.you')}</Badge> : null}
            </div>
            {row.team_name ? <p className="truncate text-xs text-muted">{row.team_name}</p> : null}
          </div>
        </div>
      </TD>
      <TD className="hidden px-2! text-right text-muted tabular-nums sm:table-cell sm:px-4!">{number(row.exact)}</TD>
      <TD className="hidden px-2! text-right text-muted tabular-nums sm:table-cell sm:px-4!">{number(row.correct)}</TD>
      <TD className="pr-4! pl-2! text-right text-base font-bold tabular-nums sm:px-4!">
        {number(row.points)}
        {row.provisional ? (
          <ProvisionalMark title={t('table.liveNote')} label={t('table.provisional')} />
        ) : null}
      </TD>
    </tr>
  );
}
