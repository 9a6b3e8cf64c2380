import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardRecentGameweek } from '@contracts/api/stats';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { wholePercent } from '@/lib/format';

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
  if (rows.length === 0) {
    return <p className={cn('text-center text-sm text-muted', emptyClassName)}>No recent gameweek data available.</p>;
  }
  return (
    <Table caption="Recent game weeks">
      <THead>
        <tr>
          <TH>Game Week</TH>
          <TH className="text-right">Predictions</TH>
          <TH className="text-right">Correct Results</TH>
          <TH className="text-right">Correct Scores</TH>
          <TH className="text-right">% Accuracy</TH>
          <TH className="text-right">Points</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => {
          const name = row.gameweek_name || `Gameweek ${row.number}`;
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
              <TD className="text-right">{row.total_predictions}</TD>
              <TD className="text-right">{row.correct_results}</TD>
              <TD className="text-right">{row.exact_scores}</TD>
              <TD className="text-right">{`${wholePercent(row.accuracy)}%`}</TD>
              <TD className="text-right font-bold">
                {row.points_earned}
                {row.provisional ? provisionalMark : null}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
