import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EMAIL_NOT_VERIFIED, type AuthProfile, type LoginResponse, type OtpPurpose } from '@scoreline/contracts/api/auth';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { CompetitionsService } from '../competitions/competitions.service';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { OutboxService } from '../platform/outbox/outbox.service';
import { User } from '../users/user.entity';
import { UsersService, type ExistingAccountRow } from '../users/users.service';
import { ChangePasswordDto, LoginDto, RegisterDto, ResetPasswordDto, UpdateProfileDto } from './dto/auth.dto';
import { UpdatePreferencesDto } from './dto/preferences.dto';
import { BackgroundWorkService } from './background-work.service';
import { EmailCodeService } from './email-code.service';
import { LoginThrottleService } from './login-throttle.service';
import { hashNeedsUpgrade, hashPassword, isUsablePasswordHash, makeDummyHash, passwordMatches } from './password-hashing';
import { RefreshTokensService } from './refresh-tokens.service';
import { TokenUsersService } from './token-users.service';
import type { JwtPayload } from '../platform/request-auth/jwt-payload';
import { changesSomething, toUserPreferences } from './preferences';
import { selectPreferences, upsertPreferences } from './auth.queries';

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
    private readonly competitions: CompetitionsService,
    private readonly users: UsersService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await makeDummyHash();
  }

  /** A short-lived access token (exp always set: JwtModule's expiresIn). */
  issueToken(user: Pick<User, 'id' | 'username' | 'tokenVersion'>): string {
    const payload: JwtPayload = { sub: user.id, tv: user.tokenVersion, username: user.username };
    return this.jwt.sign(payload);
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
    const usernameTaken = (): Promise<boolean> => this.users.usernameTakenByOther(dto.username, dto.email);
    const usernameError = () => ApiError.field('username', 'A user with that username already exists.');
    if (await usernameTaken()) throw usernameError();

    // Hashed in both cases, so an existing email takes as long as a new one.
    const passwordHash = await hashPassword(dto.password);
    await this.throttle.claimCodeSlot(dto.email, 'email_verification');
    const existing = await this.users.existingAccount(dto.email);
    if (existing) {
      await this.answerRepeatedSignUp(existing);
      return answer;
    }
    try {
      await this.db.transaction(async (tx) => {
        const id = await this.users.create(tx, {
          username: dto.username,
          email: dto.email,
          firstName: dto.first_name,
          lastName: dto.last_name,
          passwordHash,
          role: this.env.adminEmails.includes(dto.email) ? 'admin' : 'user',
        });
        const user = { id, email: dto.email, firstName: dto.first_name };
        await this.outbox.publish(tx, 'user.registered', { userId: id, email: dto.email, username: dto.username });
        await this.codes.issue(tx, user, 'email_verification', { enforceCooldown: false });
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      // A sign-up racing this one took the email or the name: answer as if it had come first.
      if (await usernameTaken()) throw usernameError();
      const winner = await this.users.existingAccount(dto.email);
      if (!winner) throw usernameError();
      await this.answerRepeatedSignUp(winner);
    }
    return answer;
  }

  /** Verified: tell the owner (at most one such email per window). Unverified: a new code, cooldown allowing. */
  private async answerRepeatedSignUp(account: ExistingAccountRow): Promise<void> {
    // A demo fan's address takes no mail: the same answer, and nothing sent.
    if (account.is_demo) return;
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
    // Counted before the check, so every attempt that reaches the password was counted.
    await this.throttle.claimAttempt(dto.email);
    const user = await this.users.findWithPasswordHashByEmail(dto.email);
    // No account, or one without a password (a demo fan): checked against the dummy hash, so it
    // answers as a wrong password does, in the same time.
    const stored = user?.passwordHash;
    const matches = await passwordMatches(isUsablePasswordHash(stored) ? stored : this.dummyHash, dto.password);
    if (!user || !matches || !isUsablePasswordHash(stored)) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN, { detail: INVALID_LOGIN });
    }
    await this.throttle.reset(dto.email);
    if (hashNeedsUpgrade(user.passwordHash)) {
      // Made with older parameters: re-made now that we hold the password (unless it changed meanwhile).
      await this.users.upgradePasswordHash(user.id, await hashPassword(dto.password), user.passwordHash);
    }
    if (!user.emailVerifiedAt) {
      await this.db.transaction((tx) => this.issueCodeUnlessCooling(tx, user, 'email_verification'));
      throw new ApiError(HttpStatus.FORBIDDEN, NOT_VERIFIED, { detail: EMAIL_NOT_VERIFIED });
    }
    // ADMIN_EMAILS can change between deploys: keep the role in step at sign-in.
    const shouldBeAdmin = this.env.adminEmails.includes(user.email);
    if (shouldBeAdmin && user.role !== 'admin') {
      await this.users.makeAdmin(user.id);
      user.role = 'admin';
    }
    const refreshToken = await this.refreshTokens.issue(user.id);
    return { answer: { tokens: { access: this.issueToken(user) }, user: toAuthProfile(user) }, refreshToken };
  }

  /** A new access token for a refresh token, which is rotated. null: sign in again. */
  async refresh(presented: unknown): Promise<{ access: string; refreshToken?: string } | null> {
    const renewal = await this.refreshTokens.rotate(presented);
    if (!renewal.ok) return null;
    const user = await this.users.findById(renewal.userId);
    if (!user) return null;
    return { access: this.issueToken(user), refreshToken: renewal.next };
  }

  signOut(presented: unknown): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(presented);
  }

  async verifyOtp(email: string, code: string, purpose: OtpPurpose): Promise<string> {
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.users.findCodeRecipientByEmail(tx, email);
      if (!user) return { error: invalidCode() };
      if (purpose === 'email_verification' && user.emailVerifiedAt) return { error: invalidCode() };
      const checked = await this.codes.check(tx, user.id, purpose, code);
      if (!checked.ok) return { error: invalidCode() };
      if (purpose === 'email_verification') {
        await this.codes.consume(tx, checked.codeId);
        await this.users.markEmailVerified(tx, user.id);
        // A fan joins the global league once their address is theirs: an unverified sign-up (an
        // abandoned one, or someone else's address) never shows its name to every player.
        await this.memberships.joinGlobal(tx, user.id);
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
        const user = await this.users.findCodeRecipientByEmail(tx, email);
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
        const user = await this.users.findCodeRecipientByEmail(tx, email);
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
      const user = await this.users.findCodeRecipientByEmail(tx, dto.email);
      if (!user) return { error: invalidCode() };
      const checked = await this.codes.check(tx, user.id, 'password_reset', dto.otp_code);
      if (!checked.ok) return { error: invalidCode() };
      // Hashed only once the code is right, so wrong guesses cost no argon2 work.
      const passwordHash = await hashPassword(dto.new_password);
      await this.codes.consume(tx, checked.codeId);
      // The code proves the email is theirs, so it also counts as verification: a fan verified
      // this way joins the global league, as one verified by the sign-up code does.
      await this.users.resetPassword(tx, user.id, passwordHash);
      if (!user.emailVerifiedAt) await this.memberships.joinGlobal(tx, user.id);
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
    const user = await this.users.findWithPasswordHashById(userId);
    if (!(await passwordMatches(user.passwordHash, dto.current_password))) {
      throw ApiError.field('current_password', 'Your current password is incorrect.');
    }
    if (dto.new_password !== dto.new_password_confirm) throw ApiError.field('new_password_confirm', 'New passwords do not match!');
    const passwordHash = await hashPassword(dto.new_password);
    const { tokenVersion, refreshToken } = await this.db.transaction(async (tx) => {
      const tokenVersion = await this.users.changePassword(tx, userId, passwordHash);
      await this.refreshTokens.revokeAllOf(userId, tx);
      return { tokenVersion, refreshToken: await this.refreshTokens.issue(userId, tx) };
    });
    await this.tokenUsers.revoked(userId);
    return { answer: this.issueToken({ id: user.id, username: user.username, tokenVersion }), refreshToken };
  }

  async profile(userId: number): Promise<AuthProfile> {
    return toAuthProfile(await this.users.findByIdOrFail(userId));
  }

  async updateProfile(userId: number, dto: UpdateProfileDto): Promise<AuthProfile> {
    await this.users.updateName(userId, dto.first_name, dto.last_name);
    return this.profile(userId);
  }

  /** The user's settings; every default while they never saved any. */
  async preferences(userId: number): Promise<UserPreferences> {
    return toUserPreferences(await selectPreferences(this.db, userId));
  }

  /** Merges the sent fields into the stored ones (or the defaults) and answers the whole. */
  async updatePreferences(userId: number, dto: UpdatePreferencesDto): Promise<UserPreferences> {
    if (!changesSomething(dto)) return this.preferences(userId);
    if (typeof dto.current_competition === 'string' && !(await this.competitions.playsActive(userId, dto.current_competition))) {
      throw ApiError.field('current_competition', 'Choose a competition you play that is being played.');
    }
    try {
      return toUserPreferences(await upsertPreferences(this.db, userId, dto));
    } catch (error) {
      // The account was deleted after its token was checked: nobody left to save for.
      if ((error as { code?: string }).code === '23503') throw ApiError.unauthorized();
      throw error;
    }
  }
}
