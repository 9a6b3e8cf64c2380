import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';

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
