import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { AuditEntry } from '@scoreline/contracts/api/console';
import { AdminGuard } from '../users/admin.guard';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import { ApiAdmin, ApiData } from '../platform/common/api-docs.decorators';
import { AuditQueryDto } from './dto/audit-query.dto';
import { AuditService } from './audit.service';

@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit/')
  @ApiOperation({
    summary: 'What operators (and the results feed) changed, newest first: who, when, what, before and after',
    description: '`before`: an entry id, for the entries older than it (the next page); `limit` 1–200, default 50.',
  })
  @ApiData('AuditEntry[]')
  async list(@Query() query: AuditQueryDto): Promise<ApiEnvelope<AuditEntry[]>> {
    return { data: await this.audit.list(query.before ?? null, query.limit) };
  }
}
