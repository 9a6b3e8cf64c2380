import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import argon2 from 'argon2';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthProfile, LoginResponse, OtpPurpose } from '../../../contracts/src/api/auth';
import type { UserPreferences } from '../../../contracts/src/api/preferences';
import { ApiError } from '../common/api-error';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { OutboxService } from '../outbox/outbox.service';
import { User } from '../users/user.entity';
import { ChangePasswordDto, LoginDto, RegisterDto, ResetPasswordDto, UpdateProfileDto } from './dto/auth.dto';
import { UpdatePreferencesDto } from './dto/preferences.dto';
import { EmailCodeService } from './email-code.service';
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
const ALREADY_VERIFIED = 'This email is already verified. Please sign in.';

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

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_ENV) private readonly env: AppEnv,
    private readonly jwt: JwtService,
    private readonly codes: EmailCodeService,
    private readonly outbox: OutboxService,
    private readonly memberships: AutomaticMembershipService,
    private readonly tokenUsers: TokenUsersService,
  ) {}

  private hashPassword(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  private issueToken(user: Pick<User, 'id' | 'username' | 'tokenVersion'>): string {
    const payload: JwtPayload = { sub: user.id, tv: user.tokenVersion, username: user.username };
    return this.jwt.sign(payload);
  }

  private findByEmail(tx: EntityManager, email: string): Promise<User | null> {
    return tx.getRepository(User).findOne({ where: { email: email.toLowerCase() } });
  }

  async register(dto: RegisterDto): Promise<{ email: string; username: string }> {
    if (dto.password !== dto.password_confirm) throw ApiError.field('password_confirm', 'Passwords do not match.');
    const errors: Record<string, string[]> = {};
    const taken: { username_taken: boolean; email_taken: boolean }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username_taken,
              EXISTS (SELECT 1 FROM users WHERE email = $2) AS email_taken`,
      [dto.username, dto.email],
    );
    if (taken[0].username_taken) errors.username = ['A user with that username already exists.'];
    if (taken[0].email_taken) errors.email = ['A user with that email already exists.'];
    if (Object.keys(errors).length > 0) throw ApiError.badRequest(Object.values(errors)[0][0], errors);

    const passwordHash = await this.hashPassword(dto.password);
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
      // Two sign-ups racing for the same name: the unique index decides, same answer.
      if ((error as { code?: string }).code === '23505') {
        const constraint = (error as { constraint?: string }).constraint ?? '';
        const field = constraint.includes('email') ? 'email' : 'username';
        throw ApiError.field(field, `A user with that ${field} already exists.`);
      }
      throw error;
    }
    return { email: dto.email, username: dto.username };
  }

  async login(dto: LoginDto): Promise<LoginResponse> {
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: dto.email })
      .getOne();
    // Verify against a hash even for unknown emails would equalise timing; the message is the same either way.
    if (!user || !(await argon2.verify(user.passwordHash, dto.password).catch(() => false))) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN, { detail: INVALID_LOGIN });
    }
    if (!user.emailVerifiedAt) {
      const message = 'Please verify your email before signing in. Check your inbox for the 6-digit code.';
      throw new ApiError(HttpStatus.FORBIDDEN, message, { detail: message });
    }
    // ADMIN_EMAILS can change between deploys: keep the role in step at sign-in.
    const shouldBeAdmin = this.env.adminEmails.includes(user.email);
    if (shouldBeAdmin && user.role !== 'admin') {
      await this.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
      user.role = 'admin';
    }
    return { tokens: { access: this.issueToken(user) }, user: toAuthProfile(user) };
  }

  async verifyOtp(email: string, code: string, purpose: OtpPurpose): Promise<string> {
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, email);
      if (!user) return { error: new ApiError(HttpStatus.BAD_REQUEST, 'Invalid verification code.', { detail: 'Invalid verification code.' }) };
      if (purpose === 'email_verification' && user.emailVerifiedAt) {
        return { error: new ApiError(HttpStatus.BAD_REQUEST, ALREADY_VERIFIED, { detail: ALREADY_VERIFIED }) };
      }
      const checked = await this.codes.check(tx, user.id, purpose, code);
      if (!checked.ok) return { error: checked.error };
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

  async resendOtp(email: string, purpose: OtpPurpose): Promise<string> {
    if (purpose === 'password_reset') return this.forgotPassword(email);
    await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, email);
      if (!user) return; // Same answer as for a known email.
      if (user.emailVerifiedAt) throw new ApiError(HttpStatus.BAD_REQUEST, ALREADY_VERIFIED, { detail: ALREADY_VERIFIED });
      await this.codes.issue(tx, user, 'email_verification', { enforceCooldown: true });
    });
    return 'New verification code sent to your email!';
  }

  /** The same answer whether or not the email belongs to someone. */
  async forgotPassword(email: string): Promise<string> {
    await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, email);
      if (!user) return;
      // During the cooldown the earlier code is still on its way: stay silent rather than leak.
      if ((await this.codes.cooldownSeconds(tx, user.id, 'password_reset')) > 0) return;
      await this.codes.issue(tx, user, 'password_reset', { enforceCooldown: false });
    });
    return 'If an account exists for that email, we have sent a 6-digit reset code to it.';
  }

  async resetPassword(dto: ResetPasswordDto): Promise<string> {
    if (dto.new_password !== dto.new_password_confirm) throw ApiError.field('new_password_confirm', 'Passwords do not match.');
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.findByEmail(tx, dto.email);
      if (!user) return { error: new ApiError(HttpStatus.BAD_REQUEST, 'Invalid verification code.', { detail: 'Invalid verification code.' }) };
      const checked = await this.codes.check(tx, user.id, 'password_reset', dto.otp_code);
      if (!checked.ok) return { error: checked.error };
      // Hashed only once the code is right, so wrong guesses cost no argon2 work.
      const passwordHash = await this.hashPassword(dto.new_password);
      await this.codes.consume(tx, checked.codeId);
      // The code proves the email is theirs, so it also counts as verification.
      await tx.query(
        `UPDATE users SET password_hash = $2, token_version = token_version + 1,
                email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1`,
        [user.id, passwordHash],
      );
      return { userId: user.id };
    });
    if ('error' in outcome) throw outcome.error;
    await this.tokenUsers.revoked(outcome.userId);
    return 'Password has been reset successfully!';
  }

  /** Earlier tokens stop working; the caller gets a fresh one and stays signed in. */
  async changePassword(userId: number, dto: ChangePasswordDto): Promise<string> {
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: userId })
      .getOneOrFail();
    if (!(await argon2.verify(user.passwordHash, dto.current_password).catch(() => false))) {
      throw ApiError.field('current_password', 'Your current password is incorrect.');
    }
    if (dto.new_password !== dto.new_password_confirm) throw ApiError.field('new_password_confirm', 'New passwords do not match!');
    const passwordHash = await this.hashPassword(dto.new_password);
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const [[row]]: [{ token_version: number }[], number] = await this.db.query(
      `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
       WHERE id = $1 RETURNING token_version`,
      [userId, passwordHash],
    );
    await this.tokenUsers.revoked(userId);
    return this.issueToken({ id: user.id, username: user.username, tokenVersion: row.token_version });
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
