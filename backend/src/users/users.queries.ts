import { queryPrepared } from '../platform/database/database.queries';
import type { DataSource, EntityManager } from 'typeorm';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { User, type UserRole } from './user.entity';

/** Either the pool or an open transaction. */
type Queryable = DataSource | EntityManager;

/** How many accounts there are (demo fans and unverified sign-ups included). */
export async function countUsers(q: Queryable): Promise<number> {
  const [{ users }]: { users: number }[] = await q.query(`SELECT count(*)::int AS users FROM users`);
  return users;
}

/** What an access token is checked against: the user's name and current token version. */
export interface TokenUserRow {
  id: number;
  username: string;
  token_version: number;
}

export async function selectTokenUser(q: Queryable, userId: number): Promise<TokenUserRow | null> {
  // Prepared, outside TypeORM's query path: asked by nearly every signed-in request (a fan seen
  // more than TokenUsersService's few seconds ago), a prediction save's among them.
  const [row] = await queryPrepared<TokenUserRow>(q, 'token_user', `SELECT id, username, token_version FROM users WHERE id = $1`, [userId]);
  return row ?? null;
}

/** The user's role, read fresh (never cached: granting or withdrawing it counts at once); null when no such user. */
export async function selectUserRole(q: Queryable, userId: number): Promise<UserRole | null> {
  const [row]: { role: UserRole }[] = await q.query(`SELECT role FROM users WHERE id = $1`, [userId]);
  return row?.role ?? null;
}

// ---- Sign-up, sign-in and credentials (auth) -------------------------------------------------

/**
 * The account a code may be sent to or checked for (the entity, without its password hash).
 * Demo fans count as no account: they have no address that takes mail and nobody who could
 * read a code.
 */
export function findUserByEmail(q: Queryable, email: string): Promise<User | null> {
  return q.getRepository(User).findOne({ where: { email: email.toLowerCase(), isDemo: false } });
}

export function findUserById(q: Queryable, userId: number): Promise<User | null> {
  return q.getRepository(User).findOneBy({ id: userId });
}

export function findUserByIdOrFail(q: Queryable, userId: number): Promise<User> {
  return q.getRepository(User).findOneByOrFail({ id: userId });
}

/** The user with their password hash (not selected by default). */
function withPasswordHash(q: Queryable) {
  return q.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash');
}

export function findUserWithHashByEmail(q: Queryable, email: string): Promise<User | null> {
  return withPasswordHash(q).where('u.email = :email', { email }).getOne();
}

export function findUserWithHashById(q: Queryable, userId: number): Promise<User> {
  return withPasswordHash(q).where('u.id = :id', { id: userId }).getOneOrFail();
}

/** True when another account (not this email's) holds the username, case-insensitively. */
export async function usernameTakenByOther(q: Queryable, username: string, email: string): Promise<boolean> {
  const [row]: { taken: boolean }[] = await q.query(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1) AND email <> $2) AS taken`,
    [username, email],
  );
  return row.taken;
}

/** What a repeated sign-up needs to know about the email's account. */
export interface ExistingAccountRow {
  id: number;
  email: string;
  first_name: string;
  verified: boolean;
  language: LanguageSetting;
  is_demo: boolean;
}

export async function selectExistingAccount(q: Queryable, email: string): Promise<ExistingAccountRow | null> {
  const [row]: ExistingAccountRow[] = await q.query(
    `SELECT u.id, u.email, u.first_name, u.email_verified_at IS NOT NULL AS verified, coalesce(p.language, 'en') AS language, u.is_demo
     FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.email = $1`,
    [email],
  );
  return row ?? null;
}

export async function insertUser(
  q: Queryable,
  user: { username: string; email: string; firstName: string; lastName: string; passwordHash: string; role: UserRole },
): Promise<number> {
  const [row]: { id: number }[] = await q.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, role)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [user.username, user.email, user.firstName, user.lastName, user.passwordHash, user.role],
  );
  return row.id;
}

/** A re-made hash of the same password, unless the password changed meanwhile. */
export async function upgradePasswordHash(q: Queryable, userId: number, newHash: string, oldHash: string): Promise<void> {
  await q.query(`UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3`, [userId, newHash, oldHash]);
}

export async function makeAdmin(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [userId]);
}

export async function markEmailVerified(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [userId]);
}

/** A reset by email code: new password, older tokens end, and the email counts as verified. */
export async function resetPassword(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1,
            email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1`,
    [userId, passwordHash],
  );
}

