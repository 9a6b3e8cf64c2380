import {
  INVITE_CODE_LENGTH,
  JOIN_MESSAGE_MAX,
  LEAGUE_MAX_MEMBERS_MAX,
  LEAGUE_MAX_MEMBERS_MIN,
  type CreateLeagueRequest,
  type JoinLeagueRequest,
  type UserLeagueKind,
} from '@scoreline/contracts/api/leagues';

// The validation errors are keys of the 'leagues' namespace; show them with t(error, FORM_ERROR_PARAMS).
export const LEAGUE_NAME_REQUIRED = 'forms.nameRequired';
export const MAX_MEMBERS_RANGE = 'forms.maxMembersRange';
export const INVITE_CODE_REQUIRED = 'forms.codeRequired';
export const LEAGUE_ID_REQUIRED = 'forms.idRequired';
export const JOIN_MESSAGE_TOO_LONG = 'forms.messageTooLong';

export type LeagueFormError =
  | typeof LEAGUE_NAME_REQUIRED
  | typeof MAX_MEMBERS_RANGE
  | typeof INVITE_CODE_REQUIRED
  | typeof LEAGUE_ID_REQUIRED
  | typeof JOIN_MESSAGE_TOO_LONG;

/** The values the error texts interpolate. */
export const FORM_ERROR_PARAMS = { min: LEAGUE_MAX_MEMBERS_MIN, max: LEAGUE_MAX_MEMBERS_MAX, maxChars: JOIN_MESSAGE_MAX };

/** A form's error: a validation key (translated at render) or a server's text (shown as-is). */
export type FormError = { key: LeagueFormError } | { text: string };

export interface CreateLeagueForm {
  name: string;
  description: string;
  type: UserLeagueKind;
  /** As typed; blank means "no limit given". */
  maxMembers: string;
}

export type FormCheck<T> = { ok: true; body: T } | { ok: false; error: LeagueFormError };

/**
 * Name required; max members (private only) a whole number 2–1000, sent only for a private
 * league and only when filled.
 */
export function buildCreateLeagueBody(form: CreateLeagueForm): FormCheck<CreateLeagueRequest> {
  const name = form.name.trim();
  if (!name) return { ok: false, error: LEAGUE_NAME_REQUIRED };
  const body: CreateLeagueRequest = { name, type: form.type, description: form.description.trim() };
  if (form.type === 'private') {
    const raw = form.maxMembers.trim();
    if (raw !== '') {
      if (!/^\d+$/.test(raw)) return { ok: false, error: MAX_MEMBERS_RANGE };
      const value = Number(raw);
      if (value < LEAGUE_MAX_MEMBERS_MIN || value > LEAGUE_MAX_MEMBERS_MAX) return { ok: false, error: MAX_MEMBERS_RANGE };
      body.max_members = value;
    }
  }
  return { ok: true, body };
}

export interface JoinLeagueForm {
  type: UserLeagueKind;
  code: string;
  message: string;
  leagueId: string;
}

/** What the invite-code input keeps: no spaces, upper case, at most 8 characters (a pasted code with spaces fits). */
export function normalizeInviteCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase().slice(0, INVITE_CODE_LENGTH);
}

/**
 * Private: a non-empty code (trimmed, upper-cased, ≤ 8) and an optional message (≤ 200).
 * Public: a numeric league ID.
 */
export function buildJoinLeagueBody(form: JoinLeagueForm): FormCheck<JoinLeagueRequest> {
  if (form.type === 'private') {
    const code = form.code.trim().toUpperCase();
    if (!code) return { ok: false, error: INVITE_CODE_REQUIRED };
    const message = form.message.trim();
    if (message.length > JOIN_MESSAGE_MAX) return { ok: false, error: JOIN_MESSAGE_TOO_LONG };
    const body: JoinLeagueRequest = { type: 'private', code: code.slice(0, INVITE_CODE_LENGTH) };
    if (message) body.message = message;
    return { ok: true, body };
  }
  const id = form.leagueId.trim();
  if (!/^\d+$/.test(id) || Number(id) < 1) return { ok: false, error: LEAGUE_ID_REQUIRED };
  return { ok: true, body: { type: 'public', league_id: Number(id) } };
}
