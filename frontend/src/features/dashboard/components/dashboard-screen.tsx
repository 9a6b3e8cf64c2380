import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /dashboard — filled in by a later issue (stats cards, hot/cold teams, recent game weeks). */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your season at a glance." />
      <ComingSoon>
        Coming soon: your Total Points, Total Predictions, % Accuracy and Correct Scores, your hot and cold teams and
        your recent game weeks.
      </ComingSoon>
    </>
  );
}
