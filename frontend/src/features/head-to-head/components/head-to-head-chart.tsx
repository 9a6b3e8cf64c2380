import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { HeadToHeadGameweek } from '@scoreline/contracts/api/compare';
import { roundLabel, roundLabelOr } from '@/lib/round-label';

/**
 * Points per gameweek, side by side (recharts, loaded on demand). Hidden from assistive
 * technology: the screen lists the same figures in a table beside it.
 */
export default function HeadToHeadChart({ gameweeks, me, them }: { gameweeks: readonly HeadToHeadGameweek[]; me: string; them: string }) {
  const { t } = useTranslation(['compare', 'common']);
  // A tournament's rounds by name ("Round of 32"), a league's matchdays "GW5" on the axis and "Gameweek 5" in the tooltip.
  const rows = gameweeks.map((g) => ({
    label: roundLabelOr((number) => t('chart.axis', { number }), g.number, g.name),
    round: roundLabel(t, g.number, g.name),
    mine: g.my_points,
    theirs: g.their_points,
  }));
  return (
    <div aria-hidden="true">
      <BarChart responsive accessibilityLayer={false} data={rows} style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="var(--app-line)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--app-muted)', fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: 'var(--app-muted)', fontSize: 12 }} width={48} />
        <Tooltip
          cursor={{ fill: 'var(--app-primary-soft)' }}
          contentStyle={{ background: 'var(--app-surface-2)', border: '1px solid var(--app-line)', borderRadius: 12, color: 'var(--app-fg)' }}
          labelStyle={{ color: 'var(--app-muted)' }}
          labelFormatter={(_, payload) => (payload?.[0] ? (payload[0].payload as (typeof rows)[number]).round : '')}
        />
        <Legend wrapperStyle={{ color: 'var(--app-muted)', fontSize: 12 }} />
        <Bar dataKey="mine" name={me} fill="var(--app-primary)" radius={[6, 6, 0, 0]} maxBarSize={28} />
        <Bar dataKey="theirs" name={them} fill="var(--app-info)" radius={[6, 6, 0, 0]} maxBarSize={28} />
      </BarChart>
    </div>
  );
}
