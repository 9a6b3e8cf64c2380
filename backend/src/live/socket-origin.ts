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
