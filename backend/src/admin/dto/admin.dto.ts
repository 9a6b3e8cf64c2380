import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsGoals } from '../../platform/common/is-goals.decorator';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import { IsCompetitionCode } from '../../competitions/dto/competitions.dto';
import type { ImportSeasonRequest, RecordResultRequest, RescheduleFixtureRequest, SideGoals } from '@scoreline/contracts/api/admin';

export class ImportSeasonDto implements ImportSeasonRequest {
  @ApiProperty({ description: 'An openfootball football.json season object {name, matches[]}', type: 'object', additionalProperties: true })
  @IsDefined({ message: 'season is required: a football.json object with "name" and "matches".' })
  @IsObject({ message: 'season must be a football.json object with "name" and "matches".' })
  season: Record<string, unknown>;

  @ApiPropertyOptional({ default: false, description: 'Shift every date so that the middle gameweek opens about now' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'shift_to_now must be true or false.' })
  shift_to_now?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Make this the active season' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'activate must be true or false.' })
  activate?: boolean;

  @ApiPropertyOptional({ example: 'en.1', description: 'openfootball league code; default: derived from the season name' })
  @IsOptionalNotNull()
  @IsString({ message: 'league_code must be text like "en.1".' })
  @MaxLength(16, { message: 'league_code must be text like "en.1".' })
  league_code?: string;
}

/** Goals of each side, e.g. after extra time or in a shoot-out. */
export class SideGoalsDto implements SideGoals {
  @IsGoals('home')
  home: number;

  @IsGoals('away')
  away: number;
}

export class RecordResultDto implements RecordResultRequest {
  @IsGoals('home_score')
  home_score: number;

  @IsGoals('away_score')
  away_score: number;

  @ApiProperty({ enum: ['live', 'finished'] })
  @IsDefined({ message: 'status is required: "live" or "finished".' })
  @IsIn(['live', 'finished'], { message: 'status must be "live" or "finished".' })
  status: 'live' | 'finished';

  @ApiPropertyOptional({ minimum: 1, maximum: 130, description: 'Match minute, only while live' })
  // null is read as "no minute" (the service takes number | null), so IsOptional's pass for it is right here.
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'minute must be a whole number from 1 to 130.' })
  @Min(1, { message: 'minute must be a whole number from 1 to 130.' })
  @Max(130, { message: 'minute must be a whole number from 1 to 130.' })
  minute?: number;

  @ApiPropertyOptional({ type: SideGoalsDto, nullable: true, description: 'Knockout only: the score after extra time (whole match), after a level 90 minutes' })
  // null is "no extra time", as the field left out.
  @IsOptional()
  @IsObject({ message: 'extra_time must be an object {"home": goals, "away": goals}.' })
  @ValidateNested()
  @Type(() => SideGoalsDto)
  extra_time?: SideGoalsDto | null;

  @ApiPropertyOptional({ type: SideGoalsDto, nullable: true, description: 'Knockout only: the penalty shoot-out, only with extra_time, never drawn' })
  @IsOptional()
  @IsObject({ message: 'penalties must be an object {"home": goals, "away": goals}.' })
  @ValidateNested()
  @Type(() => SideGoalsDto)
  penalties?: SideGoalsDto | null;
}

export class RescheduleFixtureDto implements RescheduleFixtureRequest {
  @ApiProperty({ example: '2025-01-18T15:00:00Z', description: 'New kick-off, ISO 8601 with a time zone' })
  @IsDefined({ message: 'match_time is required.' })
  @IsString({ message: 'match_time must be an ISO 8601 date and time, e.g. "2025-01-18T15:00:00Z".' })
  @MaxLength(40, { message: 'match_time must be an ISO 8601 date and time, e.g. "2025-01-18T15:00:00Z".' })
  match_time: string;
}

export class AdminFixturesQueryDto {
  @ApiPropertyOptional({ description: 'Gameweek number' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'gameweek must be a gameweek number.' })
  @Min(1, { message: 'gameweek must be a gameweek number.' })
  @Max(1000, { message: 'gameweek must be a gameweek number.' })
  gameweek?: number;

  @IsCompetitionCode("That competition's active season (404 when it is not being played); default the first active season")
  competition?: string;
}
