import { getQueueToken } from '@nestjs/bullmq';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import type { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../platform/common/api-error';
import { toDeadLetter } from '../platform/outbox/delivery-failures';
import { QUEUES, type QueueName } from '../platform/outbox/event-routes';
import { lockEventForDelivery, lockFailedDelivery, reviveDeadLetter, selectDeadLetters, selectFailedDeliveryEvent, type OutboxRow } from '../platform/outbox/outbox.queries';
import { deliverAgain, type Redelivery } from '../platform/outbox/redelivery';

/** The dead letters the console lists. */
export const DEAD_LETTERS_SHOWN = 100;
/** How long a replay waits for Redis: BullMQ's commands otherwise wait for it to come back, holding the event's lock. */
const HAND_OVER_TIMEOUT_MS = 3000;

/**
 * The outbox's dead letters for operators: deliveries of an event to one consumer given up after
 * OUTBOX_MAX_ATTEMPTS failed attempts (OutboxService.recordFailure), listed, and replayed by hand.
 */
@Injectable()
export class DeadLettersService {
  private readonly logger = new Logger('Outbox');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Newest first, at most DEAD_LETTERS_SHOWN. */
  async list(): Promise<OutboxDeadLetter[]> {
    return (await selectDeadLetters(this.db, DEAD_LETTERS_SHOWN)).map(toDeadLetter);
  }

  /**
   * A dead letter back to pending, its attempts from zero, and its job handed to its consumer again,
   * in one transaction with its audit row: the event's row is locked first (as every change of its
   * deliveries does), so two replays at once hand it over once (the second finds it alive: 409), and
   * the sweeper skips the event until the job is on its way. Redis not answering undoes it all (503;
   * a hand-over that still lands later runs the consumer once more: delivered, it is settled; failed,
   * it stays a dead letter). Answers the dead letters left.
   */
  async replay(id: number, actor: Actor): Promise<OutboxDeadLetter[]> {
    const eventId = await selectFailedDeliveryEvent(this.db, id);
    if (eventId === null) throw ApiError.notFound(`No dead letter has id ${id}.`);
    const handed = await this.db.transaction(async (tx) => {
      await lockEventForDelivery(tx, eventId);
      const letter = await lockFailedDelivery(tx, id);
      // Delivered (its failures forgotten) or its event deleted while we waited for the lock.
      if (letter === null) throw ApiError.notFound(`No dead letter has id ${id}.`);
      if (letter.dead_at === null) throw ApiError.conflict(`Dead letter ${id} is not dead any more: it was replayed and is being delivered.`);
      const queue = this.queueOf(letter.queue);
      await reviveDeadLetter(tx, id, letter.event_id, letter.queue);
      const row = { id: letter.event_id, name: letter.name, payload: letter.payload, created_at: letter.event_created_at } as OutboxRow;
      const done = await this.withinTimeout(deliverAgain(queue, row));
      await this.audit.record(tx, {
        actor,
        action: 'outbox.replay',
        target: `Outbox event ${letter.event_id} (${letter.name}) at ${letter.queue}`,
        before: { dead_at: new Date(letter.dead_at).toISOString(), attempts: letter.attempts, last_error: letter.last_error },
        after: { dead_at: null, attempts: 0, job: done },
      });
      return { event: letter.name, eventId: letter.event_id, queue: letter.queue, done };
    });
    this.logger.log(`outbox event ${handed.eventId} (${handed.event}) replayed at ${handed.queue}: job ${handed.done}`);
    return this.list();
  }

  /** The consumer's queue; one that no longer exists cannot be replayed to (its event is owed to no one). */
  private queueOf(name: string): Queue {
    if (!(QUEUES as readonly string[]).includes(name)) throw ApiError.conflict(`The consumer ${name} no longer exists: there is nothing to replay it to.`);
    return this.moduleRef.get<Queue>(getQueueToken(name as QueueName), { strict: false });
  }

  private async withinTimeout(handing: Promise<Redelivery>): Promise<Redelivery> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The queues did not answer (Redis may be away): nothing was replayed; try again in a moment.')),
        HAND_OVER_TIMEOUT_MS,
      );
    });
    // Its own failure after a timeout is nobody's to handle.
    handing.catch(() => undefined);
    try {
      return await Promise.race([handing, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
