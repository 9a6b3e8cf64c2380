import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import {
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_MAX_PAGE_SIZE,
  TABLE_MONTH_PATTERN,
  TABLE_PERIODS,
  type LeagueTableQuery,
  type TablePeriod,
} from '@scoreline/contracts/api/tables';
import { IsPageNumber, IsPageSize } from '../../platform/common/query-params.decorator';

export class LeagueTableQueryDto implements LeagueTableQuery {
  @ApiPropertyOptional({ enum: TABLE_PERIODS, default: 'season' })
  @IsOptional()
  @IsIn(TABLE_PERIODS, { message: 'period must be season, gameweek or month.' })
  period?: TablePeriod;

  @ApiPropertyOptional({ minimum: 1, description: 'The gameweek number (period=gameweek); default the latest with a match played' })
  @IsOptional()
  @Type(() => Number)
  @Max(1000, { message: 'gameweek must be a whole number from 1.' })
  @Min(1, { message: 'gameweek must be a whole number from 1.' })
  @IsInt({ message: 'gameweek must be a whole number from 1.' })
  gameweek?: number;

  @ApiPropertyOptional({ example: '2025-10', description: 'The calendar month in UTC (period=month); default the month of the latest gameweek played' })
  @IsOptional()
  @Matches(TABLE_MONTH_PATTERN, { message: 'month must be YYYY-MM.' })
  month?: string;

  @IsPageNumber()
  page?: number;

  @IsPageSize(TABLE_MAX_PAGE_SIZE, TABLE_DEFAULT_PAGE_SIZE)
  page_size?: number;
}
