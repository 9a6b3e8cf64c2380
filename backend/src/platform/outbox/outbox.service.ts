import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import type { DomainEventMap, DomainEventName, DomainEventOf } from '@scoreline/contracts/events';
import { countOutboxDeadLettersWith, outboxDeadLetters } from '../metrics/metrics';
import { diesNow, failureText, failureVerdict } from './delivery-failures';
import { toFailingEvent } from './failing-events';
import {
  clearPayloadSecret,
  countDeadLetters,
  countFailedAttempt,
  countPending,
  insertEventsAndNotify,
  lockEventForDelivery,
  markDeadLetter,
  OutboxRow,
  removePendingQueue,
  selectFailingEvents,
  selectLatestEventId,
  selectOldestPendingAge,
  takeOverEvents,
} from './outbox.queries';

/** An event still owed to a queue this long after dispatch keeps failing there (the sweeper retries after 10 s). */
const OWED_TOO_LONG_SECONDS = 60;
/** The failing events the console lists. */
const FAILING_SHOWN = 20;
/** The BullMQ job id of an outbox event: duplicates of one event collapse into one job. */
export const outboxJobId = (eventId: number | string): string => `evt-${eventId}`;

/** The outbox event id of a job, or null for a job that is not an outbox event (a derived job). */
export function outboxEventIdOf(jobId: string | undefined): number | null {
  const match = /^evt-(\d+)$/.exec(jobId ?? '');
  return match ? Number(match[1]) : null;
}

/** An outbox row as the event its consumers receive. */
export function domainEventOf<N extends DomainEventName>(row: OutboxRow<N>): DomainEventOf<N> {
  const event: DomainEventOf<N> = { id: Number(row.id), name: row.name, payload: row.payload, occurredAt: new Date(row.created_at).toISOString() };
  return event;
}

@Injectable()
export class OutboxService implements OnModuleInit {
  private readonly logger = new Logger('Outbox');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onModuleInit(): void {
    // Any process answers /metrics with the same count: it is read from the database.
    countOutboxDeadLettersWith(() => countDeadLetters(this.db));
  }

  /**
   * A consumer finished its work for an event: it is no longer owed. Called after the work
   * committed; a crash in between only means the (idempotent) work runs once more. `deadLetter`
   * says why an event that can never succeed (bad data) was given up: kept in `last_error`.
   */
  async settle(eventId: number, queue: string, deadLetter?: string): Promise<void> {
    await removePendingQueue(this.db, eventId, queue, deadLetter === undefined ? null : `${queue}: ${deadLetter}`.slice(0, 500));
  }

  /**
   * A consumer's attempt at an event failed with `error`: answers what the consumer throws so
   * that BullMQ does the right thing. An UnrecoverableError settles the event as given up (settle);
   * an outage or a BullMQ signal counts nothing (failureVerdict) and goes BullMQ's way; any other
   * failure is one attempt more of this event at this queue, in Postgres (so attempts add up across
   * BullMQ's retries, the sweeper's and lost jobs), and at `maxAttempts` the delivery is a dead
   * letter: the queue owes the event no more, so the sweeper leaves it; one warn line and the
   * counter say so, and an UnrecoverableError stops BullMQ's retries. If the count itself cannot
   * be written (Postgres away meanwhile) the error goes BullMQ's way uncounted.
   */
  async recordFailure(eventId: number, queue: string, error: unknown, maxAttempts: number): Promise<unknown> {
    const verdict = failureVerdict(error);
    if (verdict === 'given-up') {
      await this.settle(eventId, queue, (error as Error).message);
      return error;
    }
    if (verdict === 'not-counted') return error;
    const text = failureText(error);
    let outcome: { name: DomainEventName; attempts: number; diedNow: boolean; dead: boolean } | null;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const event = await lockEventForDelivery(tx, eventId);
        if (!event) return null; // deleted meanwhile (account deletion): nothing is owed
        const counted = await countFailedAttempt(tx, eventId, queue, text);
        const diedNow = diesNow(counted, maxAttempts);
        if (diedNow) await markDeadLetter(tx, counted.id, eventId, queue);
        return { name: event.name, attempts: counted.attempts, diedNow, dead: counted.dead || diedNow };
      });
    } catch (recordError) {
      this.logger.debug(`outbox event ${eventId}: its failed attempt at ${queue} was not counted (${(recordError as Error).message})`);
      return error;
    }
    if (!outcome?.dead) return error;
    if (outcome.diedNow) {
      outboxDeadLetters.inc({ event: outcome.name, consumer: queue });
      this.logger.warn(`outbox event ${eventId} (${outcome.name}) is a dead letter at ${queue} after ${outcome.attempts} failed attempts; last error: ${text}`);
    }
    return new UnrecoverableError(`dead letter after ${outcome.attempts} failed attempts (replay it from the console): ${text}`);
  }

  /**
   * The consumer used a secret its event carried (a sealed email code) and it is owed to no one
   * else: the kept outbox row loses it (null in its place). Call it after the work is recorded, so
   * a re-delivery finds the work done and needs no secret.
   */
  async forgetSecret<N extends DomainEventName>(event: DomainEventOf<N>, field: keyof DomainEventMap[N] & string): Promise<void> {
    await clearPayloadSecret(this.db, event.id, event.name, field);
  }

  /**
   * Record an event inside the caller's transaction: it exists exactly when the change it
   * describes was committed. The NOTIFY is delivered on commit, and dropped on rollback.
   */
  async publish<N extends DomainEventName>(tx: EntityManager, name: N, payload: DomainEventMap[N]): Promise<void> {
    await insertEventsAndNotify(tx, name, [payload]);
  }

  async publishMany<N extends DomainEventName>(tx: EntityManager, name: N, payloads: DomainEventMap[N][]): Promise<void> {
    if (payloads.length === 0) return;
    await insertEventsAndNotify(tx, name, payloads);
  }

  /** The id of the latest event written so far (0 with none): the mark for takeOverEventsSince. */
  latestEventId(): Promise<number> {
    return selectLatestEventId(this.db);
  }

  /**
   * Takes the events of one name written after `afterId`, not yet relayed, away from the relay:
   * they are marked delivered and owed to no queue, and the caller does their consumers' work
   * itself. For a batch job with no one to push to or notify (the demo seed), which would
   * otherwise hand the workers a backlog at the app's first start.
   */
  async takeOverEventsSince<N extends DomainEventName>(afterId: number, name: N): Promise<DomainEventOf<N>[]> {
    return (await takeOverEvents(this.db, afterId, name)).map((row) => domainEventOf(row));
  }

  /** Seconds since the oldest event still waiting for the relay was written; 0 when none waits (the outbox lag gauge). */
  async oldestPendingAgeSeconds(): Promise<number> {
    return Math.max(0, (await selectOldestPendingAge(this.db)) ?? 0);
  }

  /** The outbox at a glance (the console's health): events waiting, the oldest one's age, those whose hand-over keeps failing, and the dead letters. */
  async health(): Promise<ConsoleHealth['outbox']> {
    const [pending, oldest, failing, deadLetters] = await Promise.all([
      countPending(this.db),
      selectOldestPendingAge(this.db),
      selectFailingEvents(this.db, OWED_TOO_LONG_SECONDS, FAILING_SHOWN),
      countDeadLetters(this.db),
    ]);
    return {
      pending,
      oldest_pending_seconds: oldest === null ? null : Math.max(0, Math.floor(oldest)),
      failing: failing.map(toFailingEvent),
      dead_letters: deadLetters,
    };
  }
}
