import { Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { AdminGuard } from '../users/admin.guard';
import { operatorActor } from '../audit/actor';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import { ApiAdmin, ApiData, ApiErrors } from '../platform/common/api-docs.decorators';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { DeadLettersService } from './dead-letters.service';
import { DeadLetterParamsDto } from './dto/dead-letter-params.dto';

/** The console's calls for the outbox's dead letters (contracts/src/api/console.ts): admins only, 404 to anyone else. */
@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class DeadLettersController {
  constructor(private readonly deadLetters: DeadLettersService) {}

  @Get('outbox/dead-letters/')
  @ApiOperation({ summary: 'Event deliveries given up after OUTBOX_MAX_ATTEMPTS failed attempts, newest first (at most 100)' })
  @ApiData('OutboxDeadLetter[]')
  async list(): Promise<ApiEnvelope<OutboxDeadLetter[]>> {
    return { data: await this.deadLetters.list() };
  }

  @Post('outbox/dead-letters/:id/replay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Hand a dead letter to its consumer again, its attempts reset (audited); answers the dead letters left',
    description: '404 for an unknown id; 409 when it is not dead any more (replayed already); 503 when the queues do not answer (nothing changed).',
  })
  @ApiData('OutboxDeadLetter[]')
  @ApiErrors(
    [404, 'No dead letter has that id (and to anyone who is not an admin)'],
    [409, 'It is not dead any more (replayed already), or its consumer no longer exists'],
  )
  async replay(@CurrentUser() user: AuthUser, @Param() params: DeadLetterParamsDto): Promise<ApiEnvelope<OutboxDeadLetter[]>> {
    return { message: 'Replayed: the event is handed to its consumer again.', data: await this.deadLetters.replay(Number(params.id), operatorActor(user)) };
  }
}
