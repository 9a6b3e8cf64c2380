import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  OtpPurpose,
  RegisterRequest,
  ResendOtpRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
  VerifyOtpRequest,
} from '@scoreline/contracts/api/auth';

// class-validator runs a property's decorators bottom-up and the pipe stops at the first
// failure (stopAtFirstError): the presence and type checks are written LAST so they run first,
// and a missing field answers "... is required" rather than a length or format message.

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

// Passwords are capped so a 10 kB string cannot make argon2 work for nothing.
const PASSWORD_MAX = 128;
const PURPOSES: OtpPurpose[] = ['email_verification', 'password_reset'];

/**
 * A password being chosen (sign-up, reset, change): 8 to PASSWORD_MAX characters. `label` names
 * the field in its messages ('Password', 'New password').
 */
function IsNewPassword(label: string): PropertyDecorator {
  // In the order the stacked decorators used to register them (bottom first).
  return applyDecorators(
    IsNotEmpty({ message: `${label} is required.` }),
    IsString({ message: `${label} must be text.` }),
    MinLength(8, { message: 'Password must be at least 8 characters long.' }),
    MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters long.` }),
    ApiProperty({ minLength: 8 }),
  );
}

/** The repeat of a new password; over-long can only mean it does not match (the equality check is the service's). */
function IsPasswordConfirmation(mismatch: string): PropertyDecorator {
  return applyDecorators(
    IsNotEmpty({ message: 'Password confirmation is required.' }),
    IsString({ message: 'Password confirmation must be text.' }),
    MaxLength(PASSWORD_MAX, { message: mismatch }),
    ApiProperty({ description: 'Must equal the new password' }),
  );
}

/** The email of an account a code or reset is asked for (verify, resend, forgot, reset): trimmed, lower case. */
function IsAccountEmail(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: 'Email is required.' }),
    MaxLength(254, { message: 'Email is too long.' }),
    IsEmail({}, { message: 'Enter a valid email address.' }),
    Transform(lower),
    ApiProperty(),
  );
}

/** A 6-digit email code; `message` is the field's one error, whatever is wrong with it. */
function IsEmailCode(message: string): PropertyDecorator {
  return applyDecorators(IsString({ message }), Matches(/^\d{6}$/, { message }), ApiProperty({ example: '123456' }));
}

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @Transform(lower)
  @MaxLength(254, { message: 'Email is too long.' })
  @IsNotEmpty({ message: 'Email is required.' })
  @IsString({ message: 'Email is required.' })
  email: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: 'Invalid email or password.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @IsString({ message: 'Password is required.' })
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ description: 'One word: letters, digits, underscore; 3–30 characters', example: 'goal_getter' })
  @Transform(trim)
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Username must be one word of letters, digits or underscores.' })
  @Length(3, 30, { message: 'Username must be 3 to 30 characters long.' })
  @IsString({ message: 'Username must be text.' })
  @IsNotEmpty({ message: 'Username is required.' })
  username: string;

  @ApiProperty({ example: 'fan@example.com' })
  @Transform(lower)
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters long.' })
  @IsString({ message: 'Enter a valid email address.' })
  email: string;

  @ApiProperty({ example: 'Alex' })
  @Transform(trim)
  @MaxLength(100, { message: 'First name must be at most 100 characters long.' })
  @IsString({ message: 'First name must be text.' })
  @IsNotEmpty({ message: 'First name is required.' })
  first_name: string;

  @ApiProperty({ example: 'Morgan' })
  @Transform(trim)
  @MaxLength(100, { message: 'Last name must be at most 100 characters long.' })
  @IsString({ message: 'Last name must be text.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  last_name: string;

  @IsNewPassword('Password')
  password: string;

  @IsPasswordConfirmation('Passwords do not match.')
  password_confirm: string;
}

export class VerifyOtpDto implements VerifyOtpRequest {
  @IsAccountEmail()
  email: string;

  @IsEmailCode('Please enter a 6-digit verification code.')
  otp_code: string;

  @ApiProperty({ enum: PURPOSES })
  @IsIn(PURPOSES, { message: 'Purpose must be email_verification or password_reset.' })
  purpose: OtpPurpose;
}

export class ResendOtpDto implements ResendOtpRequest {
  @IsAccountEmail()
  email: string;

  @ApiProperty({ enum: PURPOSES })
  @IsIn(PURPOSES, { message: 'Purpose must be email_verification or password_reset.' })
  purpose: OtpPurpose;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @IsAccountEmail()
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @IsAccountEmail()
  email: string;

  @IsEmailCode('Please enter the 6-digit code from the email.')
  otp_code: string;

  @IsNewPassword('New password')
  new_password: string;

  @IsPasswordConfirmation('Passwords do not match.')
  new_password_confirm: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: 'Your current password is incorrect.' })
  @IsNotEmpty({ message: 'Current password is required.' })
  @IsString({ message: 'Current password is required.' })
  current_password: string;

  @IsNewPassword('New password')
  new_password: string;

  @IsPasswordConfirmation('New passwords do not match!')
  new_password_confirm: string;
}

export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(100, { message: 'First name must be at most 100 characters long.' })
  @IsString({ message: 'First name must be text.' })
  @IsNotEmpty({ message: 'First name is required.' })
  first_name: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(100, { message: 'Last name must be at most 100 characters long.' })
  @IsString({ message: 'Last name must be text.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  last_name: string;
}
