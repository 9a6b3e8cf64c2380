import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsPageSize } from '../../platform/common/query-params.decorator';
import type { GameweeksHistoryQuery } from '@scoreline/contracts/api/stats';
import { IsCompetitionCode } from '../../competitions/dto/competitions.dto';

export class HistoryQueryDto implements GameweeksHistoryQuery {
  @ApiPropertyOptional({ description: 'User id or username of the player; omitted = the caller' })
  @IsOptional()
  @IsString({ message: 'player must be a user id or username.' })
  @MaxLength(30, { message: 'player must be a user id or username.' })
  @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'player must be a user id or username.' })
  player?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1.' })
  @Min(1, { message: 'page must be a whole number from 1.' })
  @Max(1000, { message: 'page must be a whole number from 1 to 1000.' })
  page?: number;

  @IsPageSize(38, 10)
  page_size?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc.' })
  order?: 'asc' | 'desc';

  @IsCompetitionCode()
  competition?: string;
}
