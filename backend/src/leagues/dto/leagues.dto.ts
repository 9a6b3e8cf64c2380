import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import { IsPageNumber, IsPageSize, IsSearchText } from '../../platform/common/query-params.decorator';
import { IsCompetitionCode } from '../../competitions/dto/competitions.dto';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_DAYS,
  ACTIVITY_IMPORTANCES,
  ActivityCategory,
  ActivityDays,
  ActivityFeedQuery,
  ActivityImportance,
  CreateLeagueRequest,
  DiscoverLeaguesQuery,
  EnhancedMembersQuery,
  INVITE_CODE_LENGTH,
  JOIN_MESSAGE_MAX,
  JoinLeagueRequest,
  LEAGUE_DESCRIPTION_MAX,
  LEAGUE_MAX_MEMBERS_MAX,
  LEAGUE_MAX_MEMBERS_MIN,
  LEAGUE_NAME_MAX,
  LeaderboardQuery,
  LeagueRole,
  MembersSort,
  UserLeagueKind,
} from '@scoreline/contracts/api/leagues';

// class-validator runs a property's decorators bottom-up and the pipe stops at the first
// failure: presence and type checks are written last so that they run first.

const MAX_INT = 2147483647;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numeric strings from a query or a loosely typed client become numbers; anything else stays as sent (and fails). */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value);

export class CreateLeagueDto implements CreateLeagueRequest {
  @ApiProperty({ maxLength: LEAGUE_NAME_MAX, example: 'Office Predictors' })
  @Transform(trim)
  @MaxLength(LEAGUE_NAME_MAX, { message: `League name must be at most ${LEAGUE_NAME_MAX} characters.` })
  @IsNotEmpty({ message: 'League name is required.' })
  @IsString({ message: 'League name is required.' })
  name: string;

  @ApiProperty({ enum: ['private', 'public'], description: 'private: invite code + owner approval; public: anyone joins by id' })
  @IsIn(['private', 'public'], { message: 'League type must be private or public.' })
  type: UserLeagueKind;

  @ApiPropertyOptional({ maxLength: LEAGUE_DESCRIPTION_MAX })
  @IsOptionalNotNull()
  @Transform(trim)
  @MaxLength(LEAGUE_DESCRIPTION_MAX, { message: `Description must be at most ${LEAGUE_DESCRIPTION_MAX} characters.` })
  @IsString({ message: 'Description must be text.' })
  description?: string;

  @ApiPropertyOptional({ minimum: 2, maximum: 1000, description: 'Private leagues only; default 1000' })
  @IsOptionalNotNull()
  @Transform(toNumber)
  @Max(LEAGUE_MAX_MEMBERS_MAX, { message: 'Max members must be a number from 2 to 1000.' })
  @Min(LEAGUE_MAX_MEMBERS_MIN, { message: 'Max members must be a number from 2 to 1000.' })
  @IsInt({ message: 'Max members must be a number from 2 to 1000.' })
  max_members?: number;

  @IsCompetitionCode('The competition the league plays (404 when it is not being played); default the one being played', 'body')
  competition?: string;
}

export class JoinLeagueDto implements JoinLeagueRequest {
  @ApiProperty({ enum: ['private', 'public'], description: 'private: join by invite code (owner approves); public: join by league id (instant)' })
  @IsIn(['private', 'public'], { message: 'Choose a private or a public league to join.' })
  type: UserLeagueKind;

  @ApiPropertyOptional({ maxLength: INVITE_CODE_LENGTH, example: 'K7PQ2XMA', description: 'Private only. Trimmed, case-insensitive, at most 8 characters.' })
  @ValidateIf((o: JoinLeagueDto) => o.type === 'private')
  @Transform(trim)
  @MaxLength(INVITE_CODE_LENGTH, { message: 'The invite code is at most 8 characters.' })
  @IsNotEmpty({ message: 'Invite code is required for private leagues' })
  @IsString({ message: 'Invite code is required for private leagues' })
  code?: string;

  @ApiPropertyOptional({ maxLength: JOIN_MESSAGE_MAX, description: 'Private only: a note for the owner.' })
  @IsOptionalNotNull()
  @Transform(trim)
  @MaxLength(JOIN_MESSAGE_MAX, { message: `The message must be at most ${JOIN_MESSAGE_MAX} characters.` })
  @IsString({ message: 'The message must be text.' })
  message?: string;

  @ApiPropertyOptional({ example: 42, description: 'Public only: the numeric league id.' })
  @ValidateIf((o: JoinLeagueDto) => o.type === 'public')
  @Transform(toNumber)
  @Max(MAX_INT, { message: 'League ID must be a number.' })
  @Min(1, { message: 'League ID must be a number.' })
  @IsInt({ message: 'League ID must be a number.' })
  @IsNotEmpty({ message: 'League ID is required for public leagues' })
  league_id?: number;
}

class PageQueryDto {
  @IsPageNumber()
  page?: number;
}

export class LeaderboardQueryDto extends PageQueryDto implements LeaderboardQuery {
  @IsPageSize(100, 50)
  page_size?: number;
}

export class DiscoverQueryDto extends PageQueryDto implements DiscoverLeaguesQuery {
  @IsSearchText('Case-insensitive part of the league name')
  search?: string;

  @IsCompetitionCode("Only that competition's leagues (404 when it is not being played); default every competition's")
  competition?: string;

  @IsPageSize(50, 20)
  page_size?: number;
}

export class MembersQueryDto extends PageQueryDto implements EnhancedMembersQuery {
  @ApiPropertyOptional({ enum: ['rank', 'points', 'name'], default: 'rank' })
  @IsOptional()
  @IsIn(['rank', 'points', 'name'], { message: 'sort must be rank, points or name.' })
  sort?: MembersSort;

  @ApiPropertyOptional({ enum: ['owner', 'member'] })
  @IsOptional()
  @IsIn(['owner', 'member'], { message: 'role must be owner or member.' })
  role?: LeagueRole;

  @IsSearchText('Case-insensitive start of the full name, the family name or the username ("carlos jo", "john")')
  search?: string;

  @IsPageSize(100, 20)
  page_size?: number;
}

export class ActivityQueryDto extends PageQueryDto implements ActivityFeedQuery {
  @ApiPropertyOptional({ enum: ACTIVITY_CATEGORIES })
  @IsOptional()
  @IsIn(ACTIVITY_CATEGORIES, { message: `category must be one of ${ACTIVITY_CATEGORIES.join(', ')}.` })
  category?: ActivityCategory;

  @ApiPropertyOptional({ enum: ACTIVITY_IMPORTANCES })
  @IsOptional()
  @IsIn(ACTIVITY_IMPORTANCES, { message: `importance must be one of ${ACTIVITY_IMPORTANCES.join(', ')}.` })
  importance?: ActivityImportance;

  @ApiPropertyOptional({ enum: ACTIVITY_DAYS, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ACTIVITY_DAYS, { message: 'days must be 7, 30 or 90.' })
  days?: ActivityDays;

  @IsPageSize(50, 10)
  page_size?: number;
}
