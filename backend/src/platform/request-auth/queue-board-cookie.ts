/** Where the board lives; its session cookie is scoped to this path and sent nowhere else. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';
export const QUEUE_BOARD_COOKIE = 'scoreline_queue_board';
/** Short: the cookie only opens a page; the admin asks for a new one when it lapses. */
export const QUEUE_BOARD_SESSION_SECONDS = 15 * 60;

/**
 * The Set-Cookie value of a board session: HttpOnly (no script reads it), SameSite=Strict (no
 * other site can make the browser send it), Path-scoped to the board, Secure outside development.
 */
export function queueBoardCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [
    `${QUEUE_BOARD_COOKIE}=${token}`,
    `Path=${QUEUE_BOARD_PATH}`,
    `Max-Age=${opts.maxAgeSeconds ?? QUEUE_BOARD_SESSION_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}
