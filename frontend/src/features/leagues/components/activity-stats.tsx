import { Skeleton } from '@/components/ui/skeleton';
import { useActivityStats } from '../api/get-activity-stats';

/** Total, today, this week and participation: a compact strip above the activity feed. */
export function ActivityStatsStrip({ leagueId }: { leagueId: number }) {
  const stats = useActivityStats(leagueId);
  const data = stats.data;
  const items: { label: string; value: string }[] = data
    ? [
        { label: 'Total', value: data.total_activities.toLocaleString() },
        { label: 'Today', value: data.activities_today.toLocaleString() },
        { label: 'This week', value: data.activities_this_week.toLocaleString() },
        { label: 'Participation', value: `${Math.round(data.user_participation_rate)}%` },
      ]
    : [
        { label: 'Total', value: '0' },
        { label: 'Today', value: '0' },
        { label: 'This week', value: '0' },
        { label: 'Participation', value: '0%' },
      ];
  return (
    <dl aria-label="Activity stats" className="grid grid-cols-4 divide-x divide-line rounded-xl border border-line bg-surface-2">
      {items.map((item) => (
        <div key={item.label} className="px-2 py-2.5 text-center">
          <dt className="text-[11px] font-medium text-muted">{item.label}</dt>
          <dd className="mt-0.5 text-base font-bold text-fg tabular-nums">
            {stats.isPending ? <Skeleton className="mx-auto h-5 w-8" /> : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
