import type { MemberStats } from '@contracts/api/leagues';
import { BoltIcon, StarIcon, TargetIcon, UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, SkeletonCard } from '@/components/ui/skeleton';
import { StatTile } from './stat-tile';

const EMPTY: MemberStats = { total_members: 0, active_this_week: 0, avg_accuracy: 0, top_performers: 0 };

/** Total members, active this gameweek, average accuracy, top performers (data.member_stats). */
export function MemberStatsCards({ stats, loading }: { stats: MemberStats | null | undefined; loading: boolean }) {
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