/** A new password; older tokens end. Answers the new token version. */
export async function changePassword(q: Queryable, userId: number, passwordHash: string): Promise<number> {
  // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
  const [[row]]: [{ token_version: number }[], number] = await q.query(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
     WHERE id = $1 RETURNING token_version`,
    [userId, passwordHash],
  );
  return row.token_version;
}

export async function updateName(q: Queryable, userId: number, firstName: string, lastName: string): Promise<void> {
  await q.query(`UPDATE users SET first_name = $2, last_name = $3, updated_at = now() WHERE id = $1`, [userId, firstName, lastName]);
}

/** Serialises code issuing per user: two simultaneous resends cannot both pass the cooldown. */
export async function lockUserRow(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
}

// ---- Onboarding ------------------------------------------------------------------------------

export async function selectOnboardingState(q: Queryable, userId: number): Promise<{ done: boolean; has_preferences: boolean } | undefined> {
  const [row]: { done: boolean; has_preferences: boolean }[] = await q.query(
    `SELECT onboarding_completed_at IS NOT NULL AS done, (country_id IS NOT NULL AND club_id IS NOT NULL) AS has_preferences
     FROM users WHERE id = $1`,
    [userId],
  );
  return row;
}

export interface CountryAndClubRow {
  country_id: number | null;
  country_name: string | null;
  flag: string | null;
  club_id: number | null;
  club_name: string | null;
}

/** The user's country and club, with their names. */
export async function selectCountryAndClub(q: Queryable, userId: number): Promise<CountryAndClubRow | undefined> {
  const [row]: CountryAndClubRow[] = await q.query(
    `SELECT co.id AS country_id, co.name AS country_name, co.flag, cl.id AS club_id, cl.name AS club_name
     FROM users u LEFT JOIN countries co ON co.id = u.country_id LEFT JOIN clubs cl ON cl.id = u.club_id
     WHERE u.id = $1`,
    [userId],
  );
  return row;
}

/** Stores the user's country and club; the first time also completes onboarding. */
export async function setCountryAndClub(q: Queryable, userId: number, countryId: number, clubId: number): Promise<void> {
  await q.query(
    `UPDATE users SET country_id = $2, club_id = $3, onboarding_completed_at = coalesce(onboarding_completed_at, now()),
            updated_at = now() WHERE id = $1`,
    [userId, countryId, clubId],
  );
}

export async function markOnboardingCompleted(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE users SET onboarding_completed_at = coalesce(onboarding_completed_at, now()) WHERE id = $1`, [userId]);
}

// ---- Queue board and ops ---------------------------------------------------------------------

export async function selectTokenVersion(q: Queryable, userId: number): Promise<{ token_version: number } | undefined> {
  const [row]: { token_version: number }[] = await q.query(`SELECT token_version FROM users WHERE id = $1`, [userId]);
  return row;
}

export async function selectRoleAndTokenVersion(q: Queryable, userId: number): Promise<{ role: string; token_version: number } | null> {
  const [row]: { role: string; token_version: number }[] = await q.query(`SELECT role, token_version FROM users WHERE id = $1`, [userId]);
  return row ?? null;
}

/** Makes the user with this email an admin; answers the user and the role they had before (null: no such user). */
export async function grantAdminByEmail(
  q: Queryable,
  email: string,
): Promise<{ id: number; username: string; email: string; previous_role: string } | null> {
  const rows: { id: number; username: string; email: string; previous_role: string }[] = await q.query(
    // As a CTE: TypeORM answers a bare UPDATE with [rows, count] instead of the rows. The row is
    // locked first so that the role read as "before" is the one the UPDATE replaced.
    `WITH before AS (SELECT id, role FROM users WHERE email = lower($1) FOR UPDATE),
     granted AS (UPDATE users u SET role = 'admin', updated_at = now() FROM before b WHERE u.id = b.id RETURNING u.id, u.username, u.email, b.role AS previous_role)
     SELECT id, username, email, previous_role FROM granted`,
    [email],
  );
  return rows[0] ?? null;
}

// ---- Account deletion ------------------------------------------------------------------------

export async function selectPasswordHashAndEmail(q: Queryable, userId: number): Promise<{ password_hash: string; email: string } | undefined> {
  const [row]: { password_hash: string; email: string }[] = await q.query(`SELECT password_hash, email FROM users WHERE id = $1`, [userId]);
  return row;
}

export async function selectPasswordHashForUpdate(q: Queryable, userId: number): Promise<{ password_hash: string } | undefined> {
  const [row]: { password_hash: string }[] = await q.query(`SELECT password_hash FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  return row;
}

/** Cascades: email codes, predictions, totals, preferences, notification deliveries, join requests. */
export async function deleteUser(q: Queryable, userId: number): Promise<void> {
  await q.query(`DELETE FROM users WHERE id = $1`, [userId]);
}
