import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PICKS_DEFAULT_PAGE_SIZE, PICKS_MAX_PAGE_SIZE, type PicksQuery } from '@scoreline/contracts/api/picks';
import { IsPageSize, IsSearchText } from '../../platform/common/query-params.decorator';
import { IsCompetitionCode } from '../../competitions/dto/competitions.dto';

// class-validator runs a property's decorators bottom-up: type checks are written last so they run first.

export class PicksQueryDto implements PicksQuery {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @Max(100000, { message: 'page must be a whole number from 1 to 100000.' })
  @Min(1, { message: 'page must be a whole number from 1.' })
  @IsInt({ message: 'page must be a whole number from 1.' })
  page?: number;

  @IsPageSize(PICKS_MAX_PAGE_SIZE, PICKS_DEFAULT_PAGE_SIZE)
  page_size?: number;

  @IsSearchText("Case-insensitive start of a member's full name, family name or username")
  search?: string;
}

export class CrowdQueryDto {
  @ApiPropertyOptional({ description: "A league's own crowd besides everyone's (404 for a private league the caller is not in)" })
  @IsOptional()
  @Type(() => Number)
  @Max(2147483647, { message: 'league_id must be a league id.' })
  @Min(1, { message: 'league_id must be a league id.' })
  @IsInt({ message: 'league_id must be a league id.' })
  league_id?: number;

  @IsCompetitionCode()
  competition?: string;
}
