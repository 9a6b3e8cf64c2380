import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { COMPETITION_CODE_PATTERN } from '@scoreline/contracts/api/competitions';
import type { ClubSearchQuery, CompleteOnboardingRequest } from '@scoreline/contracts/api/onboarding';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';

export class ClubSearchQueryDto implements ClubSearchQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive part of the club name (or a known alternate name)' })
  @IsOptional()
  // Decorators run bottom-up: the type check first.
  @MaxLength(100, { message: 'search must be at most 100 characters long.' })
  @IsString({ message: 'search must be text.' })
  search?: string;

  @ApiPropertyOptional({ description: 'Only clubs of this country' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'country_id must be a whole number.' })
  @Min(1, { message: 'country_id must be a whole number.' })
  @Max(2147483647, { message: 'country_id must be a whole number.' })
  country_id?: number;

  @ApiPropertyOptional({ default: 20, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 100.' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100.' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100.' })
  limit?: number;
}

export class CompleteOnboardingDto implements CompleteOnboardingRequest {
  @ApiProperty()
  @IsInt({ message: 'Please select your country.' })
  @Min(1, { message: 'Please select your country.' })
  @Max(2147483647, { message: 'Please select your country.' })
  country_id: number;

  @ApiProperty()
  @IsInt({ message: 'Please select your favorite club.' })
  @Min(1, { message: 'Please select your favorite club.' })
  @Max(2147483647, { message: 'Please select your favorite club.' })
  club_id: number;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 16,
    example: ['en.1'],
    description: 'Competition codes you start playing, each being played (else 400); left out: none besides the one being played',
  })
  @IsOptionalNotNull()
  // Bottom-up: the array check first, then each code.
  @Matches(COMPETITION_CODE_PATTERN, { each: true, message: 'competitions must be a list of competition codes.' })
  @IsString({ each: true, message: 'competitions must be a list of competition codes.' })
  @ArrayMaxSize(16, { message: 'competitions may name at most 16 competitions.' })
  @IsArray({ message: 'competitions must be a list of competition codes.' })
  competitions?: string[];
}
