import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useActivityStats } from '../api/get-activity-stats';

/** Total, today, this week and participation: a compact strip above the activity feed. */
export function ActivityStatsStrip({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation(['leagues', 'common']);
  const number = useFormatNumber();
  const stats = useActivityStats(leagueId);
  const data = stats.data;
  const items: { label: string; value: string }[] = [
    { label: t('activity.total'), value: number(data?.total_activities ?? 0) },
    { label: t('activity.today'), value: number(data?.activities_today ?? 0) },
    { label: t('activity.thisWeek'), value: number(data?.activities_this_week ?? 0) },
    { label: t('activity.participation'), value: t('common:percent', { value: number(Math.round(data?.user_participation_rate ?? 0)) }) },
  ];
  return (
    <dl aria-label={t('activity.statsLabel')} className="grid grid-cols-4 divide-x divide-line rounded-xl border border-line bg-surface-2">
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
