// The first screens issue 12 measures, what each waits for besides the entry: read by the bundle
// budget (build/check-bundle-budget.mjs) and by the early boot script (build/early-boot.ts), and
// checked against app/router.tsx and the features' API paths by src/app/first-screens.test.ts.

/** The shell's locale namespaces: lib/i18n loads them before the first frame, whatever the route. */
export const SHELL_NAMESPACES = ['common', 'auth', 'settings'];

/**
 * @typedef {object} FirstScreen
 * @property {readonly string[]} modules The lazy route modules (router.tsx) the path renders, as the build names them.
 * @property {readonly string[]} namespaces The locale namespaces router.tsx loads with them, beyond the shell's.
 * @property {readonly string[]} [signedInRequests] The GET calls (under /api) the screen makes at once for a signed-in visitor.
 *   They name no competition (`?competition=`): the server answers the fan's current one, and the app
 *   leaves the parameter out while its choice is that saved preference (lib/competition), so the
 *   answers match; a choice that differs asks again, naming it.
 * @property {'signed-in'} [when] Only with a stored token (a protected route; without one it sends the visitor to /home).
 */

/** @type {Record<string, FirstScreen>} */
export const FIRST_SCREENS = {
  '/home': { modules: ['src/features/landing/components/landing-screen.tsx'], namespaces: ['site'] },
  '/dashboard': {
    modules: ['src/app/layouts/app-layout.tsx', 'src/features/dashboard/components/dashboard-screen.tsx'],
    namespaces: ['push', 'dashboard'],
    signedInRequests: ['/api/stats/dashboard/', '/api/auth/profile/', '/api/auth/preferences/', '/api/seasons/gameweeks/', '/api/competitions/'],
    when: 'signed-in',
  },
};

/** `/` opens the dashboard with a stored token and the landing page without (RootRedirect). */
export const FIRST_SCREEN_ALIASES = { '/': ['/dashboard', '/home'] };
