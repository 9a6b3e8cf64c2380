import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /leagues and /leaderboard — filled in by a later issue (overview, create, join). */
export function LeaguesHubScreen() {
  return (
    <>
      <PageHeader title="Leagues" description="Your global, country, club, private and public leagues." />
      <ComingSoon statCards={0} rows={5}>
        Coming soon: all your leagues in one place, plus creating a league and joining one with an invite code or
        league ID.
      </ComingSoon>
    </>
  );
}
