import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  countUsers,
  deleteUser,
  grantAdminByEmail,
  lockUserRow,
  markOnboardingCompleted,
  selectCountryAndClub,
  selectOnboardingState,
  selectPasswordHashAndEmail,
  selectPasswordHashForUpdate,
  selectRoleAndTokenVersion,
  selectTokenVersion,
  selectTokenUser,
  selectUserRole,
  setCountryAndClub,
  type CountryAndClubRow,
  type TokenUserRow,
} from './users.queries';

export type { CountryAndClubRow, TokenUserRow } from './users.queries';

/** Reads about users that other modules need. */
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
}
