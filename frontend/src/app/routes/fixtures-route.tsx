import { CalendarCard } from '@/features/calendar/components/calendar-card';
import { FixturesScreen } from '@/features/fixtures/components/fixtures-screen';

/** /fixtures, /prediction, /gameweeks: the predictions screen, then "Add to calendar". */
export function FixturesRoute() {
  return (
    <>
      <FixturesScreen />
      <div className="mt-8">
        <CalendarCard variant="compact" />
      </div>
    </>
  );
}
