import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { AdminGuard } from '../users/admin.guard';
import { AuthModule } from '../auth/auth.module';
import { QUEUES } from '../platform/outbox/event-routes';
import { QueueModule } from '../platform/queue/queue.module';
import { UsersModule } from '../users/users.module';
import { readCookie } from '../platform/request-auth/cookies';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from '../platform/request-auth/queue-board-cookie';
import { QueueBoardController } from './queue-board.controller';
import { QueueBoardService } from './queue-board.service';

/**
 * Bull Board for admins at /api/admin/queues: every queue of event-routes.ts. The board is an
 * Express router, mounted behind a check of the board session cookie (see the controller).
 */
@Module({
  imports: [AuthModule, QueueModule, UsersModule],
  controllers: [QueueBoardController],
  providers: [QueueBoardService, AdminGuard],
})
export class QueueBoardModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
    private readonly board: QueueBoardService,
  ) {}

  onModuleInit(): void {
    const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: QUEUES.map((name) => new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }))),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Scoreline queues' } },
    });
    // Mounted at module init: after the controllers' routes (so POST …/session is ours), before Nest's 404 handler.
    this.adapterHost.httpAdapter.use(QUEUE_BOARD_PATH, (req: Request, res: Response, next: NextFunction) => this.admit(req, res, next), serverAdapter.getRouter());
  }

  private admit(req: Request, res: Response, next: NextFunction): void {
    this.board
      .access(readCookie(req.headers.cookie, QUEUE_BOARD_COOKIE) || null)
      .then((access) => {
        if (access === 'admin') return next();
        // A non-admin's session (the role withdrawn since) finds nothing here, as at every admin call.
        const [status, message] =
          access === 'not-admin' ? [404, 'Not found.'] : [401, 'Open the queue board from a signed-in admin session (POST /api/admin/queues/session).'];
        res.status(status).json({ message });
      })
      .catch(next);
  }
}
