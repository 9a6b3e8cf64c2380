/**
 * Render errors of the web client (issue 36 §2): when a screen crashes, its error screen reports
 * it once so the crash shows in the server's log instead of only on the fan's screen.
 *
 * - `POST /api/client-errors` (`ClientErrorReport`) → 204. Public (a bearer token, when valid,
 *   names the user in the log line); rate limited per address; unknown fields are refused.
 */

export interface ClientErrorReport {
  /** The error's message. */
  message: string;
  /** The path of the screen that crashed, without query string or hash (they may hold tokens). */
  route: string;
  /** The first lines of React's component stack, when known. */
  component_stack?: string;
  /** The browser's user agent. */
  user_agent?: string;
  /** Which build of the client was running, when known. */
  build?: string;
}

export const CLIENT_ERROR_MESSAGE_MAX = 500;
export const CLIENT_ERROR_ROUTE_MAX = 300;
export const CLIENT_ERROR_STACK_MAX = 2000;
export const CLIENT_ERROR_USER_AGENT_MAX = 400;
export const CLIENT_ERROR_BUILD_MAX = 100;
