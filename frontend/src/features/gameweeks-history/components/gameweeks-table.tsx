import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameweekHistoryItem } from '@scoreline/contracts/api/stats';
import { GameweekStatusBadge } from '@/components/ui/gameweek-status-badge';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { roundLabel } from '@/lib/round-label';
import { HistoryMatches } from './history-matches';

/** The page's gameweeks; one row at a time opens to list its matches. */
export function GameweeksTable({
  gameweeks,
  expandedId,
  onToggle,
}: {
  gameweeks: readonly GameweekHistoryItem[];
  expandedId: number | null;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation(['history', 'common']);
  const number = useFormatNumber();
  const display = useDateDisplay();
  return (
    <Table caption={t('all.title')}>
      <THead>
        <tr>
          <TH>{t('table.gameweek')}</TH>
          <TH>{t('table.date')}</TH>
          <TH>{t('table.status')}</TH>
          <TH className="text-right">{t('table.predictions')}</TH>
          <TH className="text-right">{t('table.correct')}</TH>
          <TH className="text-right">{t('table.exactScores')}</TH>
          <TH className="text-right">{t('table.accuracy')}</TH>
          <TH className="text-right">{t('table.points')}</TH>
          <TH className="text-right">{t('table.details')}</TH>
        </tr>
      </THead>
      <TBody>
        {gameweeks.map((g) => {
          const open = expandedId === g.id;
          const detailsId = `gameweek-${g.id}-matches`;
          const label = roundLabel(t, g.number, g.gameWeek);
          return (
            <Fragment key={g.id}>
              <TR highlighted={g.status === 'current'}>
                <TD className="sticky left-0 bg-surface font-semibold whitespace-nowrap">
                  {label}
                </TD>
                <TD className="whitespace-nowrap text-muted">{formatDate(g.date, display, '–')}</TD>
                <TD>
                  <GameweekStatusBadge status={g.status} />
                </TD>
                <TD className="text-right">{number(g.totalPredictions)}</TD>
                <TD className="text-right">{number(g.correctPredictions)}</TD>
                <TD className="text-right">{number(g.correctScores)}</TD>
                <TD className="text-right">{t('common:percent', { value: number(Math.round(g.accuracy)) })}</TD>
                <TD className="text-right font-bold">
                  {number(g.points)}
                  {g.provisional ? <span className="ml-1 text-xs font-normal text-muted">{t('table.live')}</span> : null}
                </TD>
                <TD className="text-right">
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    aria-label={open ? t('table.hideMatches', { gameweek: label }) : t('table.showMatches', { gameweek: label })}
                    onClick={() => onToggle(g.id)}
                    className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    {open ? t('table.hide') : t('table.show')}
                    <ChevronDownIcon size={14} className={cn('transition-transform', open && 'rotate-180')} />
                  </button>
                </TD>
              </TR>
              {open ? (
                <tr id={detailsId} className="bg-surface-2/50">
                  <td colSpan={9} className="p-0">
                    <div className="sticky left-0 max-w-[calc(100vw-2rem-2px)] p-3 animate-fade-in sm:max-w-[calc(100vw-3rem-2px)] sm:p-4 xl:max-w-[calc(72rem-3rem-2px)]">
                      <HistoryMatches matches={g.matches ?? []} label={t('table.matches', { gameweek: label })} />
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}
