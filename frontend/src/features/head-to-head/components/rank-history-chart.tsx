import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceDot, Tooltip, XAxis, YAxis } from 'recharts';
import type { RankHistoryPoint } from '@scoreline/contracts/api/compare';
import { roundLabel, roundLabelOr } from '@/lib/round-label';

/**
 * Rank after each finished gameweek as a line, first place at the top, the best and worst ranks
 * marked (recharts, loaded on demand). Hidden from assistive technology: the card states best
 * and worst in text and lists every point in a table.
 */
export default function RankHistoryChart({
  history,
  best,
  worst,
}: {
  history: readonly RankHistoryPoint[];
  best: RankHistoryPoint | null;
  worst: RankHistoryPoint | null;
}) {
  const { t } = useTranslation(['compare', 'common']);
  // A tournament's rounds by name ("Round of 32"), a league's matchdays "GW5" on the axis and "Gameweek 5" in the tooltip.
  const label = (p: RankHistoryPoint) => roundLabelOr((number) => t('rank.axis', { number }), p.gameweek_number, p.gameweek_name);
  const rows = history.map((p) => ({ ...p, label: label(p), round: roundLabel(t, p.gameweek_number, p.gameweek_name) }));
  return (
    <div aria-hidden="true" data-testid="rank-history-chart">
      <LineChart responsive accessibilityLayer={false} data={rows} style={{ width: '100%', height: 240 }} margin={{ top: 16, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid vertical={false} stroke="var(--app-line)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--app-muted)', fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis
          reversed
          allowDecimals={false}
          domain={[1, 'dataMax']}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--app-muted)', fontSize: 12 }}
          width={56}
          tickFormatter={(v: number) => `#${v}`}
        />
        <Tooltip
          contentStyle={{ background: 'var(--app-surface-2)', border: '1px solid var(--app-line)', borderRadius: 12, color: 'var(--app-fg)' }}
          labelStyle={{ color: 'var(--app-muted)' }}
          labelFormatter={(_, payload) => (payload?.[0] ? (payload[0].payload as (typeof rows)[number]).round : '')}
          formatter={(_, __, item) => {
            const p = item.payload as RankHistoryPoint;
            return [t('rank.tooltip', { rank: p.rank, members: p.members, points: p.points }), ''];
          }}
        />
        <Line type="monotone" dataKey="rank" stroke="var(--app-primary)" strokeWidth={2.5} dot={{ r: 3 }} isAnimationActive={false} />
        {best ? <ReferenceDot x={label(best)} y={best.rank} r={7} fill="var(--app-success)" stroke="var(--app-canvas)" /> : null}
        {worst && worst !== best && worst.rank !== best?.rank ? (
          <ReferenceDot x={label(worst)} y={worst.rank} r={7} fill="var(--app-danger)" stroke="var(--app-canvas)" />
        ) : null}
      </LineChart>
    </div>
  );
}
