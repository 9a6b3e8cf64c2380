import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, ChartIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';
import { LoadingRegion, SkeletonCard } from '@/components/ui/skeleton';
import { tournamentRoundName } from '@/lib/round-label';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useLeagueStats } from '../api/get-league-stats';
import { StatCard } from '@/components/ui/stat-card';

/**
 * Members, current gameweek, leading score and season progress (data.stats); empty on failure. A
 * tournament's current round is named as the API names it ("Round of 32", not "Gameweek 103 of
 * 24", its number being the file's), with the number of rounds beneath; a league's matchday stays
 * "Gameweek 12 of 38".
 */
export function LeagueStatsCards({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation(['leagues', 'common']);
  const number = useFormatNumber();
  const stats = useLeagueStats(leagueId);
  if (stats.isPending) {
    return (
      <LoadingRegion label={t('stats.loading')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </LoadingRegion>
    );
  }
  const data = stats.data;
  if (!data) {
    return (
      <Card>
        <EmptyState icon={<ChartIcon size={22} />} title={t('stats.emptyTitle')} description={t('stats.emptyText')} className="py-6" />
      </Card>
    );
  }
  const progress = Math.max(0, Math.min(100, Math.round(data.season_progress_percent)));
  const round = data.current_gameweek === null ? null : tournamentRoundName(data.current_gameweek, data.current_gameweek_name);
  const roundCaption = round ? t('stats.rounds', { count: data.total_gameweeks }) : t('stats.ofGameweeks', { total: data.total_gameweeks });
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label={t('stats.members')} value={number(data.total_members)} icon={<UsersIcon size={18} />} />
      <StatCard
        label={round ? t('stats.round') : t('stats.gameweek')}
        value={round ? <span className="block text-lg leading-snug break-words sm:text-xl">{round}</span> : (data.current_gameweek ?? '—')}
        caption={data.total_gameweeks ? roundCaption : t('stats.noSeason')}
        icon={<CalendarIcon size={18} />}
      />
      <StatCard label={t('stats.leadingScore')} value={number(data.leading_score)} caption={t('stats.points')} icon={<TrophyIcon size={18} />} />
      <StatCard label={t('stats.seasonProgress')} value={t('common:percent', { value: number(progress) })} icon={<ChartIcon size={18} />}>
        <div
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-3"
          role="progressbar"
          aria-label={t('stats.seasonProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
      </StatCard>
    </section>
  );
}
