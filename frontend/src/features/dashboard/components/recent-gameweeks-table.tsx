import { Link } from 'react-router';
import type { DashboardRecentGameweek } from '@contracts/api/stats';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { wholePercent } from '../utils/format';

/** The user's latest gameweeks with predictions, most recent first. */
export function RecentGameweeksTable({ rows }: { rows: readonly DashboardRecentGameweek[] }) {
  if (rows.length === 0) {
    return <p className="px-5 pb-6 text-center text-sm text-muted sm:px-6">No recent gameweek data available.</p>;
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
        {rows.map((row) => (
          <TR key={row.id}>
            <TD className="sticky left-0 bg-surface font-semibold">
              <Link to={`/results?gameweek=${row.number}`} className="text-fg hover:text-accent hover:underline">
                {row.gameweek_name || `Gameweek ${row.number}`}
              </Link>
            </TD>
            <TD className="text-right">{row.total_predictions}</TD>
            <TD className="text-right">{row.correct_results}</TD>
            <TD className="text-right">{row.exact_scores}</TD>
            <TD className="text-right">{`${wholePercent(row.accuracy)}%`}</TD>
            <TD className="text-right font-bold">
              {row.points_earned}
              {row.provisional ? <span className="ml-1 text-xs font-normal text-muted">(live)</span> : null}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
