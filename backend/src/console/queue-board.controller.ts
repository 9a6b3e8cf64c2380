import { Controller, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { AdminGuard } from '../users/admin.guard';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { ApiAdmin, ApiData } from '../platform/common/api-docs.decorators';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { QUEUE_BOARD_PATH, QUEUE_BOARD_SESSION_SECONDS, queueBoardCookie } from '../platform/request-auth/queue-board-cookie';
import { QueueBoardService } from './queue-board.service';

@ApiTags('admin')
@ApiAdmin()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/queues')
export class QueueBoardController {
  constructor(
    private readonly board: QueueBoardService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  /** A browser opens the board as a page and cannot send a bearer header: this call turns the bearer into a board cookie. */
  @Post('session')
  @HttpCode(200)
  @ApiOperation({ summary: 'Open a 15-minute Bull Board session (HttpOnly cookie scoped to /api/admin/queues); then open that page' })
  @ApiData({
    type: 'object',
    required: ['url', 'expires_in'],
    properties: { url: { type: 'string', description: 'The board page to open' }, expires_in: { type: 'number', description: 'Seconds the session lasts' } },
  })
  async openSession(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiEnvelope<{ url: string; expires_in: number }>> {
    const token = await this.board.issueSession(user.id);
    res.setHeader('Set-Cookie', queueBoardCookie(token, { secure: this.env.nodeEnv === 'production' }));
    return { message: 'Queue board session opened.', data: { url: `${QUEUE_BOARD_PATH}/`, expires_in: QUEUE_BOARD_SESSION_SECONDS } };
  }
}
