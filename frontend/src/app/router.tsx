import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AboutScreen } from '@/features/about/components/about-screen';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { FixturesScreen } from '@/features/fixtures/components/fixtures-screen';
import { GameweeksHistoryScreen } from '@/features/gameweeks-history/components/gameweeks-history-screen';
import { HelpScreen } from '@/features/help/components/help-screen';
import { LandingScreen } from '@/features/landing/components/landing-screen';
import { DiscoverLeaguesScreen } from '@/features/leagues/components/discover-leagues-screen';
import { LeagueDetailScreen } from '@/features/leagues/components/league-detail-screen';
import { LeagueMembersScreen } from '@/features/leagues/components/league-members-screen';
import { LeaguesHubScreen } from '@/features/leagues/components/leagues-hub-screen';
import { PrivacyScreen } from '@/features/legal/components/privacy-screen';
import { TermsScreen } from '@/features/legal/components/terms-screen';
import { PlayerProfileScreen } from '@/features/player-profile/components/player-profile-screen';
import { ResultsScreen } from '@/features/results/components/results-screen';
import { AuthLayout } from './layouts/auth-layout';
import { AppLayout, SiteLayout } from './layouts/site-layout';
import { ForgotPasswordRoute, SignInRoute, SignUpRoute, VerifyOtpRoute } from './routes/auth-routes';
import { OnboardingRoute } from './routes/onboarding-route';
import { ProtectedRoute, RootRedirect } from './routes/protected-route';
import { SettingsRoute } from './routes/settings-route';
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

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Every route of spec section 2. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <SiteLayout />,
        children: [
          { path: '/home', element: <Titled title="home"><LandingScreen /></Titled> },
          { path: '/about', element: <Titled title="about"><AboutScreen /></Titled> },
          { path: '/help', element: <Titled title="help"><HelpScreen /></Titled> },
          { path: '/terms', element: <Titled title="terms"><TermsScreen /></Titled> },
          { path: '/privacy', element: <Titled title="privacy"><PrivacyScreen /></Titled> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: '/signin', element: <SignInRoute /> },
          { path: '/signup', element: <SignUpRoute /> },
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
          { path: '/auth/verify-otp', element: <VerifyOtpRoute /> },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AuthLayout wide showSignOut />,
            children: [{ path: '/onboarding/country-club-selection', element: <OnboardingRoute /> }],
          },
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <Titled title="dashboard"><DashboardScreen /></Titled> },
              { path: '/leagues', element: <Titled title="leagues"><LeaguesHubScreen /></Titled> },
              { path: '/leaderboard', element: <Titled title="leagues"><LeaguesHubScreen /></Titled> },
              { path: '/leagues/discover', element: <Titled title="discoverLeagues"><DiscoverLeaguesScreen /></Titled> },
              { path: '/leagues/:id', element: <Titled title="league"><LeagueDetailScreen /></Titled> },
              { path: '/leagues/:id/players', element: <Titled title="leagueMembers"><LeagueMembersScreen /></Titled> },
              {
                path: '/leagues/:leagueId/player/:playerId',
                element: <Titled title="player"><PlayerProfileScreen /></Titled>,
              },
              {
                path: '/leagues/:leagueId/player/:playerId/gameweeks-history',
                element: <Titled title="gameweeksHistory"><GameweeksHistoryScreen /></Titled>,
              },
              { path: '/fixtures', element: <Titled title="fixtures"><FixturesScreen /></Titled> },
              { path: '/prediction', element: <Titled title="fixtures"><FixturesScreen /></Titled> },
              { path: '/gameweeks', element: <Titled title="fixtures"><FixturesScreen /></Titled> },
              { path: '/results', element: <Titled title="results"><ResultsScreen /></Titled> },
              { path: '/gameweeks-history', element: <Titled title="gameweeksHistory"><GameweeksHistoryScreen /></Titled> },
              { path: '/settings', element: <SettingsRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
