import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { AuthProfile, ChangePasswordResponse, LoginResponse, RegisterResponse } from '../../../contracts/src/api/auth';
import type { ApiEnvelope, MessageResponse } from '../../../contracts/src/api/common';
import type { UserPreferences } from '../../../contracts/src/api/preferences';
import { AuthService } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  RegisterDto,
  ResendOtpDto,
  ResetPasswordDto,
  UpdateProfileDto,
  VerifyOtpDto,
} from './dto/auth.dto';
import { UpdatePreferencesDto, UserPreferencesDto } from './dto/preferences.dto';
import { JwtAuthGuard } from './jwt-auth.guard';
import type { AuthUser } from './jwt-payload';
import { RATE_LIMITS, RateLimitGuard } from './rate-limit.guard';

/** OpenAPI schema of `{ message?, data: UserPreferences }`. */
const PREFERENCES_ANSWER = {
  schema: {
    type: 'object',
    required: ['data'],
    properties: { message: { type: 'string' }, data: { $ref: getSchemaPath(UserPreferencesDto) } },
  },
};

@ApiTags('auth')
@ApiExtraModels(UserPreferencesDto)
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiOperation({ summary: 'Sign in with email and password; answers data.tokens.access' })
  async login(@Body() dto: LoginDto): Promise<ApiEnvelope<LoginResponse>> {
    return { message: 'Signed in.', data: await this.auth.login(dto) };
  }

  @Post('register/')
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.register)
  @ApiOperation({ summary: 'Create an account; a 6-digit code is emailed' })
  async register(@Body() dto: RegisterDto): Promise<RegisterResponse> {
    const data = await this.auth.register(dto);
    return { message: 'Account created. We sent a 6-digit verification code to your email.', data };
  }

  @Post('verify-otp/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.verify)
  @ApiOperation({ summary: 'Check an emailed code (email_verification verifies the account)' })
  async verifyOtp(@Body() dto: VerifyOtpDto): Promise<MessageResponse> {
    return { message: await this.auth.verifyOtp(dto.email, dto.otp_code, dto.purpose) };
  }

  @Post('resend-otp/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.resend)
  @ApiOperation({ summary: 'Send a new code; refused for 60 s after the last one' })
  async resendOtp(@Body() dto: ResendOtpDto): Promise<MessageResponse> {
    return { message: await this.auth.resendOtp(dto.email, dto.purpose) };
  }

  @Post('forgot-password/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.forgotPassword)
  @ApiOperation({ summary: 'Email a password reset code (same answer for unknown emails)' })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<MessageResponse> {
    return { message: await this.auth.forgotPassword(dto.email) };
  }

  @Post('reset-password/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.verify)
  @ApiOperation({ summary: 'Set a new password with an emailed code; earlier tokens stop working' })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    return { message: await this.auth.resetPassword(dto) };
  }

  @Post('change-password/')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change password; earlier tokens stop working and a fresh one is answered' })
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto): Promise<ChangePasswordResponse> {
    const access = await this.auth.changePassword(user.id, dto);
    return { message: 'Password changed successfully!', data: { tokens: { access } } };
  }

  @Get('profile/')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  async profile(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<AuthProfile>> {
    return { data: await this.auth.profile(user.id) };
  }

  @Put('profile/')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  async updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ApiEnvelope<AuthProfile>> {
    return { message: 'Profile updated successfully!', data: await this.auth.updateProfile(user.id, dto) };
  }

  @Get('preferences/')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's settings (theme, language, timezone, notification switches); defaults until saved" })
  @ApiOkResponse({ description: 'The settings', ...PREFERENCES_ANSWER })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  async preferences(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<UserPreferences>> {
    return { data: await this.auth.preferences(user.id) };
  }

  @Put('preferences/')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Save any subset of the settings (fields left out keep their value); answers all of them' })
  @ApiOkResponse({ description: 'The settings after the change', ...PREFERENCES_ANSWER })
  @ApiBadRequestResponse({ description: 'An unknown field or a value out of range; nothing is saved' })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  async updatePreferences(@CurrentUser() user: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<ApiEnvelope<UserPreferences>> {
    return { message: 'Settings saved.', data: await this.auth.updatePreferences(user.id, dto) };
  }
}
