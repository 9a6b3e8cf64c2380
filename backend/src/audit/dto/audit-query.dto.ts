import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../audit-entry';

const BEFORE = 'before must be the id of an audit entry (a whole number from 1).';
const LIMIT = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`;

export class AuditQueryDto {
  @ApiPropertyOptional({ description: 'Entries older than this one (its id): the next page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: BEFORE })
  @Min(1, { message: BEFORE })
  @Max(Number.MAX_SAFE_INTEGER, { message: BEFORE })
  before?: number;

  @ApiPropertyOptional({ default: AUDIT_PAGE_DEFAULT, minimum: 1, maximum: AUDIT_PAGE_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT })
  @Min(1, { message: LIMIT })
  @Max(AUDIT_PAGE_MAX, { message: LIMIT })
  limit?: number;
}
