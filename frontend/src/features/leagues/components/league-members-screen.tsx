import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /leagues/:id/players — filled in by a later issue. */
export function LeagueMembersScreen() {
  const { id } = useParams();
  return (
    <>
      <Link to={`/leagues/${id ?? ''}`} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg">
        <ArrowLeftIcon size={16} /> Back to league
      </Link>
      <PageHeader title="All Members" />
      <ComingSoon statCards={4} rows={8}>
        Coming soon: every member of this league, with search and pages of 20.
      </ComingSoon>
    </>
  );
}
