import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { Club, Country, OnboardingStatus, Preferences } from '@scoreline/contracts/api/onboarding';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { ClubSearchQueryDto, CompleteOnboardingDto } from './dto/onboarding.dto';
import { OnboardingService } from './onboarding.service';

@ApiTags('onboarding')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('onboarding')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get('status/')
  @ApiOperation({ summary: 'Whether the caller has completed (or skipped) onboarding' })
  @ApiData('OnboardingStatus')
  async status(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<OnboardingStatus>> {
    return { data: await this.onboarding.status(user.id) };
  }

  @Get('countries/')
  @ApiOperation({ summary: 'The countries to choose from' })
  @ApiData('Country[]')
  async countries(): Promise<ApiEnvelope<Country[]>> {
    return { data: await this.onboarding.countries() };
  }

  @Get('clubs/')
  @ApiOperation({ summary: 'Clubs, filtered by search (name, case-insensitive, partial) and country_id' })
  @ApiData('Club[]')
  async clubs(@Query() query: ClubSearchQueryDto): Promise<ApiEnvelope<Club[]>> {
    return { data: await this.onboarding.clubs(query) };
  }

  @Get('preferences/')
  @ApiOperation({ summary: "The caller's country and club (null until chosen)" })
  @ApiData('Preferences')
  async preferences(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<Preferences>> {
    return { data: await this.onboarding.preferences(user.id) };
  }

  @Post('complete/')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Store country and club (also to change them later); joins their leagues',
    description: 'Optional `competitions`: codes of competitions being played that you start playing (400 naming competitions otherwise).',
  })
  @ApiData('Preferences')
  @ApiErrors([400, 'No such country or club, a club of another country, or a competition not being played (each named)'])
  async complete(@CurrentUser() user: AuthUser, @Body() dto: CompleteOnboardingDto): Promise<ApiEnvelope<Preferences>> {
    return { message: 'Your preferences are saved.', data: await this.onboarding.complete(user.id, dto) };
  }

  @Post('skip/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Skip onboarding for now: country and club can be chosen later in settings' })
  @ApiMessage()
  async skip(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.onboarding.skip(user.id);
    return { message: 'Onboarding skipped. You can choose your country and club later in settings.' };
  }
}
