import { useTranslation } from 'react-i18next';
import type { MemberStats } from '@scoreline/contracts/api/leagues';
import { BoltIcon, StarIcon, TargetIcon, UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { StatCard } from '@/components/ui/stat-card';

const EMPTY: MemberStats = { total_members: 0, active_this_week: 0, avg_accuracy: 0, top_performers: 0 };

/** Total members, active this gameweek, average accuracy, top performers (data.member_stats). */
export function MemberStatsCards({
  stats,
  loading,
  variant = 'cards',
}: {
  stats: MemberStats | null | undefined;
  loading: boolean;
  /** 'strip': one compact row, for the league page's members card. */
  variant?: 'cards' | 'strip';
}) {
  const { t } = useTranslation(['leagues', 'common']);
  const number = useFormatNumber();
  if (variant === 'strip') return <MemberStatsStrip stats={stats} loading={loading} />;
  if (loading) {
    return (
      <LoadingRegion label={t('memberStats.loading')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </LoadingRegion>
    );
  }
  const data = stats ?? EMPTY;
  return (
    <section aria-label={t('memberStats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label={t('memberStats.totalMembers')} value={number(data.total_members)} icon={<UsersIcon size={18} />} />
      <StatCard label={t('memberStats.activeThisWeek')} value={number(data.active_this_week)} icon={<BoltIcon size={18} />} />
      <StatCard label={t('memberStats.avgAccuracy')} value={t('common:percent', { value: number(Math.round(data.avg_accuracy)) })} icon={<TargetIcon size={18} />} />
      <StatCard
        label={t('memberStats.topPerformers')}
        value={number(data.top_performers)}
        caption={t('memberStats.topCaption')}
        icon={<StarIcon size={18} />}
      />
    </section>
  );
}

function MemberStatsStrip({ stats, loading }: { stats: MemberStats | null | undefined; loading: boolean }) {
  const { t } = useTranslation(['leagues', 'common']);
  const number = useFormatNumber();
  const data = stats ?? EMPTY;
  const items = [
    { label: t('memberStats.members'), value: number(data.total_members) },
    { label: t('memberStats.activeThisWeek'), value: number(data.active_this_week) },
    { label: t('memberStats.avgAccuracy'), value: t('common:percent', { value: number(Math.round(data.avg_accuracy)) }) },
    { label: t('memberStats.topPerformers'), value: number(data.top_performers) },
  ];
  return (
    <dl aria-label={t('memberStats.label')} className="grid grid-cols-2 divide-line rounded-xl border border-line bg-surface-2 sm:grid-cols-4 sm:divide-x">
      {items.map((item) => (
        <div key={item.label} className="px-2 py-2.5 text-center">
          <dt className="text-[11px] font-medium text-muted">{item.label}</dt>
          <dd className="mt-0.5 text-base font-bold text-fg tabular-nums">{loading ? <Skeleton className="mx-auto h-5 w-8" /> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
