import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EMAIL_NOT_VERIFIED, type AuthProfile, type LoginResponse, type OtpPurpose } from '../../../contracts/src/api/auth';
import type { LanguageSetting } from '../../../contracts/src/api/preferences';
import type { UserPreferences } from '../../../contracts/src/api/preferences';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { OutboxService } from '../outbox/outbox.service';
import { User } from '../users/user.entity';
import { ChangePasswordDto, LoginDto, RegisterDto, ResetPasswordDto, UpdateProfileDto } from './dto/auth.dto';
import { UpdatePreferencesDto } from './dto/preferences.dto';
import { BackgroundWorkService } from './background-work.service';
import { EmailCodeService } from './email-code.service';
import { LoginThrottleService } from './login-throttle.service';
import { hashNeedsUpgrade, hashPassword, makeDummyHash, passwordMatches } from './password-hashing';
import { RefreshTokensService } from './refresh-tokens.service';
import { TokenUsersService } from './token-users.service';
import type { JwtPayload } from './jwt-payload';
import {
  changesSomething,
  PREFERENCE_COLUMNS,
  PreferencesRow,
  toUserPreferences,
  UPSERT_PREFERENCES_SQL,
  upsertPreferencesParams,
} from './preferences';

const INVALID_LOGIN = 'Invalid email or password.';
// Every failed code check says the same, whether the account exists, is verified already, or the
// code is wrong, expired, used or locked: the answer cannot tell an account's state.
const INVALID_CODE = 'Invalid verification code.';
const CODE_SENT = 'New verification code sent to your email!';
const RESET_SENT = 'If an account exists for that email, we have sent a 6-digit reset code to it.';
const NOT_VERIFIED = 'Please verify your email before signing in. We sent a new 6-digit code to your inbox.';

const invalidCode = () => new ApiError(HttpStatus.BAD_REQUEST, INVALID_CODE, { detail: INVALID_CODE });

export function toAuthProfile(user: User): AuthProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_admin: user.role === 'admin',
    completed_onboarding: user.onboardingCompletedAt !== null,
  };
}

/** A signed-in session: the answer's body and the refresh token for the cookie. */
export interface Session<T> {
  answer: T;
  refreshToken: string;
}

interface ExistingAccount {
  id: number;
  email: string;
  first_name: string;
  verified: boolean;
  language: LanguageSetting;
}

