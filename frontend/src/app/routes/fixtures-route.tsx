import { CalendarCard } from '@/features/calendar/components/calendar-card';
import { FixturesScreen } from '@/features/fixtures/components/fixtures-screen';
import { GroupTablesLink } from '@/features/groups/components/group-tables-link';

/** /fixtures, /prediction, /gameweeks: the predictions screen, then (in a tournament) its group tables' link and "Add to calendar". */
export function FixturesRoute() {
  return (
    <>
      <FixturesScreen />
      <div className="mt-8 space-y-4">
        <GroupTablesLink />
        <CalendarCard variant="compact" />
      </div>
    </>
  );
}
