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
} from '../../../../contracts/src/api/auth';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

// Passwords are capped so a 10 kB string cannot make argon2 work for nothing.
const PASSWORD_MAX = 128;
const PURPOSES: OtpPurpose[] = ['email_verification', 'password_reset'];

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'fan@example.com' })
  @Transform(lower)
  @IsString({ message: 'Email is required.' })
  @IsNotEmpty({ message: 'Email is required.' })
  @MaxLength(254, { message: 'Email is too long.' })
  email: string;

  @ApiProperty()
  @IsString({ message: 'Password is required.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(PASSWORD_MAX, { message: 'Invalid email or password.' })
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ description: 'One word: letters, digits, underscore; 3–30 characters', example: 'goal_getter' })
  @Transform(trim)
  @IsString({ message: 'Username must be text.' })
  @Length(3, 30, { message: 'Username must be 3 to 30 characters long.' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Username must be one word of letters, digits or underscores.' })
  username: string;

  @ApiProperty({ example: 'fan@example.com' })
  @Transform(lower)
  @IsString({ message: 'Enter a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters long.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email: string;

  @ApiProperty({ example: 'Alex' })
  @Transform(trim)
  @IsString({ message: 'First name must be text.' })
  @IsNotEmpty({ message: 'First name is required.' })
  @MaxLength(100, { message: 'First name must be at most 100 characters long.' })
  first_name: string;

  @ApiProperty({ example: 'Morgan' })
  @Transform(trim)
  @IsString({ message: 'Last name must be text.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters long.' })
  last_name: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: 'Password must be text.' })
  @MinLength(8, { message: 'Password must be at least 8 characters long.' })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters long.` })
  password: string;

  @ApiProperty({ description: 'Must equal password' })
  @IsString({ message: 'Password confirmation must be text.' })
  @IsNotEmpty({ message: 'Password confirmation is required.' })
  @MaxLength(PASSWORD_MAX, { message: 'Passwords do not match.' })
  password_confirm: string;
}

export class VerifyOtpDto implements VerifyOtpRequest {
  @ApiProperty()
  @Transform(lower)
  @IsString({ message: 'Email is required.' })
  @MaxLength(254, { message: 'Email is too long.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email: string;

  @ApiProperty({ example: '123456' })
  @IsString({ message: 'Please enter a 6-digit verification code.' })
  @Matches(/^\d{6}$/, { message: 'Please enter a 6-digit verification code.' })
  otp_code: string;

  @ApiProperty({ enum: PURPOSES })
  @IsIn(PURPOSES, { message: 'Purpose must be email_verification or password_reset.' })
  purpose: OtpPurpose;
}

export class ResendOtpDto implements ResendOtpRequest {
  @ApiProperty()
  @Transform(lower)
  @IsString({ message: 'Email is required.' })
  @MaxLength(254, { message: 'Email is too long.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email: string;

  @ApiProperty({ enum: PURPOSES })
  @IsIn(PURPOSES, { message: 'Purpose must be email_verification or password_reset.' })
  purpose: OtpPurpose;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty()
  @Transform(lower)
  @IsString({ message: 'Email is required.' })
  @MaxLength(254, { message: 'Email is too long.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty()
  @Transform(lower)
  @IsString({ message: 'Email is required.' })
  @MaxLength(254, { message: 'Email is too long.' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  email: string;

  @ApiProperty({ example: '123456' })
  @IsString({ message: 'Please enter the 6-digit code from the email.' })
  @Matches(/^\d{6}$/, { message: 'Please enter the 6-digit code from the email.' })
  otp_code: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: 'New password must be text.' })
  @MinLength(8, { message: 'Password must be at least 8 characters long.' })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters long.` })
  new_password: string;

  @ApiProperty()
  @IsString({ message: 'Password confirmation must be text.' })
  @IsNotEmpty({ message: 'Password confirmation is required.' })
  @MaxLength(PASSWORD_MAX, { message: 'Passwords do not match.' })
  new_password_confirm: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString({ message: 'Current password is required.' })
  @IsNotEmpty({ message: 'Current password is required.' })
  @MaxLength(PASSWORD_MAX, { message: 'Your current password is incorrect.' })
  current_password: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: 'New password must be text.' })
  @MinLength(8, { message: 'Password must be at least 8 characters long.' })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters long.` })
  new_password: string;

  @ApiProperty()
  @IsString({ message: 'Password confirmation must be text.' })
  @IsNotEmpty({ message: 'Password confirmation is required.' })
  @MaxLength(PASSWORD_MAX, { message: 'New passwords do not match!' })
  new_password_confirm: string;
}

export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'First name must be text.' })
  @IsNotEmpty({ message: 'First name is required.' })
  @MaxLength(100, { message: 'First name must be at most 100 characters long.' })
  first_name: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Last name must be text.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters long.' })
  last_name: string;
}
