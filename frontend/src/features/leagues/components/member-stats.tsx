import type { MemberStats } from '@contracts/api/leagues';
import { BoltIcon, StarIcon, TargetIcon, UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { StatTile } from './stat-tile';

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
  if (variant === 'strip') return <MemberStatsStrip stats={stats} loading={loading} />;
  if (loading) {
    return (
      <LoadingRegion label="Loading member stats…" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </LoadingRegion>
    );
  }
  const data = stats ?? EMPTY;
  return (
    <section aria-label="Member stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile label="Total members" value={data.total_members.toLocaleString()} icon={<UsersIcon size={18} />} />
      <StatTile label="Active this week" value={data.active_this_week.toLocaleString()} icon={<BoltIcon size={18} />} />
      <StatTile label="Avg accuracy" value={`${Math.round(data.avg_accuracy)}%`} icon={<TargetIcon size={18} />} />
      <StatTile label="Top performers" value={data.top_performers.toLocaleString()} caption="ranked 1–5" icon={<StarIcon size={18} />} />
    </section>
  );
}

function MemberStatsStrip({ stats, loading }: { stats: MemberStats | null | undefined; loading: boolean }) {
  const data = stats ?? EMPTY;
  const items = [
    { label: 'Members', value: data.total_members.toLocaleString() },
    { label: 'Active this week', value: data.active_this_week.toLocaleString() },
    { label: 'Avg accuracy', value: `${Math.round(data.avg_accuracy)}%` },
    { label: 'Top performers', value: data.top_performers.toLocaleString() },
  ];
  return (
    <dl aria-label="Member stats" className="grid grid-cols-2 divide-line rounded-xl border border-line bg-surface-2 sm:grid-cols-4 sm:divide-x">
      {items.map((item) => (
        <div key={item.label} className="px-2 py-2.5 text-center">
          <dt className="text-[11px] font-medium text-muted">{item.label}</dt>
          <dd className="mt-0.5 text-base font-bold text-fg tabular-nums">{loading ? <Skeleton className="mx-auto h-5 w-8" /> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
