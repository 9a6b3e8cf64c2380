import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LeaguePlayerProfile } from '@scoreline/contracts/api/leagues';
import { rankBadge } from '@scoreline/contracts/game/rank-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowLeftIcon, ArrowRightIcon, ChartIcon, FlameIcon, SnowflakeIcon, StarIcon, TargetIcon, TrophyIcon, BallIcon } from '@/components/ui/icons';
import { RankBadge } from '@/components/ui/rank-badge';
import { RecentGameweeksTable } from '@/components/ui/recent-gameweeks-table';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { TeamAccuracyList } from '@/components/ui/team-accuracy-list';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { getServerMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { rankTextClass } from '@/lib/rank';
import { usePlayerProfile } from '../api/get-player-profile';
import { BADGE_TEXT_KEY, leagueLabel } from '../utils/rank';
import { ProvisionalMark } from '@/components/ui/provisional-mark';

/** The player's badge by rank: crown (1), medal (2–3), star (4–5), with its text. */
export function ProfileBadge({ rank }: { rank: number | null }) {
  const { t } = useTranslation('player');
  const badge = rankBadge(rank);
  if (!badge) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-semibold">
      <RankBadge badge={badge} rank={rank} />
      <span className="text-fg">{t(BADGE_TEXT_KEY[badge])}</span>
    </span>
  );
}

/** What the router composes into a profile from other features: the rank-over-time card. */
export type RankHistorySlot = (player: { leagueId: number; userId: number }) => ReactNode;

/** /leagues/:leagueId/player/:playerId — a player's standing and form in one league. */
export function PlayerProfileScreen({ rankHistory }: { rankHistory?: RankHistorySlot } = {}) {
  const { t } = useTranslation('player');
  const { leagueId, playerId } = useParams();
  const profile = usePlayerProfile(leagueId, playerId);
  const backTo = `/leagues/${leagueId ?? ''}`;
  const leagueName = profile.data?.league.name;

  const back = (
    <Link to={backTo} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} /> {leagueName ? t('backTo', { league: leagueName }) : t('backToLeague')}
    </Link>
  );

  if (profile.isPending) {
    return (
      <>
        {back}
        <LoadingRegion label={t('loading')} className="space-y-6">
          <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-6">
            <Skeleton className="size-20 rounded-full" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-7 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingRegion>
      </>
    );
  }

  if (profile.isError) {
    return (
      <>
        {back}
        <p className="mb-2 text-xs font-semibold tracking-widest text-accent uppercase">{leagueLabel(leagueName, t('unknownLeague'))}</p>
        <Card>
          <ErrorState
            title={t('notFound.title')}
            message={getServerMessage(profile.error) ?? t('notFound.message')}
            action={
              <Link to={backTo} className={buttonClasses('primary')}>
                {t('notFound.back')}
              </Link>
            }
          />
        </Card>
      </>
    );
  }

  return (
    <>
      {back}
      <ProfileContent profile={profile.data} leagueId={leagueId ?? ''} playerId={playerId ?? ''} rankHistory={rankHistory} />
    </>
  );
}

