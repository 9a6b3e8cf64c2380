import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { League } from '@scoreline/contracts/api/leagues';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { LoadingRegion, Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useFollowCompetition } from '@/lib/competition/use-competition';
import { useLeague } from '../api/get-league';
import { useLeagueLive } from '../hooks/use-league-live';
import { parseLeagueId } from '../utils/parse-league-id';
import { ActivityFeedCard } from './activity-feed';
import { JoinRequestsPanel } from './join-requests-panel';
import { LeagueTables } from './league-tables';
import { LeagueHeader } from './league-header';
import { LeagueNotFound } from './league-not-found';
import { LeagueStatsCards } from './league-stats-cards';
import { MembersSection } from './members-section';

function BackLink() {
  const { t } = useTranslation('leagues');
  return (
    <Link to="/leagues" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
      <ArrowLeftIcon size={16} /> {t('shared.backToLeagues')}
    </Link>
  );
}

/** A section the app adds to the league page (features do not import each other). */
export type LeaguePanel = (league: League) => ReactNode;

/** /leagues/:id — header, invite code, requests (owner), stats, leaderboard, members, activity, then `panels`. */
export function LeagueDetailScreen({ panels = [] }: { panels?: LeaguePanel[] }) {
  const { t } = useTranslation('leagues');
  const { id } = useParams();
  const leagueId = parseLeagueId(id);
  const league = useLeague(leagueId);

  if (leagueId === null || league.isError) {
    return (
      <>
        <BackLink />
        <LeagueNotFound error={league.isError ? league.error : null} />
      </>
    );
  }

  if (league.isPending) {
    return (
      <>
        <BackLink />
        <LoadingRegion label={t('shared.loadingLeague')} className="space-y-6">
          <div className="rounded-2xl border border-line bg-surface p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-8 w-2/3" />
            <Skeleton className="mt-3 h-4 w-1/2" />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
          <Skeleton className="h-80 rounded-2xl" />
        </LoadingRegion>
      </>
    );
  }

  return (
    <>
      <BackLink />
      <LeagueContent league={league.data} panels={panels} />
    </>
  );
}

function LeagueContent({ league, panels }: { league: League; panels: LeaguePanel[] }) {
  useLeagueLive(league.id);
  // The screens opened from here (fixtures, results) show the league's competition.
  useFollowCompetition(league.competition?.code);
  const showRequests = league.is_owner && league.type === 'private';
  return (
    <div className="space-y-6">
      <LeagueHeader league={league} />
      {showRequests ? <JoinRequestsPanel leagueId={league.id} /> : null}
      <LeagueStatsCards leagueId={league.id} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <LeagueTables leagueId={league.id} />
          <MembersSection league={league} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <ActivityFeedCard leagueId={league.id} leagueName={league.name} />
        </div>
      </div>
      {panels.map((panel, i) => (
        <div key={i}>{panel(league)}</div>
      ))}
    </div>
  );
}
