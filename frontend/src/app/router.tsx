import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Navigate, Outlet, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/layout/route-error';
import { i18n } from '@/lib/i18n';
import type { Namespace } from '@/lib/i18n/resources';
import { AuthLayout } from './layouts/auth-layout';
import { SiteLayout } from './layouts/site-layout';
import { ProtectedRoute, RootRedirect } from './routes/protected-route';
import type { PageTitleKey } from '@/locales/common';

/** A page with its title (a key under `pageTitle` in common) in the browser tab. */
function Titled({ title, children }: { title: PageTitleKey; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t(`pageTitle.${title}`)} · Scoreline`}</title>
      {children}
    </>
  );
}

/** What preloadRoute() starts for a route: its chunk and its texts (`namespaces`). */
export interface RouteHandle {
  preload: () => Promise<unknown>;
  namespaces: readonly Namespace[];
}

/**
 * A component in its own chunk, fetched when its route is first matched (or preloaded), together
 * with the locale namespaces it shows beyond the shell's (lib/i18n loads common, auth and
 * settings up front): the first download holds the shell only, not every screen nor every text.
 * Once loaded it renders at once, without suspending: main.tsx preloads the first route before
 * the first render, so that render is the whole screen (no empty frame, no wait for React's
 * retry of a suspended tree). Otherwise it suspends under AppRoutes' one Suspense, and since
 * react-router moves between locations in a transition, the current screen stays up meanwhile.
 * Its error boundary shows the error screen in its place when it crashes or its file cannot be
 * fetched: a page's inside the layout (header kept), a layout's (`fullPage`) on its own.
 */
function lazyRoute(load: () => Promise<ComponentType>, namespaces: readonly Namespace[], fullPage = false): Pick<RouteObject, 'element' | 'handle'> {
  let Screen: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), namespaces.length > 0 ? i18n.loadNamespaces([...namespaces]) : null]).then(([loaded]) => (Screen = loaded));
    // A failed download (offline) is not kept: a later preload tries again.
    loading.catch(() => (loading = null));
    return loading;
  };
  // React.lazy takes the module as soon as the thenable its loader returns calls back: when the
  // screen is already here, at once (a thenable that resolves synchronously), so no suspension.
  const LazyRoute = lazy(() =>
    Screen
      ? ({ then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: Screen! }) } as unknown as Promise<{ default: ComponentType }>)
      : preload().then((loaded) => ({ default: loaded })),
  );
  return {
    element: (
      <RouteErrorBoundary fullPage={fullPage}>
        <LazyRoute />
      </RouteErrorBoundary>
    ),
    handle: { preload, namespaces } satisfies RouteHandle,
  };
}

/** A route's screen (see lazyRoute), with the page's title in the browser tab when given. */
function page(load: () => Promise<ComponentType>, namespaces: readonly Namespace[], title?: PageTitleKey): Pick<RouteObject, 'element' | 'handle'> {
  return lazyRoute(
    title
      ? async () => {
          const Screen = await load();
          return () => (
            <Titled title={title}>
              <Screen />
            </Titled>
          );
        }
      : load,
    namespaces,
  );
}

/** Scroll positions by history entry, kept across reloads of the tab as the browser would. */
const SCROLL_KEY = 'scoreline.scroll';
const scrollPositions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/**
 * As a multi-page site scrolls: a new page starts at the top (or at its #anchor), back and forward
 * return to where that page was left.
 */
function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const saved = scrollPositions.get(location.key);
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
    // Only when the entry changes: a re-render of the same page keeps where the user is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  useEffect(() => {
    const save = () => scrollPositions.set(location.key, window.scrollY);
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify([...scrollPositions].slice(-50)));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, [location.key]);
  return null;
}

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** A layout inside its error boundary: when the layout itself crashes, the error screen stands alone. */
function guarded(layout: ReactNode): ReactNode {
  return <RouteErrorBoundary fullPage>{layout}</RouteErrorBoundary>;
}

/**
 * Other features' cards in a screen's slot: fetched beside the screen, never holding its first
 * paint (the route waits for its own screen only).
 */
const MyRankHistoryCard = lazy(() => import('@/features/head-to-head/components/my-rank-history-card').then((m) => ({ default: m.MyRankHistoryCard })));
const RankHistoryCard = lazy(() => import('@/features/head-to-head/components/rank-history-card').then((m) => ({ default: m.RankHistoryCard })));

/** Every route of spec section 2. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: guarded(<RootLayout />),
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: guarded(<SiteLayout />),
        children: [
          { path: '/home', ...page(() => import('@/features/landing/components/landing-screen').then((m) => m.LandingScreen), ['site'], 'home') },
          { path: '/about', ...page(() => import('@/features/about/components/about-screen').then((m) => m.AboutScreen), ['site'], 'about') },
          { path: '/help', ...page(() => import('@/features/help/components/help-screen').then((m) => m.HelpScreen), ['site', 'tables'], 'help') },
          { path: '/terms', ...page(() => import('@/features/legal/components/terms-screen').then((m) => m.TermsScreen), ['site'], 'terms') },
          { path: '/privacy', ...page(() => import('@/features/legal/components/privacy-screen').then((m) => m.PrivacyScreen), ['site'], 'privacy') },
          // Invite links: open signed in or out (issue 13 §3).
          { path: '/join/:code', ...page(() => import('./routes/join-routes').then((m) => m.JoinByCodeRoute), ['invites']) },
          { path: '/leagues/:id/join', ...page(() => import('./routes/join-routes').then((m) => m.JoinPublicLeagueRoute), ['invites']) },
        ],
      },
      {
        element: guarded(<AuthLayout />),
        children: [
          { path: '/signin', ...page(() => import('./routes/auth-routes').then((m) => m.SignInRoute), []) },
          { path: '/signup', ...page(() => import('./routes/auth-routes').then((m) => m.SignUpRoute), []) },
          { path: '/forgot-password', ...page(() => import('./routes/auth-routes').then((m) => m.ForgotPasswordRoute), []) },
          { path: '/auth/verify-otp', ...page(() => import('./routes/auth-routes').then((m) => m.VerifyOtpRoute), []) },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: guarded(<AuthLayout wide showSignOut />),
            children: [{ path: '/onboarding/country-club-selection', ...page(() => import('./routes/onboarding-route').then((m) => m.OnboardingRoute), ['onboarding']) }],
          },
          {
            ...lazyRoute(() => import('./layouts/app-layout').then((m) => m.AppLayout), ['push'], true),
            children: [
              {
                path: '/dashboard',
                // The dashboard with the head-to-head feature's rank chart in its slot (features never import each other).
                ...page(async () => {
                  const { DashboardScreen } = await import('@/features/dashboard/components/dashboard-screen');
                  return () => <DashboardScreen rankHistory={<Suspense fallback={null}><MyRankHistoryCard /></Suspense>} />;
                }, ['dashboard'], 'dashboard'),
              },
              { path: '/leagues', ...page(() => import('@/features/leagues/components/leagues-hub-screen').then((m) => m.LeaguesHubScreen), ['leagues'], 'leagues') },
              { path: '/leaderboard', ...page(() => import('@/features/leagues/components/leagues-hub-screen').then((m) => m.LeaguesHubScreen), ['leagues'], 'leagues') },
              { path: '/leagues/discover', ...page(() => import('@/features/leagues/components/discover-leagues-screen').then((m) => m.DiscoverLeaguesScreen), ['leagues'], 'discoverLeagues') },
              {
                path: '/leagues/:id',
                // The league page with the picks feature's grid in its panel slot.
                ...page(async () => {
                  const [{ LeagueDetailScreen }, { GameweekPicksPanel }] = await Promise.all([
                    import('@/features/leagues/components/league-detail-screen'),
                    import('@/features/league-picks/components/gameweek-picks-panel'),
                  ]);
                  return () => <LeagueDetailScreen panels={[(league) => <GameweekPicksPanel league={league} />]} />;
                }, ['activity', 'compare', 'invites', 'leagues', 'picks', 'tables'], 'league'),
              },
              { path: '/leagues/:id/players', ...page(() => import('@/features/leagues/components/league-members-screen').then((m) => m.LeagueMembersScreen), ['compare', 'leagues'], 'leagueMembers') },
              {
                path: '/leagues/:leagueId/player/:playerId',
                ...page(async () => {
                  const { PlayerProfileScreen } = await import('@/features/player-profile/components/player-profile-screen');
                  return () => (
                    <PlayerProfileScreen
                      rankHistory={(p) => (
                        <Suspense fallback={null}>
                          <RankHistoryCard leagueId={p.leagueId} userId={p.userId} />
                        </Suspense>
                      )}
                    />
                  );
                }, ['compare', 'player'], 'player'),
              },
              {
                path: '/leagues/:leagueId/compare/:playerId',
                ...page(() => import('@/features/head-to-head/components/head-to-head-screen').then((m) => m.HeadToHeadScreen), ['compare'], 'headToHead'),
              },
              {
                path: '/leagues/:leagueId/player/:playerId/gameweeks-history',
                ...page(() => import('@/features/gameweeks-history/components/gameweeks-history-screen').then((m) => m.GameweeksHistoryScreen), ['history'], 'gameweeksHistory'),
              },
              { path: '/fixtures', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), ['fixtures', 'invites', 'picks'], 'fixtures') },
              { path: '/prediction', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), ['fixtures', 'invites', 'picks'], 'fixtures') },
              { path: '/gameweeks', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), ['fixtures', 'invites', 'picks'], 'fixtures') },
              { path: '/results', ...page(() => import('@/features/results/components/results-screen').then((m) => m.ResultsScreen), ['picks', 'results'], 'results') },
              { path: '/bonus', ...page(() => import('@/features/bonus/components/bonus-screen').then((m) => m.BonusScreen), ['bonus'], 'bonus') },
              { path: '/groups', ...page(() => import('@/features/groups/components/group-tables-screen').then((m) => m.GroupTablesScreen), ['groups'], 'groups') },
              { path: '/gameweeks-history', ...page(() => import('@/features/gameweeks-history/components/gameweeks-history-screen').then((m) => m.GameweeksHistoryScreen), ['history'], 'gameweeksHistory') },
              { path: '/settings', ...page(() => import('./routes/settings-route').then((m) => m.SettingsRoute), ['invites', 'onboarding', 'push']) },
              {
                path: '/console',
                // The operator console (issue 35), admins only: anyone else meets what an unknown address
                // meets (the server, likewise, answers 404 to every console call). The auth feature's profile says who is an admin.
                ...page(async () => {
                  const [{ ConsoleScreen }, { useProfile }] = await Promise.all([
                    import('@/features/console/components/console-screen'),
                    import('@/features/auth/api/get-profile'),
                  ]);
                  return function ConsoleRoute() {
                    const profile = useProfile();
                    const access = profile.data ? (profile.data.is_admin === true ? 'admin' : 'denied') : profile.isError ? 'failed' : 'checking';
                    return <ConsoleScreen access={access} onRetryAccess={() => void profile.refetch()} notFound={<Navigate to="/" replace />} />;
                  };
                }, ['console']),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The app's routes, rendered under one Suspense: nothing while the first screen's chunk arrives
 * (index.html's own background shows); later navigations keep the current screen meanwhile.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={null}>{element}</Suspense>;
}

/**
 * Starts fetching the chunks and texts of every route `pathname` matches, e.g. before the first
 * render, so they download alongside the entry's own work.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all((matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle as RouteHandle | undefined)?.preload()));
}
