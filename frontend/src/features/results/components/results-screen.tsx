import { PageHeader } from '@/components/layout/page-header';
import { ComingSoon } from '@/components/layout/coming-soon';

/** /results — filled in by a later issue. */
export function ResultsScreen() {
  return (
    <>
      <PageHeader title="Results" description="How your predictions did, match by match." />
      <ComingSoon statCards={4} rows={6}>
        Coming soon: each gameweek&apos;s results next to your predictions, your points and the global benchmarks.
      </ComingSoon>
    </>
  );
}
