import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { DomainEvent, DomainEventName } from '../../../contracts/src/events';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { DEFAULT_JOB_OPTIONS, EVENT_ROUTES, QUEUES, QueueName } from './event-routes';
import { OUTBOX_CHANNEL } from './outbox.service';

const BATCH_SIZE = 200;
const POLL_MS = 1000;

/**
 * Moves outbox rows to BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * worker replicas can relay side by side; a row is marked dispatched only after every queue
 * accepted its job, so Redis being down delays events and never loses them. Job ids are the
 * outbox id, so a row relayed twice (crash between enqueue and commit) collapses in BullMQ.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly queues = new Map<QueueName, Queue>();
  private listener: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_ENV) private readonly env: AppEnv,
    moduleRef: ModuleRef,
  ) {
    for (const name of QUEUES) this.queues.set(name, moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.listener = new Client({ connectionString: this.env.databaseUrl });
    this.listener.on('error', (error) => this.logger.warn(`outbox listener: ${error.message}`));
    this.listener.on('notification', () => void this.drain());
    await this.listener.connect();
    await this.listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.timer = setInterval(() => void this.drain(), POLL_MS);
    void this.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.end().catch(() => undefined);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
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
      this.logger.warn(`outbox relay paused: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  private async relayBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows: { id: string; name: DomainEventName; payload: unknown; created_at: Date }[] = await tx.query(
        `SELECT id, name, payload, created_at FROM outbox_events
         WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE],
      );
      if (rows.length === 0) return 0;
      try {
        for (const [queueName, queue] of this.queues) {
          const jobs = rows
            .filter((row) => EVENT_ROUTES[row.name]?.includes(queueName))
            .map((row) => {
              const event: DomainEvent = {
                id: Number(row.id),
                name: row.name,
                payload: row.payload as DomainEvent['payload'],
                occurredAt: new Date(row.created_at).toISOString(),
              };
              return { name: row.name, data: event, opts: { ...DEFAULT_JOB_OPTIONS, jobId: `evt-${row.id}` } };
            });
          if (jobs.length > 0) await queue.addBulk(jobs);
        }
      } catch (error) {
        // Keep the rows pending (and say why); the next poll or NOTIFY tries again.
        await tx.query(`UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1)`, [
          rows.map((r) => r.id),
          (error as Error).message.slice(0, 500),
        ]);
        this.logger.warn(`outbox relay could not enqueue: ${(error as Error).message}`);
        return 0;
      }
      await tx.query(`UPDATE outbox_events SET dispatched_at = now(), attempts = attempts + 1 WHERE id = ANY($1)`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }
}
