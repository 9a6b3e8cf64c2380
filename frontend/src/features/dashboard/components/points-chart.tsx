import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { PointsByGameweek } from '@scoreline/contracts/api/stats';
import { roundLabelOr } from '@/lib/round-label';

/**
 * Bars of points per gameweek (recharts, loaded on demand). Hidden from assistive technology:
 * the dashboard lists the same figures in text beside it.
 */
export default function PointsChart({
  data,
  roundOf,
  nameOf,
}: {
  data: readonly PointsByGameweek[];
  /** A gameweek's name as the fan reads it ("Gameweek 5", "Round of 32"), by its number. */
  roundOf: (number: number) => string;
  /** The API's name of a gameweek, by its number: a tournament's round is named on the axis too ("Round of 32", not "GW103"). */
  nameOf?: (number: number) => string | null | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const rows = data.map((d) => ({
    label: roundLabelOr((number) => t('chart.axis', { number }), d.number, nameOf?.(d.number)),
    number: d.number,
    points: d.points,
  }));
  return (
    <BarChart responsive accessibilityLayer={false} data={rows} style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
      <CartesianGrid vertical={false} stroke="var(--app-line)" />
      <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--app-muted)', fontSize: 12 }} interval="preserveStartEnd" />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--app-muted)', fontSize: 12 }} width={48} />
      <Tooltip
        cursor={{ fill: 'var(--app-primary-soft)' }}
        contentStyle={{
          background: 'var(--app-surface-2)',
          border: '1px solid var(--app-line)',
          borderRadius: 12,
          color: 'var(--app-fg)',
        }}
        labelStyle={{ color: 'var(--app-muted)' }}
        labelFormatter={(_, payload) => (payload?.[0] ? roundOf(payload[0].payload.number) : '')}
        formatter={(value) => [t('chart.value', { points: String(value) }), t('chart.points')]}
      />
      <Bar dataKey="points" name={t('chart.points')} fill="var(--app-primary)" radius={[6, 6, 0, 0]} maxBarSize={36} />
    </BarChart>
  );
}
