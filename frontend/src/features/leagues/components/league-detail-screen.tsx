import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /leagues/:id — filled in by a later issue (leaderboard, members, activity, join requests). */
export function LeagueDetailScreen() {
  const { id } = useParams();
  return (
    <>
      <Link to="/leagues" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> Back to leagues
      </Link>
      <PageHeader title="League" description={`League #${id ?? ''}`} />
      <ComingSoon>
        Coming soon: this league&apos;s leaderboard, stats, members and activity feed.{' '}
        <Link to={`/leagues/${id ?? ''}/players`} className="text-accent hover:underline">
          All members
        </Link>
      </ComingSoon>
    </>
  );
}
