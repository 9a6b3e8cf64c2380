import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AuthProfile, ChangePasswordResponse, LoginResponse, RefreshResponse, RegisterResponse } from '@scoreline/contracts/api/auth';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import { ApiAnswer, ApiAuth, ApiData, ApiErrors, ApiMessage, ApiPublic } from '../platform/common/api-docs.decorators';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { AuthService } from './auth.service';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
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
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { RATE_LIMITS, RateLimitGuard } from '../platform/request-auth/rate-limit.guard';
import { readCookie, REFRESH_COOKIE, refreshCookie } from './refresh-token';

/** OpenAPI schema of `{ message?, data: UserPreferences }`. */
const PREFERENCES_ANSWER = {
  schema: {
    type: 'object',
    required: ['data'],
    properties: { message: { type: 'string' }, data: { $ref: getSchemaPath(UserPreferencesDto) } },
  },
};

/** Signing in and up needs no token; the routes that do say @ApiAuth(). */
@ApiTags('auth')
@ApiPublic()
@ApiExtraModels(UserPreferencesDto)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  /** The refresh token's cookie (Secure whenever the app is served over https). */
  private setRefreshCookie(res: Response, token: string | null): void {
    res.setHeader('Set-Cookie', refreshCookie(token, this.env.appUrl.startsWith('https:')));
  }

  @Post('login/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiOperation({ summary: 'Sign in with email and password; answers data.tokens.access and sets the refresh cookie' })
  @ApiData('LoginResponse')
  @ApiErrors([401, 'Wrong email or password'], [403, 'The email is not verified yet (detail "email_not_verified")'], [429, 'Too many sign-ins from this address or for this account'])
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response): Promise<ApiEnvelope<LoginResponse>> {
    const session = await this.auth.login(dto);
    this.setRefreshCookie(res, session.refreshToken);
    return { message: 'Signed in.', data: session.answer };
  }

  @Post('refresh/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.refresh)
  @ApiOperation({ summary: 'A new access token for the refresh cookie, which is rotated (a reused one ends the session)' })
  @ApiData('RefreshResponse')
  @ApiErrors([401, 'No refresh cookie, or its session has ended (the cookie is cleared)'], 429)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ApiEnvelope<RefreshResponse>> {
    const renewed = await this.auth.refresh(readCookie(req.headers.cookie, REFRESH_COOKIE));
    if (!renewed) {
      this.setRefreshCookie(res, null);
      throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    }
    if (renewed.refreshToken) this.setRefreshCookie(res, renewed.refreshToken);
    return { data: { tokens: { access: renewed.access } } };
  }

  @Post('logout/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: the refresh cookie stops working and is cleared' })
  @ApiMessage()
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageResponse> {
    await this.auth.signOut(readCookie(req.headers.cookie, REFRESH_COOKIE));
    this.setRefreshCookie(res, null);
    return { message: 'Signed out.' };
  }

  @Post('register/')
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.register)
  @ApiOperation({ summary: 'Create an account; a 6-digit code is emailed (an existing email gets the same answer and a sign-in hint by email)' })
  @ApiAnswer('RegisterResponse', { status: 201 })
  @ApiErrors(429)
  async register(@Body() dto: RegisterDto): Promise<RegisterResponse> {
    const data = await this.auth.register(dto);
    return { message: 'Account created. We sent a 6-digit verification code to your email.', data };
  }

  @Post('verify-otp/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.verify)
  @ApiOperation({ summary: 'Check an emailed code (email_verification verifies the account)' })
  @ApiMessage()
  @ApiErrors([400, 'A wrong or expired code, or invalid input'], 429)
  async verifyOtp(@Body() dto: VerifyOtpDto): Promise<MessageResponse> {
    return { message: await this.auth.verifyOtp(dto.email, dto.otp_code, dto.purpose) };
  }

  @Post('resend-otp/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.resend)
  @ApiOperation({ summary: 'Send a new code; refused for 60 s after the last one (per email, known or not)' })
  @ApiMessage()
  @ApiErrors([429, 'A code was sent less than 60 s ago, or too many requests'])
  async resendOtp(@Body() dto: ResendOtpDto): Promise<MessageResponse> {
    return { message: await this.auth.resendOtp(dto.email, dto.purpose) };
  }

  @Post('forgot-password/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.forgotPassword)
  @ApiOperation({ summary: 'Email a password reset code (same answer for unknown emails)' })
  @ApiMessage()
  @ApiErrors(429)
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<MessageResponse> {
    return { message: await this.auth.forgotPassword(dto.email) };
  }

  @Post('reset-password/')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.verify)
  @ApiOperation({ summary: 'Set a new password with an emailed code; earlier tokens stop working' })
  @ApiMessage()
  @ApiErrors([400, 'A wrong or expired code, passwords that do not match, or invalid input'], 429)
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    return { message: await this.auth.resetPassword(dto) };
  }

  @Post('change-password/')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiAuth()
  @ApiOperation({ summary: 'Change password; earlier tokens stop working and a fresh one is answered' })
  @ApiAnswer('ChangePasswordResponse')
  @ApiErrors([400, 'The current password is wrong, the new ones do not match, or invalid input'], 429)
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChangePasswordResponse> {
    const session = await this.auth.changePassword(user.id, dto);
    this.setRefreshCookie(res, session.refreshToken);
    return { message: 'Password changed successfully!', data: { tokens: { access: session.answer } } };
  }

  @Get('profile/')
  @UseGuards(JwtAuthGuard)
  @ApiAuth()
  @ApiOperation({ summary: "The signed-in user's profile" })
  @ApiData('AuthProfile')
  async profile(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<AuthProfile>> {
    return { data: await this.auth.profile(user.id) };
  }

  @Put('profile/')
  @UseGuards(JwtAuthGuard)
  @ApiAuth()
  @ApiOperation({ summary: "Change the signed-in user's first and last name; answers the profile" })
  @ApiData('AuthProfile')
  async updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ApiEnvelope<AuthProfile>> {
    return { message: 'Profile updated successfully!', data: await this.auth.updateProfile(user.id, dto) };
  }

  @Get('preferences/')
  @UseGuards(JwtAuthGuard)
  @ApiAuth()
  @ApiOperation({ summary: "The signed-in user's settings (theme, language, timezone, notification switches); defaults until saved" })
  @ApiOkResponse({ description: 'The settings', ...PREFERENCES_ANSWER })
  async preferences(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<UserPreferences>> {
    return { data: await this.auth.preferences(user.id) };
  }

  @Put('preferences/')
  @UseGuards(JwtAuthGuard)
  @ApiAuth()
  @ApiOperation({
    summary: 'Save any subset of the settings (fields left out keep their value); answers all of them',
    description: '`current_competition`: a competition you play that is being played (else 400), or null to clear it.',
  })
  @ApiOkResponse({ description: 'The settings after the change', ...PREFERENCES_ANSWER })
  @ApiErrors([400, 'An unknown field or a value out of range; nothing is saved'])
  async updatePreferences(@CurrentUser() user: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<ApiEnvelope<UserPreferences>> {
    return { message: 'Settings saved.', data: await this.auth.updatePreferences(user.id, dto) };
  }
}
