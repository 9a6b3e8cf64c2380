import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsString, Matches, ValidateIf, ValidateNested } from 'class-validator';
import { COMPETITION_CODE_PATTERN } from '@scoreline/contracts/api/competitions';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import {
  LANGUAGES,
  THEMES,
  TIMEZONES,
  type LanguageSetting,
  type NotificationSettings,
  type PreferenceSettings,
  type ThemeSetting,
  type TimezoneSetting,
  type UpdateUserPreferencesRequest,
} from '@scoreline/contracts/api/preferences';

// Every field may be left out (the PUT takes any subset), but one that is sent must be a real
// value: IsOptionalNotNull rather than IsOptional, so an explicit null is refused instead of skipped.

export class PreferenceSettingsDto implements Partial<PreferenceSettings> {
  @ApiPropertyOptional({ enum: THEMES, description: "'auto' follows the device's light/dark setting" })
  @IsIn(THEMES, { message: `theme must be one of: ${THEMES.join(', ')}.` })
  @IsOptionalNotNull()
  theme?: ThemeSetting;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Locale of dates and numbers (screens stay in English for now)' })
  @IsIn(LANGUAGES, { message: `language must be one of: ${LANGUAGES.join(', ')}.` })
  @IsOptionalNotNull()
  language?: LanguageSetting;

  @ApiPropertyOptional({ enum: TIMEZONES, description: "Zone of every time shown; 'local' is the device's own" })
  @IsIn(TIMEZONES, { message: `timezone must be one of: ${TIMEZONES.join(', ')}.` })
  @IsOptionalNotNull()
  timezone?: TimezoneSetting;
}

export class NotificationSettingsDto implements Partial<NotificationSettings> {
  @ApiPropertyOptional({ description: 'Email a reminder before a gameweek deadline' })
  @IsBoolean({ message: 'gameweekDeadlines must be true or false.' })
  @IsOptionalNotNull()
  gameweekDeadlines?: boolean;

  @ApiPropertyOptional({ description: 'Email join requests and other news of your leagues' })
  @IsBoolean({ message: 'leagueUpdates must be true or false.' })
  @IsOptionalNotNull()
  leagueUpdates?: boolean;

  @ApiPropertyOptional({ description: 'Email full-time scores and the points earned' })
  @IsBoolean({ message: 'matchResults must be true or false.' })
  @IsOptionalNotNull()
  matchResults?: boolean;

  @ApiPropertyOptional({ description: 'Email a weekly summary' })
  @IsBoolean({ message: 'weeklyDigest must be true or false.' })
  @IsOptionalNotNull()
  weeklyDigest?: boolean;
}

export class UpdatePreferencesDto implements UpdateUserPreferencesRequest {
  @ApiPropertyOptional({ type: PreferenceSettingsDto })
  @ValidateNested()
  @Type(() => PreferenceSettingsDto)
  @IsObject({ message: 'preferences must be an object.' })
  @IsOptionalNotNull()
  preferences?: PreferenceSettingsDto;

  @ApiPropertyOptional({ type: NotificationSettingsDto })
  @ValidateNested()
  @Type(() => NotificationSettingsDto)
  @IsObject({ message: 'notifications must be an object.' })
  @IsOptionalNotNull()
  notifications?: NotificationSettingsDto;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: COMPETITION_CODE_PATTERN.source,
    description: 'The competition your screens show when a request names none: one you play that is being played (else 400); null clears it',
  })
  // Null is a value here (it clears the choice): only a sent text is checked.
  @ValidateIf((_o: object, value: unknown) => value !== undefined && value !== null)
  @Matches(COMPETITION_CODE_PATTERN, { message: 'current_competition must be a competition code.' })
  @IsString({ message: 'current_competition must be a competition code.' })
  current_competition?: string | null;
}

/** The OpenAPI shape of the answers (the contract's UserPreferences, every field present). */
export class UserPreferencesDto {
  @ApiProperty({
    example: { theme: 'dark', language: 'en', timezone: 'local' },
    description: `theme: ${THEMES.join('|')}; language: ${LANGUAGES.join('|')}; timezone: ${TIMEZONES.join('|')}`,
  })
  preferences: PreferenceSettings;

  @ApiProperty({ example: { gameweekDeadlines: true, leagueUpdates: true, matchResults: false, weeklyDigest: true } })
  notifications: NotificationSettings;

  @ApiPropertyOptional({ type: String, description: 'The competition your screens show by default; left out until chosen' })
  current_competition?: string;
}
