import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /leagues/discover — filled in by a later issue. */
export function DiscoverLeaguesScreen() {
  return (
    <>
      <PageHeader title="Discover Public Leagues" description="Find an open league and join it instantly." />
      <ComingSoon statCards={0} rows={6}>
        Coming soon: browse public leagues and join one in a click.
      </ComingSoon>
    </>
  );
}
