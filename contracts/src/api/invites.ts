/**
 * Invite links (issue 13 §3). A private league's link is `/join/{code}`, a public league's
 * `/leagues/{id}/join`. The preview calls need no token (a signed-out visitor sees what they are
 * joining) and answer only what the link itself may reveal: the league's name, kind and member
 * count; never a member's name, and a private league's description stays with its members.
 *
 * Calls (under /api):
 *   GET  /invites/code/{code}/          → InvitePreview   (404 unknown code; 410 InviteReplacedError when the code was rotated)
 *   GET  /invites/league/{id}/          → InvitePreview   (public leagues only; 404 otherwise)
 *   POST /leagues/{id}/regenerate-code/ RegenerateCodeRequest → RegenerateCodeResult (owner; see leagues.ts)
 */

export interface InvitePreview {
  kind: 'private' | 'public';
  name: string;
  member_count: number;
  /** Public leagues only (a private league's id and description stay with its members). */
  league_id: number | null;
  description: string | null;
}

/** What the server knows about a link: the league it opens, or why it opens none. */
export type InviteLinkState = { state: 'active'; preview: InvitePreview } | { state: 'replaced' } | { state: 'unknown' };

/** What a link points at. */
export type InviteLinkTarget = { kind: 'code'; code: string } | { kind: 'league'; leagueId: number };

/** The `detail` of the 410 answered for a code its owner replaced, so the client can say so. */
export const INVITE_REPLACED = 'invite_replaced';

export const INVITE_REPLACED_MESSAGE = 'This invite link was replaced by the league owner. Ask them for the new link.';

/** The client paths of the links (also what the server answers with preview tags). */
export function privateInvitePath(code: string): string {
  return `/join/${encodeURIComponent(code)}`;
}

export function publicInvitePath(leagueId: number): string {
  return `/leagues/${leagueId}/join`;
}

/**
 * The owner's rotation. `replaces`: the code the owner's screen shows; when it was already
 * replaced (a double click, two tabs) the current code is answered and nothing rotates again.
 */
export interface RegenerateCodeRequest {
  replaces?: string;
}
