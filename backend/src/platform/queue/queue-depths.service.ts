import { getQueueToken } from '@nestjs/bullmq';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { ConsoleQueue } from '@scoreline/contracts/api/console';
import { ApiError } from '../common/api-error';
import { QUEUES } from '../outbox/event-routes';

/** How long the console waits for Redis: BullMQ's commands otherwise wait for it to come back. */
const COUNTS_TIMEOUT_MS = 3000;

/** Each queue's jobs by state, as Redis holds them now (shared by every process). */
@Injectable()
export class QueueDepthsService {
  constructor(private readonly moduleRef: ModuleRef) {}

  async depths(): Promise<ConsoleQueue[]> {
    const counted = Promise.all(
      QUEUES.map(async (name): Promise<ConsoleQueue> => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
        const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
        // A prioritized job waits as any other.
        return { name, waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The queues did not answer (Redis may be away): try again in a moment.')),
        COUNTS_TIMEOUT_MS,
      );
    });
    // The counts' own failure after a timeout is nobody's to handle.
    counted.catch(() => undefined);
    try {
      return await Promise.race([counted, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