@Injectable()
export class AuthService implements OnModuleInit {
  /** Unknown emails are verified against this, so they cost what a wrong password costs. */
  private dummyHash = '';

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly jwt: JwtService,
    private readonly codes: EmailCodeService,
    private readonly outbox: OutboxService,
    private readonly memberships: AutomaticMembershipService,
    private readonly tokenUsers: TokenUsersService,
    private readonly throttle: LoginThrottleService,
    private readonly refreshTokens: RefreshTokensService,
    private readonly background: BackgroundWorkService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await makeDummyHash();
  }

  /** A short-lived access token (exp always set: JwtModule's expiresIn). */
  issueToken(user: Pick<User, 'id' | 'username' | 'tokenVersion'>): string {
    const payload: JwtPayload = { sub: user.id, tv: user.tokenVersion, username: user.username };
    return this.jwt.sign(payload);
  }

  private findByEmail(tx: EntityManager, email: string): Promise<User | null> {
    return tx.getRepository(User).findOne({ where: { email: email.toLowerCase() } });
  }

  /**
   * Sign-up answers the same whether or not the email has an account: an existing owner gets
   * "you already have an account" (or, unverified, a new code) and nothing is created or
   * changed. A username is public, so a taken one is said — unless it is that email's own
   * account's (the same sign-up sent again).
   */
  async register(dto: RegisterDto): Promise<{ email: string; username: string }> {
    if (dto.password !== dto.password_confirm) throw ApiError.field('password_confirm', 'Passwords do not match.');
    const answer = { email: dto.email, username: dto.username };
    const usernameTaken = async (): Promise<boolean> => {
      const [row]: { taken: boolean }[] = await this.db.query(
        `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1) AND email <> $2) AS taken`,
        [dto.username, dto.email],
      );
      return row.taken;
    };
    const usernameError = () => ApiError.field('username', 'A user with that username already exists.');
    if (await usernameTaken()) throw usernameError();

    // Hashed in both cases, so an existing email takes as long as a new one.
    const passwordHash = await hashPassword(dto.password);
    await this.throttle.claimCodeSlot(dto.email, 'email_verification');
    const existing = await this.existingAccount(dto.email);
    if (existing) {
      await this.answerRepeatedSignUp(existing);
      return answer;
    }
    try {
      await this.db.transaction(async (tx) => {
        const [row]: { id: number }[] = await tx.query(
          `INSERT INTO users (username, email, first_name, last_name, password_hash, role)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [dto.username, dto.email, dto.first_name, dto.last_name, passwordHash, this.env.adminEmails.includes(dto.email) ? 'admin' : 'user'],
        );
        const user = { id: row.id, email: dto.email, firstName: dto.first_name };
        await this.memberships.joinGlobal(tx, row.id);
        await this.outbox.publish(tx, 'user.registered', { userId: row.id, email: dto.email, username: dto.username });
        await this.codes.issue(tx, user, 'email_verification', { enforceCooldown: false });
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      // A sign-up racing this one took the email or the name: answer as if it had come first.
      if (await usernameTaken()) throw usernameError();
      const winner = await this.existingAccount(dto.email);
      if (!winner) throw usernameError();
      await this.answerRepeatedSignUp(winner);
    }
    return answer;
  }

  private async existingAccount(email: string): Promise<ExistingAccount | null> {
    const [row]: ExistingAccount[] = await this.db.query(
      `SELECT u.id, u.email, u.first_name, u.email_verified_at IS NOT NULL AS verified, coalesce(p.language, 'en') AS language
       FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.email = $1`,
      [email],
    );
    return row ?? null;
  }

  /** Verified: tell the owner (at most one such email per window). Unverified: a new code, cooldown allowing. */
  private async answerRepeatedSignUp(account: ExistingAccount): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (account.verified) {
        await this.outbox.publish(tx, 'account.exists', {
          userId: account.id,
          email: account.email,
          firstName: account.first_name,
          language: account.language,
        });
        return;
      }
      await this.issueCodeUnlessCooling(tx, { id: account.id, email: account.email, firstName: account.first_name }, 'email_verification');
    });
  }

  /** A new code unless one went out within the cooldown (that one is still valid and on its way). */
  private async issueCodeUnlessCooling(tx: EntityManager, user: { id: number; email: string; firstName: string }, purpose: OtpPurpose): Promise<void> {
    if ((await this.codes.cooldownSeconds(tx, user.id, purpose)) > 0) return;
    await this.codes.issue(tx, user, purpose, { enforceCooldown: false });
  }

  /**
   * Sign in. Unknown emails are checked against a dummy hash and count towards the same
   * per-email throttle, so neither the answer nor its timing says whether the account exists.
   * The right password to an unverified account sends a fresh code and answers 403
   * (detail EMAIL_NOT_VERIFIED) so the client opens the verify screen.
   */
  async login(dto: LoginDto): Promise<Session<LoginResponse>> {
    await this.throttle.assertMayTry(dto.email);
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: dto.email })
      .getOne();
    const matches = await passwordMatches(user?.passwordHash ?? this.dummyHash, dto.password);
    if (!user || !matches) {
      await this.throttle.recordFailure(dto.email);
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN, { detail: INVALID_LOGIN });
    }
    await this.throttle.reset(dto.email);
    if (hashNeedsUpgrade(user.passwordHash)) {
      // Made with older parameters: re-made now that we hold the password (unless it changed meanwhile).
      await this.db.query(`UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3`, [
        user.id,
        await hashPassword(dto.password),
        user.passwordHash,
      ]);
    }
    if (!user.emailVerifiedAt) {
      await this.db.transaction((tx) => this.issueCodeUnlessCooling(tx, user, 'email_verification'));
      throw new ApiError(HttpStatus.FORBIDDEN, NOT_VERIFIED, { detail: EMAIL_NOT_VERIFIED });
    }
    // ADMIN_EMAILS can change between deploys: keep the role in step at sign-in.
    const shouldBeAdmin = this.env.adminEmails.includes(user.email);
    if (shouldBeAdmin && user.role !== 'admin') {
      await this.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
      user.role = 'admin';
    }
    const refreshToken = await this.refreshTokens.issue(user.id);
    return { answer: { tokens: { access: this.issueToken(user) }, user: toAuthProfile(user) }, refreshToken };
  }

  /** A new access token for a refresh token, which is rotated. null: sign in again. */
  async refresh(presented: unknown): Promise<{ access: string; refreshToken?: string } | null> {
    const renewal = await this.refreshTokens.rotate(presented);
    if (!renewal.ok) return null;
    const user = await this.db.getRepository(User).findOneBy({ id: renewal.userId });
    if (!user) return null;
    return { access: this.issueToken(user), refreshToken: renewal.next };
  }

  signOut(presented: unknown): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(presented);
  }

  async verifyOtp(email: string, code: string, purpose: OtpPurpose): Promise<string> {
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, email);
      if (!user) return { error: invalidCode() };
      if (purpose === 'email_verification' && user.emailVerifiedAt) return { error: invalidCode() };
      const checked = await this.codes.check(tx, user.id, purpose, code);
      if (!checked.ok) return { error: invalidCode() };
      if (purpose === 'email_verification') {
        await this.codes.consume(tx, checked.codeId);
        await tx.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [user.id]);
        return { message: 'Email verified successfully! You can now sign in.' };
      }
      // A reset code is only checked here; reset-password consumes it.
      return { message: 'Code is valid. You can now choose a new password.' };
    });
    // Thrown after commit so a wrong attempt stays counted.
    if ('error' in outcome) throw outcome.error;
    return outcome.message;
  }

  /**
   * The same answer for every email: the cooldown is counted per email (known or not) and
   * whatever the account needs is done after the answer.
   */
  async resendOtp(email: string, purpose: OtpPurpose): Promise<string> {
    const wait = await this.throttle.claimCodeSlot(email, purpose);
    if (wait > 0) {
      const message = `Please wait ${wait} seconds before requesting a new code.`;
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { detail: message, retry_after_seconds: wait });
    }
    if (purpose === 'password_reset') return this.forgotPassword(email);
    this.background.run('resend verification code', () =>
      this.db.transaction(async (tx) => {
        const user = await this.findByEmail(tx, email);
        if (!user || user.emailVerifiedAt) return;
        await this.issueCodeUnlessCooling(tx, user, 'email_verification');
      }),
    );
    return CODE_SENT;
  }

  /** The same answer, at once, whether or not the email belongs to someone. */
  async forgotPassword(email: string): Promise<string> {
    this.background.run('password reset code', () =>
      this.db.transaction(async (tx) => {
        const user = await this.findByEmail(tx, email);
        if (!user) return;
        // During the cooldown the earlier code is still on its way: stay silent rather than leak.
        await this.issueCodeUnlessCooling(tx, user, 'password_reset');
      }),
    );
    return RESET_SENT;
  }

  async resetPassword(dto: ResetPasswordDto): Promise<string> {
    if (dto.new_password !== dto.new_password_confirm) throw ApiError.field('new_password_confirm', 'Passwords do not match.');
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, dto.email);
      if (!user) return { error: invalidCode() };
      const checked = await this.codes.check(tx, user.id, 'password_reset', dto.otp_code);
      if (!checked.ok) return { error: invalidCode() };
      // Hashed only once the code is right, so wrong guesses cost no argon2 work.
      const passwordHash = await hashPassword(dto.new_password);
      await this.codes.consume(tx, checked.codeId);
      // The code proves the email is theirs, so it also counts as verification.
      await tx.query(
        `UPDATE users SET password_hash = $2, token_version = token_version + 1,
                email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1`,
        [user.id, passwordHash],
      );
      await this.refreshTokens.revokeAllOf(user.id, tx);
      return { userId: user.id };
    });
    if ('error' in outcome) throw outcome.error;
    await this.tokenUsers.revoked(outcome.userId);
    await this.throttle.reset(dto.email);
    return 'Password has been reset successfully!';
  }

  /** Earlier tokens and sessions end; the caller gets a fresh session and stays signed in. */
  async changePassword(userId: number, dto: ChangePasswordDto): Promise<Session<string>> {
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: userId })
      .getOneOrFail();
    if (!(await passwordMatches(user.passwordHash, dto.current_password))) {
      throw ApiError.field('current_password', 'Your current password is incorrect.');
    }
    if (dto.new_password !== dto.new_password_confirm) throw ApiError.field('new_password_confirm', 'New passwords do not match!');
    const passwordHash = await hashPassword(dto.new_password);
    const { tokenVersion, refreshToken } = await this.db.transaction(async (tx) => {
      // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
      const [[row]]: [{ token_version: number }[], number] = await tx.query(
        `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
         WHERE id = $1 RETURNING token_version`,
        [userId, passwordHash],
      );
      await this.refreshTokens.revokeAllOf(userId, tx);
      return { tokenVersion: row.token_version, refreshToken: await this.refreshTokens.issue(userId, tx) };
    });
    await this.tokenUsers.revoked(userId);
    return { answer: this.issueToken({ id: user.id, username: user.username, tokenVersion }), refreshToken };
  }

  async profile(userId: number): Promise<AuthProfile> {
    return toAuthProfile(await this.db.getRepository(User).findOneByOrFail({ id: userId }));
  }

  async updateProfile(userId: number, dto: UpdateProfileDto): Promise<AuthProfile> {
    await this.db.query(`UPDATE users SET first_name = $2, last_name = $3, updated_at = now() WHERE id = $1`, [
      userId,
      dto.first_name,
      dto.last_name,
    ]);
    return this.profile(userId);
  }

  /** The user's settings; every default while they never saved any. */
  async preferences(userId: number): Promise<UserPreferences> {
    const [row]: PreferencesRow[] = await this.db.query(`SELECT ${PREFERENCE_COLUMNS} FROM user_preferences WHERE user_id = $1`, [userId]);
    return toUserPreferences(row);
  }

  /** Merges the sent fields into the stored ones (or the defaults) and answers the whole. */
  async updatePreferences(userId: number, dto: UpdatePreferencesDto): Promise<UserPreferences> {
    if (!changesSomething(dto)) return this.preferences(userId);
    try {
      const [row]: PreferencesRow[] = await this.db.query(UPSERT_PREFERENCES_SQL, upsertPreferencesParams(userId, dto));
      return toUserPreferences(row);
    } catch (error) {
      // The account was deleted after its token was checked: nobody left to save for.
      if ((error as { code?: string }).code === '23503') throw ApiError.unauthorized();
      throw error;
    }
  }
}
