import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { User, UserRole } from './user.entity';
import {
  changePassword,
  countUsers,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByIdOrFail,
  findUserWithHashByEmail,
  findUserWithHashById,
  grantAdminByEmail,
  insertUser,
  lockUserRow,
  makeAdmin,
  markEmailVerified,
  markOnboardingCompleted,
  resetPassword,
  selectCountryAndClub,
  selectExistingAccount,
  selectOnboardingState,
  selectPasswordHashAndEmail,
  selectPasswordHashForUpdate,
  selectRoleAndTokenVersion,
  selectTokenVersion,
  selectTokenUser,
  selectUserRole,
  setCountryAndClub,
  updateName,
  upgradePasswordHash,
  usernameTakenByOther,
  type CountryAndClubRow,
  type ExistingAccountRow,
  type TokenUserRow,
} from './users.queries';

export type { CountryAndClubRow, ExistingAccountRow, TokenUserRow } from './users.queries';

/** The users table as other modules read and write it: only this domain's queries touch it. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async isAdmin(userId: number): Promise<boolean> {
    return (await selectUserRole(this.db, userId)) === 'admin';
  }

  /** The user's token version (a password change or reset moves it), undefined when gone. */
  async tokenVersion(userId: number): Promise<number | undefined> {
    return (await selectTokenVersion(this.db, userId))?.token_version;
  }

  /** The user's role and token version (the queue board's session check), null when gone. */
  roleAndTokenVersion(userId: number): Promise<{ role: string; token_version: number } | null> {
    return selectRoleAndTokenVersion(this.db, userId);
  }

  /** How many accounts there are. */
  count(): Promise<number> {
    return countUsers(this.db);
  }

  /** What a request's token is checked against (auth): the user's name, role and token version; null when gone. */
  tokenUser(userId: number): Promise<TokenUserRow | null> {
    return selectTokenUser(this.db, userId);
  }

  /** The user's row locked in the caller's transaction: serialises what is done per user (issuing email codes). */
  lockRow(tx: EntityManager, userId: number): Promise<void> {
    return lockUserRow(tx, userId);
  }

  /** Makes the user with that address an admin (ops); answers the role before, or null when there is no such user. */
  grantAdminByEmail(tx: EntityManager, email: string): Promise<{ id: number; username: string; email: string; previous_role: string } | null> {
    return grantAdminByEmail(tx, email);
  }

  /** Onboarding: whether it is completed and whether the user has saved preferences. */
  onboardingState(userId: number): Promise<{ done: boolean; has_preferences: boolean } | undefined> {
    return selectOnboardingState(this.db, userId);
  }

  /** Onboarding: the user's country and club. */
  countryAndClub(userId: number): Promise<CountryAndClubRow | undefined> {
    return selectCountryAndClub(this.db, userId);
  }

  /** Onboarding: sets the user's country and club in the caller's transaction. */
  setCountryAndClub(tx: EntityManager, userId: number, countryId: number, clubId: number): Promise<void> {
    return setCountryAndClub(tx, userId, countryId, clubId);
  }

  /** Onboarding: marks it completed in the caller's transaction. */
  markOnboardingCompleted(tx: EntityManager, userId: number): Promise<void> {
    return markOnboardingCompleted(tx, userId);
  }

  /** Account deletion: the password hash to check the given password against, and the address. */
  passwordHashAndEmail(userId: number): Promise<{ password_hash: string; email: string } | undefined> {
    return selectPasswordHashAndEmail(this.db, userId);
  }

  /** Account deletion: the user's row locked in the deletion's transaction, with its password hash. */
  lockPasswordHash(tx: EntityManager, userId: number): Promise<{ password_hash: string } | undefined> {
    return selectPasswordHashForUpdate(tx, userId);
  }

  /** Account deletion, last step. Cascades: email codes, predictions, totals, preferences, notification deliveries, join requests, push subscriptions (and their deliveries). */
  remove(tx: EntityManager, userId: number): Promise<void> {
    return deleteUser(tx, userId);
  }

  // ---- Sign-up, sign-in and credentials (auth) -----------------------------------------------

  /** The user, or null when gone. */
  findById(userId: number): Promise<User | null> {
    return findUserById(this.db, userId);
  }

  /** The user; throws TypeORM's EntityNotFoundError when gone. */
  findByIdOrFail(userId: number): Promise<User> {
    return findUserByIdOrFail(this.db, userId);
  }

  /** Sign-in: the user with their password hash (not selected by default), null when no account has the address. */
  findWithPasswordHashByEmail(email: string): Promise<User | null> {
    return findUserWithHashByEmail(this.db, email);
  }

  /** Password change: the user with their password hash; throws when gone. */
  findWithPasswordHashById(userId: number): Promise<User> {
    return findUserWithHashById(this.db, userId);
  }

  /**
   * The account an email code may be sent to or checked for, read in the caller's transaction;
   * null for no account and for a demo fan (no address that takes mail).
   */
  findCodeRecipientByEmail(tx: EntityManager, email: string): Promise<User | null> {
    return findUserByEmail(tx, email);
  }

  /** Sign-up: true when another account (not this email's) holds the username, case-insensitively. */
  usernameTakenByOther(username: string, email: string): Promise<boolean> {
    return usernameTakenByOther(this.db, username, email);
  }

  /** Sign-up: what a repeated sign-up needs to know about the email's account (demo fans included), null when none. */
  existingAccount(email: string): Promise<ExistingAccountRow | null> {
    return selectExistingAccount(this.db, email);
  }

  /** Sign-up: a new unverified account in the caller's transaction; answers its id (a taken email or name throws 23505). */
  create(
    tx: EntityManager,
    user: { username: string; email: string; firstName: string; lastName: string; passwordHash: string; role: UserRole },
  ): Promise<number> {
    return insertUser(tx, user);
  }

  /** Sign-in: a re-made hash of the same password, unless the password changed meanwhile. */
  upgradePasswordHash(userId: number, newHash: string, oldHash: string): Promise<void> {
    return upgradePasswordHash(this.db, userId, newHash, oldHash);
  }

  /** Sign-in: the role an ADMIN_EMAILS address should have. */
  makeAdmin(userId: number): Promise<void> {
    return makeAdmin(this.db, userId);
  }

  /** The sign-up code was right: the address is the user's, in the caller's transaction. */
  markEmailVerified(tx: EntityManager, userId: number): Promise<void> {
    return markEmailVerified(tx, userId);
  }

  /** A reset by email code, in the caller's transaction: new password, older tokens end, the email counts as verified. */
  resetPassword(tx: EntityManager, userId: number, passwordHash: string): Promise<void> {
    return resetPassword(tx, userId, passwordHash);
  }

  /** A new password in the caller's transaction; older tokens end. Answers the new token version. */
  changePassword(tx: EntityManager, userId: number, passwordHash: string): Promise<number> {
    return changePassword(tx, userId, passwordHash);
  }

  updateName(userId: number, firstName: string, lastName: string): Promise<void> {
    return updateName(this.db, userId, firstName, lastName);
  }
}
