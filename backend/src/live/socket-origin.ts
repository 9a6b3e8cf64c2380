import type { IncomingMessage } from 'node:http';

/**
 * Whether a Socket.IO handshake may come from this Origin. Browsers always send one, so a
 * foreign page's script (cross-site WebSocket hijacking) is refused; a handshake without the
 * header comes from a non-browser client, which a page cannot impersonate, and may pass (the
 * token check still applies).
 */
export function isAllowedSocketOrigin(origin: string | string[] | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  return allowedOrigins.includes(origin.replace(/\/$/, '').toLowerCase());
}

export const FOREIGN_ORIGIN_REFUSAL = 'origin not allowed';

/**
 * Engine.IO's `allowRequest`: the origin check at the transport's own handshake, so a foreign
 * Origin gets no session at all (a long-polling GET answers 403, a websocket upgrade 400) instead
 * of one that only the namespace refuses later. Requests carrying a session id belong to a
 * handshake that passed here.
 */
export function allowSocketHandshakeFrom(
  allowedOrigins: readonly string[],
): (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => void {
  return (req, callback) => {
    const allowed = isAllowedSocketOrigin(req.headers.origin, allowedOrigins);
    callback(allowed ? null : FOREIGN_ORIGIN_REFUSAL, allowed);
  };
}
