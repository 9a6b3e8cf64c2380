import { Fragment } from 'react';
import type { GameweekStatus } from '@contracts/api/fixtures';
import type { GameweekHistoryItem } from '@contracts/api/stats';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useDateDisplay } from '@/features/settings/hooks/use-date-display';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { HistoryMatches } from './history-matches';

const STATUS: Record<GameweekStatus, { tone: BadgeTone; label: string }> = {
  current: { tone: 'primary', label: 'Current' },
  completed: { tone: 'neutral', label: 'Completed' },
  upcoming: { tone: 'info', label: 'Upcoming' },
};

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
  const display = useDateDisplay();
  return (
    <Table caption="All Gameweeks">
      <THead>
        <tr>
          <TH>Gameweek</TH>
          <TH>Date</TH>
          <TH>Status</TH>
          <TH className="text-right">Predictions</TH>
          <TH className="text-right">Correct</TH>
          <TH className="text-right">Exact Scores</TH>
          <TH className="text-right">Accuracy</TH>
          <TH className="text-right">Points</TH>
          <TH className="text-right">Details</TH>
        </tr>
      </THead>
      <TBody>
        {gameweeks.map((g) => {
          const open = expandedId === g.id;
          const detailsId = `gameweek-${g.id}-matches`;
          const label = g.gameWeek || `Gameweek ${g.number}`;
          return (
            <Fragment key={g.id}>
              <TR highlighted={g.status === 'current'}>
                <TD className="sticky left-0 bg-surface font-semibold whitespace-nowrap">
                  {label}
                </TD>
                <TD className="whitespace-nowrap text-muted">{formatDate(g.date, display, '–')}</TD>
                <TD>
                  <Badge tone={STATUS[g.status].tone}>{STATUS[g.status].label}</Badge>
                </TD>
                <TD className="text-right">{g.totalPredictions}</TD>
                <TD className="text-right">{g.correctPredictions}</TD>
                <TD className="text-right">{g.correctScores}</TD>
                <TD className="text-right">{`${Math.round(g.accuracy)}%`}</TD>
                <TD className="text-right font-bold">
                  {g.points}
                  {g.provisional ? <span className="ml-1 text-xs font-normal text-muted">(live)</span> : null}
                </TD>
                <TD className="text-right">
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    aria-label={`${open ? 'Hide' : 'Show'} ${label} matches`}
                    onClick={() => onToggle(g.id)}
                    className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    {open ? 'Hide' : 'Show'}
                    <ChevronDownIcon size={14} className={cn('transition-transform', open && 'rotate-180')} />
                  </button>
                </TD>
              </TR>
              {open ? (
                <tr id={detailsId} className="bg-surface-2/50">
                  <td colSpan={9} className="p-0">
                    <div className="sticky left-0 max-w-[calc(100vw-2rem-2px)] p-3 animate-fade-in sm:max-w-[calc(100vw-3rem-2px)] sm:p-4 xl:max-w-[calc(72rem-3rem-2px)]">
                      <HistoryMatches matches={g.matches ?? []} label={`${label} matches`} />
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
