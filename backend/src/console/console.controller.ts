import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { AdminGuard } from '../users/admin.guard';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import { ApiAdmin, ApiData } from '../platform/common/api-docs.decorators';
import { ConsoleService } from './console.service';

@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class ConsoleController {
  constructor(private readonly reads: ConsoleService) {}

  @Get('live/')
  @ApiOperation({ summary: 'The matches in play now, of every competition' })
  @ApiData('AdminFixture[]')
  async live(): Promise<ApiEnvelope<AdminFixture[]>> {
    return { data: await this.reads.live() };
  }

  @Get('health/')
  @ApiOperation({
    summary: "Health at a glance: queue depths and failed jobs, the outbox's lag and failing events, the reconciler's last passes, emails and pushes in 24 h",
    description: '503 when Redis does not answer within 3 s (the queue depths are unknown then).',
  })
  @ApiData('ConsoleHealth')
  async health(): Promise<ApiEnvelope<ConsoleHealth>> {
    return { data: await this.reads.health() };
  }
}
