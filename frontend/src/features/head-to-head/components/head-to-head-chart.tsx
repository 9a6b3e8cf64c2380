import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { HeadToHeadGameweek } from '@scoreline/contracts/api/compare';

/**
 * Points per gameweek, side by side (recharts, loaded on demand). Hidden from assistive
 * technology: the screen lists the same figures in a table beside it.
 */
export default function HeadToHeadChart({ gameweeks, me, them }: { gameweeks: readonly HeadToHeadGameweek[]; me: string; them: string }) {
  const { t } = useTranslation(['compare', 'common']);
  const rows = gameweeks.map((g) => ({ label: t('chart.axis', { number: g.number }), number: g.number, mine: g.my_points, theirs: g.their_points }));
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
          labelFormatter={(_, payload) => (payload?.[0] ? t('common:gameweekName', { number: String(payload[0].payload.number) }) : '')}
        />
        <Legend wrapperStyle={{ color: 'var(--app-muted)', fontSize: 12 }} />
        <Bar dataKey="mine" name={me} fill="var(--app-primary)" radius={[6, 6, 0, 0]} maxBarSize={28} />
        <Bar dataKey="theirs" name={them} fill="var(--app-info)" radius={[6, 6, 0, 0]} maxBarSize={28} />
      </BarChart>
    </div>
  );
}
