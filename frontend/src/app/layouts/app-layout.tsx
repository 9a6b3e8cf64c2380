import { Outlet } from 'react-router';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';
import { useLiveConnection } from '@/lib/live';
import { useLeagueRequestToasts } from '@/features/leagues/hooks/use-league-live';

// Its own chunk (see router.tsx): the socket client and the live hooks are for signed-in screens only.
/** Header, a centred page column, footer: the signed-in screens. */
export function AppLayout() {
  useLiveConnection();
  // Join-request news reaches owners and requesters on every signed-in screen.
  useLeagueRequestToasts();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <OfflineBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