function ProfileContent({
  profile,
  leagueId,
  playerId,
  rankHistory,
}: {
  profile: LeaguePlayerProfile;
  leagueId: string;
  playerId: string;
  rankHistory?: RankHistorySlot;
}) {
  const { t } = useTranslation(['player', 'common', 'compare']);
  const number = useFormatNumber();
  const { player, stats, insights } = profile;
  const historyPath = `/leagues/${leagueId}/player/${playerId}/gameweeks-history`;
  return (
    <div className="space-y-6">
      <Card className="pitch-stripes overflow-hidden">
        <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            aria-hidden="true"
            className={cn(
              'grid size-20 shrink-0 place-items-center rounded-full text-2xl font-extrabold',
              player.is_current_user ? 'bg-primary text-primary-fg' : 'bg-surface-3 text-fg',
            )}
          >
            {player.avatar || '?'}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-widest text-accent uppercase">{leagueLabel(profile.league.name, t('unknownLeague'))}</p>
            <h1 className="mt-1 flex flex-wrap items-center gap-2 font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
              <span className="break-words">{player.name || player.username}</span>
              {player.is_current_user ? <Badge tone="primary">{t('you')}</Badge> : null}
            </h1>
            <p className="mt-1 text-sm text-muted">
              @{player.username}
              {player.team ? ` · ${player.team}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
            <div className="sm:text-right">
              <p className="text-xs text-muted">{t('leagueRank')}</p>
              <p className={cn('font-display text-4xl font-extrabold tabular-nums', rankTextClass(player.rank))} data-testid="player-rank">
                {player.rank ? `#${number(player.rank)}` : '—'}
              </p>
            </div>
            <ProfileBadge rank={player.rank} />
            {player.is_current_user ? null : (
              <Link to={`/leagues/${profile.league.id}/compare/${player.user_id}`} className={buttonClasses('secondary', 'sm')} data-testid="compare-link">
                <ChartIcon size={16} /> {t('compare:compareWith', { name: player.name || player.username })}
              </Link>
            )}
          </div>
        </div>
      </Card>

      <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('stats.totalPoints')} value={number(stats.total_points)} icon={<TrophyIcon size={18} />} />
        <StatCard label={t('stats.totalPredictions')} value={number(stats.total_predictions)} icon={<BallIcon size={18} />} />
        <StatCard label={t('stats.accuracy')} value={t('common:percent', { value: number(Math.round(stats.accuracy)) })} icon={<TargetIcon size={18} />} />
        <StatCard label={t('stats.correctScores')} value={number(stats.correct_scores)} icon={<StarIcon size={18} />} />
      </section>

      {rankHistory?.({ leagueId: profile.league.id, userId: player.user_id })}

      <div className="grid gap-4 md:grid-cols-2">
        <TeamAccuracyList title={t('hot.title')} icon={<FlameIcon size={18} />} teams={profile.hot_teams} emptyText={t('hot.empty')} tone="hot" />
        <TeamAccuracyList title={t('cold.title')} icon={<SnowflakeIcon size={18} />} teams={profile.cold_teams} emptyText={t('cold.empty')} tone="cold" />
      </div>

      <Card className="overflow-hidden">
        <CardHeader
          title={t('recent.title')}
          action={
            <Link to={historyPath} className="inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline">
              {t('recent.viewAll')} <ArrowRightIcon size={16} />
            </Link>
          }
        />
        <div className="mt-4">
          <RecentGameweeksTable
            rows={profile.recent_gameweeks}
            provisionalMark={<ProvisionalMark title={t('recent.inPlay')} label={t('recent.provisional')} />}
            emptyClassName="px-5 pt-2 pb-8"
          />
        </div>
      </Card>

      <section aria-labelledby="insights-title">
        <h2 id="insights-title" className="mb-3 text-lg font-semibold text-fg">
          {t('insights.title')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          <Insight
            label={t('insights.best')}
            value={number(insights.best_gameweek_points)}
            unit={t('insights.points', { count: insights.best_gameweek_points })}
            icon={<TrophyIcon size={18} />}
          />
          <Insight
            label={t('insights.average')}
            value={number(Math.round(insights.average_points_per_gameweek))}
            unit={t('insights.points', { count: Math.round(insights.average_points_per_gameweek) })}
            icon={<ChartIcon size={18} />}
          />
          <Insight
            label={t('insights.recentExact')}
            value={number(insights.recent_exact_scores)}
            unit={t('insights.lastFive')}
            icon={<TargetIcon size={18} />}
          />
        </div>
      </section>
    </div>
  );
}

function Insight({ label, value, unit, icon }: { label: string; value: ReactNode; unit: string; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent" aria-hidden="true">
        {icon}
      </span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="text-xl font-bold text-fg tabular-nums">
          {value} <span className="text-sm font-normal text-muted">{unit}</span>
        </p>
      </div>
    </Card>
  );
}
