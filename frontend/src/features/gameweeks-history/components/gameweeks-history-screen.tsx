import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/**
 * /gameweeks-history and /leagues/:leagueId/player/:playerId/gameweeks-history — filled in by
 * a later issue.
 */
export function GameweeksHistoryScreen() {
  const { leagueId, playerId } = useParams();
  const backTo = leagueId && playerId ? `/leagues/${leagueId}/player/${playerId}` : '/dashboard';
  return (
    <>
      <Link to={backTo} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> Back
      </Link>
      <PageHeader title="Gameweeks History" />
      <ComingSoon statCards={4} rows={6}>
        Coming soon: every gameweek of the season with points, accuracy and match-by-match details.
      </ComingSoon>
    </>
  );
}
