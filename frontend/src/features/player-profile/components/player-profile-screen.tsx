import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /leagues/:leagueId/player/:playerId — filled in by a later issue. */
export function PlayerProfileScreen() {
  const { leagueId, playerId } = useParams();
  return (
    <>
      <Link to={`/leagues/${leagueId ?? ''}`} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> Back to league
      </Link>
      <PageHeader title="Player Profile" />
      <ComingSoon statCards={4} rows={5}>
        Coming soon: this player&apos;s rank, stats, hot and cold teams and recent gameweeks.{' '}
        <Link to={`/leagues/${leagueId ?? ''}/player/${playerId ?? ''}/gameweeks-history`} className="text-accent hover:underline">
          View all
        </Link>
      </ComingSoon>
    </>
  );
}
