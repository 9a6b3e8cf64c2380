import { Outlet } from 'react-router';
import { CompetitionSwitcher } from '@/components/layout/competition-switcher';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';
import { useCompetitionFromUrl } from '@/lib/competition/use-competition';
import { useLiveConnection } from '@/lib/live';
import { useLeagueRequestToasts } from '@/features/leagues/hooks/use-league-live';

// Its own chunk (see router.tsx): the socket client and the live hooks are for signed-in screens only.
/** Header, a centred page column, footer: the signed-in screens. */
export function AppLayout() {
  useLiveConnection();
  // Join-request news reaches owners and requesters on every signed-in screen.
  useLeagueRequestToasts();
  // A link may name the competition to show (`?competition=`).
  useCompetitionFromUrl();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader competitionSwitcher={<CompetitionSwitcher className="sm:max-w-64" />} />
      <OfflineBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
