import type { DataSource, EntityManager } from 'typeorm';
import type { OtpPurpose } from '@scoreline/contracts/api/auth';
import type { UpdateUserPreferencesRequest } from '@scoreline/contracts/api/preferences';
import { upsertPreferencesParams, type PreferencesRow } from './preferences';

/**
 * The auth domain's data door: user_preferences, refresh_tokens and email_codes. (The users
 * table itself is the users domain's: auth reads and writes it through UsersService.)
 */
type Queryable = DataSource | EntityManager;

// ---- user_preferences ------------------------------------------------------------------------

export const PREFERENCE_COLUMNS = `theme, language, timezone, notify_gameweek_deadlines, notify_league_updates,
  notify_match_results, notify_weekly_digest, current_competition`;

/**
 * Insert-or-merge in one statement, so two devices saving different fields at once both keep
 * their change. $2–$8 are the sent values (NULL = not sent, keep what is there); $9–$15 the
 * contract's defaults for a first row, passed in so they are written down in one place only;
 * $16 whether current_competition was sent (null clears it, so NULL cannot mean "not sent"), $17 its value.
 */
export const UPSERT_PREFERENCES_SQL = `
  INSERT INTO user_preferences AS p (user_id, theme, language, timezone, notify_gameweek_deadlines,
                                     notify_league_updates, notify_match_results, notify_weekly_digest, current_competition)
  VALUES ($1, coalesce($2::varchar, $9::varchar), coalesce($3::varchar, $10::varchar), coalesce($4::varchar, $11::varchar),
          coalesce($5::boolean, $12::boolean), coalesce($6::boolean, $13::boolean),
          coalesce($7::boolean, $14::boolean), coalesce($8::boolean, $15::boolean), $17::varchar)
  ON CONFLICT (user_id) DO UPDATE SET
    theme = coalesce($2::varchar, p.theme),
    language = coalesce($3::varchar, p.language),
    timezone = coalesce($4::varchar, p.timezone),
    notify_gameweek_deadlines = coalesce($5::boolean, p.notify_gameweek_deadlines),
    notify_league_updates = coalesce($6::boolean, p.notify_league_updates),
    notify_match_results = coalesce($7::boolean, p.notify_match_results),
    notify_weekly_digest = coalesce($8::boolean, p.notify_weekly_digest),
    current_competition = CASE WHEN $16::boolean THEN $17::varchar ELSE p.current_competition END,
    updated_at = now()
  RETURNING ${PREFERENCE_COLUMNS}`;

export async function selectPreferences(q: Queryable, userId: number): Promise<PreferencesRow | undefined> {
  const [row]: PreferencesRow[] = await q.query(`SELECT ${PREFERENCE_COLUMNS} FROM user_preferences WHERE user_id = $1`, [userId]);
  return row;
}

/** The competition the user's screens show when a request names none; null: the default (or no row). */
export async function selectCurrentCompetition(q: Queryable, userId: number): Promise<string | null> {
  const [row]: { current_competition: string | null }[] = await q.query(`SELECT current_competition FROM user_preferences WHERE user_id = $1`, [userId]);
  return row?.current_competition ?? null;
}

/** The preferences with when they were last saved (the account export). */
export async function selectPreferencesWithUpdatedAt(q: Queryable, userId: number): Promise<(PreferencesRow & { updated_at: Date | string }) | undefined> {
  const [row]: (PreferencesRow & { updated_at: Date | string })[] = await q.query(
    `SELECT ${PREFERENCE_COLUMNS}, updated_at FROM user_preferences WHERE user_id = $1`,
    [userId],
  );
  return row;
}

export async function upsertPreferences(q: Queryable, userId: number, change: UpdateUserPreferencesRequest): Promise<PreferencesRow> {
  const [row]: PreferencesRow[] = await q.query(UPSERT_PREFERENCES_SQL, upsertPreferencesParams(userId, change));
  return row;
}

// ---- refresh_tokens --------------------------------------------------------------------------

export interface RefreshRow {
  id: string;
  user_id: number;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertRefreshToken(q: Queryable, userId: number, familyId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await q.query(`INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
    userId,
    familyId,
    tokenHash,
    expiresAt,
  ]);
}

/** The token's row, locked for its rotation. */
export async function selectRefreshTokenForUpdate(q: Queryable, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row]: RefreshRow[] = await q.query(
    `SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return row;
}

export async function markRefreshTokenUsed(q: Queryable, id: string): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [id]);
}

export async function revokeRefreshFamily(q: Queryable, familyId: string): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [familyId]);
}

/** Ends the family of the token with this hash (an unknown hash changes nothing). */
export async function revokeRefreshFamilyOfToken(q: Queryable, tokenHash: string): Promise<void> {
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
    [tokenHash],
  );
}

export async function revokeRefreshTokensOfUser(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
}

// ---- email_codes -----------------------------------------------------------------------------

export interface EmailCodeRow {
  id: number;
  code_hash: string;
  expires_at: Date;
  failed_attempts: number;
  consumed_at: Date | null;
  created_at: Date;
}

/** The newest code of a user and purpose (the only one that counts), locked when asked. */
export async function selectLatestEmailCode(q: Queryable, userId: number, purpose: OtpPurpose, lock: boolean): Promise<EmailCodeRow | null> {
  const rows: EmailCodeRow[] = await q.query(
    `SELECT id, code_hash, expires_at, failed_attempts, consumed_at, created_at FROM email_codes
     WHERE user_id = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId, purpose],
  );
  return rows[0] ?? null;
}

export async function insertEmailCode(q: Queryable, userId: number, purpose: OtpPurpose, codeHash: string, expiresAt: Date): Promise<number> {
  const [row]: { id: number }[] = await q.query(
    `INSERT INTO email_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, purpose, codeHash, expiresAt],
  );
  return row.id;
}

export async function countFailedEmailCodeAttempt(q: Queryable, codeId: number): Promise<void> {
  await q.query(`UPDATE email_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1`, [codeId]);
}

export async function consumeEmailCode(q: Queryable, codeId: number): Promise<void> {
  await q.query(`UPDATE email_codes SET consumed_at = now() WHERE id = $1`, [codeId]);
}
