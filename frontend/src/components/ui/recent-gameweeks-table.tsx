import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardRecentGameweek } from '@scoreline/contracts/api/stats';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { wholePercent } from '@/lib/format';
import { roundLabel } from '@/lib/round-label';

/** A player's latest gameweeks with predictions, most recent first. */
export function RecentGameweeksTable({
  rows,
  gameweekHref,
  provisionalMark,
  emptyClassName,
}: {
  rows: readonly DashboardRecentGameweek[];
  /** Where a gameweek's name links to; plain text without it. */
  gameweekHref?: (row: DashboardRecentGameweek) => string;
  /** Shown after the points of a gameweek with matches still in play. */
  provisionalMark: ReactNode;
  /** Spacing of the "no data" line within its card. */
  emptyClassName?: string;
}) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  if (rows.length === 0) {
    return <p className={cn('text-center text-sm text-muted', emptyClassName)}>{t('recentGameweeks.empty')}</p>;
  }
  return (
    <Table caption={t('recentGameweeks.caption')}>
      <THead>
        <tr>
          <TH>{t('recentGameweeks.gameweek')}</TH>
          <TH className="text-right">{t('recentGameweeks.predictions')}</TH>
          <TH className="text-right">{t('recentGameweeks.correctResults')}</TH>
          <TH className="text-right">{t('recentGameweeks.correctScores')}</TH>
          <TH className="text-right">{t('recentGameweeks.accuracy')}</TH>
          <TH className="text-right">{t('recentGameweeks.points')}</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => {
          const name = roundLabel(t, row.number, row.gameweek_name);
          return (
            <TR key={row.id}>
              <TD className="sticky left-0 bg-surface font-semibold">
                {gameweekHref ? (
                  <Link to={gameweekHref(row)} className="text-fg hover:text-accent hover:underline">
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </TD>
              <TD className="text-right">{number(row.total_predictions)}</TD>
              <TD className="text-right">{number(row.correct_results)}</TD>
              <TD className="text-right">{number(row.exact_scores)}</TD>
              <TD className="text-right">{t('percent', { value: number(wholePercent(row.accuracy)) })}</TD>
              <TD className="text-right font-bold">
                {number(row.points_earned)}
                {row.provisional ? provisionalMark : null}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
