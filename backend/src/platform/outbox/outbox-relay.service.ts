import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { warnUnlessOutage } from '../common/outage';
import { PostgresClient } from '../database/postgres-client';
import { outboxRedispatches } from '../metrics/metrics';
import { EVENT_ROUTES, QUEUES, QueueName } from './event-routes';
import { claimOwed, claimUndispatched, listenForEvents, markDispatched, recordRelayFailure, removePendingQueue } from './outbox.queries';
import { deliverAgain, outboxJobOf } from './redelivery';

const BATCH_SIZE = 200;
const POLL_MS = 1000;
/** How often the sweeper looks for owed events whose job is gone or failed. */
const SWEEP_MS = 5000;
/** An event younger than this is left alone: its job is almost surely still on its way. */
const SWEEP_AFTER_SECONDS = 10;
const SWEEP_BATCH = 500;
/**
 * Backoff of the LISTEN connection's re-opening after Postgres went away. Capped at 2 s: a try
 * against a Postgres still down costs nothing, and a 5 s step had the relay listening 5.1 s after
 * a 3 s restart (polling covered the gap, a poll interval late).
 */
export const LISTEN_RETRY_MS = [250, 500, 1000, 2000];

/**
 * Moves outbox rows to BullMQ, and makes sure each event's work is done, not merely queued.
 *
 * - Relay: rows are claimed with FOR UPDATE SKIP LOCKED (any number of worker replicas relay side
 *   by side), copied to every queue that consumes them with the outbox id as job id (a row relayed
 *   twice collapses in BullMQ), and marked dispatched with the queues still owed
 *   (`pending_queues`) only after every queue accepted its job: Redis down delays events.
 * - Settlement: a consumer removes its queue from `pending_queues` after its work committed
 *   (OutboxConsumer).
 * - Sweeper: an event still owed to a queue after SWEEP_AFTER_SECONDS whose job is unknown to
 *   Redis (Redis lost its data) is enqueued again; one that failed for good (retries or stalls
 *   exhausted) is retried; one that completed without settling is settled. Handlers are
 *   idempotent, so a second run is harmless. So an event's effect happens whatever Redis or a
 *   worker did to its job. Not forever: a delivery whose consumer failed OUTBOX_MAX_ATTEMPTS
 *   times is a dead letter, owed no more (OutboxService.recordFailure), until an operator replays it.
 * - The LISTEN connection is re-opened whenever Postgres drops it (polling covers the gap).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly queues = new Map<QueueName, Queue>();
  private listener: PostgresClient | null = null;
  private listenAttempt = 0;
  private listenRetry: NodeJS.Timeout | null = null;
  private timers: NodeJS.Timeout[] = [];
  private running = false;
  private again = false;
  private sweeping = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_ENV) private readonly env: AppEnv,
    moduleRef: ModuleRef,
  ) {
    for (const name of QUEUES) this.queues.set(name, moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
    this.timers.push(setInterval(() => void this.drain(), POLL_MS));
    this.timers.push(setInterval(() => void this.sweep(), SWEEP_MS));
    void this.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.listenRetry) clearTimeout(this.listenRetry);
    await this.listener?.end().catch(() => undefined);
    while (this.running || this.sweeping) await new Promise((r) => setTimeout(r, 20));
  }

  /** Open the LISTEN connection; when it fails or drops, try again with backoff until it holds. */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    // A PostgresClient: its failures go to the process's outage log (one line per outage).
    const client = new PostgresClient({ connectionString: this.env.databaseUrl });
    this.listener = client;
    let dropped = false;
    const reopen = (reason: unknown) => {
      if (dropped || this.stopped) return;
      dropped = true;
      client.end().catch(() => undefined);
      const delay = LISTEN_RETRY_MS[Math.min(this.listenAttempt++, LISTEN_RETRY_MS.length - 1)];
      // Postgres away is said once by the outage log; anything else is worth a line of its own.
      warnUnlessOutage(this.logger, reason, `outbox listener lost (${reason instanceof Error ? reason.message : String(reason)}); re-opening in ${delay} ms`);
      this.listenRetry = setTimeout(() => void this.listen(), delay);
    };
    client.on('error', (error) => reopen(error));
    client.on('end', () => reopen('connection ended'));
    client.on('notification', () => void this.drain());
    try {
      await client.connect();
      await listenForEvents(client);
      if (this.listenAttempt > 0) this.logger.debug('outbox listener re-opened');
      this.listenAttempt = 0;
      void this.drain(); // whatever was written while we were not listening
    } catch (error) {
      reopen(error);
    }
  }

  /** Relay until the outbox is empty; concurrent calls fold into one more pass. */
  async drain(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && (await this.relayBatch()) === BATCH_SIZE) {
          /* keep going while batches are full */
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      warnUnlessOutage(this.logger, error, `outbox relay paused: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  private async relayBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await claimUndispatched(tx, BATCH_SIZE);
      if (rows.length === 0) return 0;
      try {
        for (const [queueName, queue] of this.queues) {
          const jobs = rows.filter((row) => EVENT_ROUTES[row.name]?.includes(queueName)).map((row) => outboxJobOf(row));
          if (jobs.length > 0) await queue.addBulk(jobs);
        }
      } catch (error) {
        // Keep the rows pending (and say why); the next poll or NOTIFY tries again.
        await recordRelayFailure(
          tx,
          rows.map((r) => r.id),
          (error as Error).message.slice(0, 500),
        );
        warnUnlessOutage(this.logger, error, `outbox relay could not enqueue: ${(error as Error).message}`);
        return 0;
      }
      await markDispatched(
        tx,
        rows.map((r) => r.id),
        EVENT_ROUTES,
      );
      return rows.length;
    });
  }

  /**
   * Hand out again what is owed and no longer on its way: one pass over the oldest owed events.
   * Answers how many deliveries were re-enqueued, retried or settled (tests call it directly).
   */
  async sweep(): Promise<number> {
    if (this.stopped || this.sweeping) return 0;
    this.sweeping = true;
    try {
      return await this.db.transaction((tx) => this.sweepBatch(tx));
    } catch (error) {
      warnUnlessOutage(this.logger, error, `outbox sweeper paused: ${(error as Error).message}`);
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  private async sweepBatch(tx: EntityManager): Promise<number> {
    const rows = await claimOwed(tx, SWEEP_AFTER_SECONDS, SWEEP_BATCH);
    const counts = { lost: 0, failed: 0, completed: 0 };
    const settled: { id: string; queue: string }[] = [];
    for (const row of rows) {
      for (const queueName of row.pending_queues) {
        const queue = this.queues.get(queueName as QueueName);
        if (!queue) {
          settled.push({ id: row.id, queue: queueName }); // a consumer that no longer exists
          continue;
        }
        const done = await deliverAgain(queue, row);
        if (done === 'enqueued') {
          outboxRedispatches.inc({ queue: queueName, reason: 'lost' });
          counts.lost++;
        } else if (done === 'retried') {
          outboxRedispatches.inc({ queue: queueName, reason: 'failed' });
          counts.failed++;
        } else if (done === 'completed') {
          settled.push({ id: row.id, queue: queueName });
          counts.completed++;
        }
      }
    }
    for (const { id, queue } of settled) {
      await removePendingQueue(tx, id, queue);
    }
    const handled = counts.lost + counts.failed + counts.completed;
    if (handled > 0) {
      this.logger.warn(
        `outbox sweeper: ${counts.lost} deliveries whose job was lost enqueued again, ${counts.failed} failed jobs retried, ${counts.completed} completed jobs settled`,
      );
    }
    return handled;
  }
}
