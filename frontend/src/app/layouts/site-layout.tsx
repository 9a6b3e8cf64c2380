import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';
import { useLiveConnection } from '@/lib/live';
import { useLeagueRequestToasts } from '@/features/leagues/hooks/use-league-live';

/** Header, full-width page, footer: the public pages (landing, about, help, legal). */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Header, a centred page column, footer: the signed-in screens. */
export function AppLayout() {
  useLiveConnection();
  // Join-request news reaches owners and requesters on every signed-in screen.
  useLeagueRequestToasts();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
