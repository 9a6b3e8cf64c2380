import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
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

/**
 * A route whose screen is its own chunk, fetched when the route is first matched: the first
 * download holds the shell only, not every screen. With a title, the page's title is set too.
 */
function page(load: () => Promise<ComponentType>, title?: PageTitleKey): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = await load();
      return { element: title ? <Titled title={title}><Screen /></Titled> : <Screen /> };
    },
  };
}

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
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
    element: <RootLayout />,
    // Nothing while the first screen's chunk arrives (index.html's own background shows).
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <SiteLayout />,
        children: [
          { path: '/home', ...page(() => import('@/features/landing/components/landing-screen').then((m) => m.LandingScreen), 'home') },
          { path: '/about', ...page(() => import('@/features/about/components/about-screen').then((m) => m.AboutScreen), 'about') },
          { path: '/help', ...page(() => import('@/features/help/components/help-screen').then((m) => m.HelpScreen), 'help') },
          { path: '/terms', ...page(() => import('@/features/legal/components/terms-screen').then((m) => m.TermsScreen), 'terms') },
          { path: '/privacy', ...page(() => import('@/features/legal/components/privacy-screen').then((m) => m.PrivacyScreen), 'privacy') },
          // Invite links: open signed in or out (issue 13 §3).
          { path: '/join/:code', ...page(() => import('./routes/join-routes').then((m) => m.JoinByCodeRoute)) },
          { path: '/leagues/:id/join', ...page(() => import('./routes/join-routes').then((m) => m.JoinPublicLeagueRoute)) },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: '/signin', ...page(() => import('./routes/auth-routes').then((m) => m.SignInRoute)) },
          { path: '/signup', ...page(() => import('./routes/auth-routes').then((m) => m.SignUpRoute)) },
          { path: '/forgot-password', ...page(() => import('./routes/auth-routes').then((m) => m.ForgotPasswordRoute)) },
          { path: '/auth/verify-otp', ...page(() => import('./routes/auth-routes').then((m) => m.VerifyOtpRoute)) },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AuthLayout wide showSignOut />,
            children: [{ path: '/onboarding/country-club-selection', ...page(() => import('./routes/onboarding-route').then((m) => m.OnboardingRoute)) }],
          },
          {
            lazy: () => import('./layouts/app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                path: '/dashboard',
                // The dashboard with the head-to-head feature's rank chart in its slot (features never import each other).
                ...page(async () => {
                  const { DashboardScreen } = await import('@/features/dashboard/components/dashboard-screen');
                  return () => <DashboardScreen rankHistory={<Suspense fallback={null}><MyRankHistoryCard /></Suspense>} />;
                }, 'dashboard'),
              },
              { path: '/leagues', ...page(() => import('@/features/leagues/components/leagues-hub-screen').then((m) => m.LeaguesHubScreen), 'leagues') },
              { path: '/leaderboard', ...page(() => import('@/features/leagues/components/leagues-hub-screen').then((m) => m.LeaguesHubScreen), 'leagues') },
              { path: '/leagues/discover', ...page(() => import('@/features/leagues/components/discover-leagues-screen').then((m) => m.DiscoverLeaguesScreen), 'discoverLeagues') },
              {
                path: '/leagues/:id',
                // The league page with the picks feature's grid in its panel slot.
                ...page(async () => {
                  const [{ LeagueDetailScreen }, { GameweekPicksPanel }] = await Promise.all([
                    import('@/features/leagues/components/league-detail-screen'),
                    import('@/features/league-picks/components/gameweek-picks-panel'),
                  ]);
                  return () => <LeagueDetailScreen panels={[(league) => <GameweekPicksPanel league={league} />]} />;
                }, 'league'),
              },
              { path: '/leagues/:id/players', ...page(() => import('@/features/leagues/components/league-members-screen').then((m) => m.LeagueMembersScreen), 'leagueMembers') },
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
                }, 'player'),
              },
              {
                path: '/leagues/:leagueId/compare/:playerId',
                ...page(() => import('@/features/head-to-head/components/head-to-head-screen').then((m) => m.HeadToHeadScreen), 'headToHead'),
              },
              {
                path: '/leagues/:leagueId/player/:playerId/gameweeks-history',
                ...page(() => import('@/features/gameweeks-history/components/gameweeks-history-screen').then((m) => m.GameweeksHistoryScreen), 'gameweeksHistory'),
              },
              { path: '/fixtures', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), 'fixtures') },
              { path: '/prediction', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), 'fixtures') },
              { path: '/gameweeks', ...page(() => import('./routes/fixtures-route').then((m) => m.FixturesRoute), 'fixtures') },
              { path: '/results', ...page(() => import('@/features/results/components/results-screen').then((m) => m.ResultsScreen), 'results') },
              { path: '/gameweeks-history', ...page(() => import('@/features/gameweeks-history/components/gameweeks-history-screen').then((m) => m.GameweeksHistoryScreen), 'gameweeksHistory') },
              { path: '/settings', ...page(() => import('./routes/settings-route').then((m) => m.SettingsRoute)) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
