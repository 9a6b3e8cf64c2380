import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { isOutageError } from '../platform/common/outage';
import { ReconcilerService } from './reconciler.service';
import { REDIS } from '../platform/redis/redis.module';
import { coalescingRunner, reconnectWatcher } from './pass-triggers';

/**
 * Runs the reconciler in the worker: once at start, every RECONCILE_INTERVAL_SECONDS, and
 * whenever the worker's Redis connection is back after being down (Redis may have lost every
 * queued job meanwhile). A plain timer in the process, not a BullMQ repeatable job, for that
 * same reason. Replicas may all trigger: the pass's advisory lock lets one run, the others skip.
 */
@Injectable()
export class ReconcileScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Reconciler');
  private readonly runner = coalescingRunner(async () => {
    await this.reconciler.runPass();
  });
  private timer: NodeJS.Timeout | null = null;
  private readonly watch = reconnectWatcher(() => this.trigger('Redis reconnect'));

  constructor(
    private readonly reconciler: ReconcilerService,
    @Inject(APP_ENV) private readonly env: AppEnv,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    this.redis.on('close', this.watch.down);
    this.redis.on('ready', this.watch.ready);
    this.trigger('start');
    if (this.env.reconcileIntervalSeconds > 0) {
      this.timer = setInterval(() => this.trigger('schedule'), this.env.reconcileIntervalSeconds * 1000);
      this.timer.unref();
    }
  }

  /** Resolves when no pass is running (tests start from a settled system, not beside a start pass). */
  idle(): Promise<void> {
    return this.runner.idle().catch(() => undefined);
  }

  /** A pass must not outlive the database connection it runs on. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.redis.off('close', this.watch.down);
    this.redis.off('ready', this.watch.ready);
    await this.idle();
  }

  private trigger(reason: string): void {
    this.runner.trigger().catch((error: unknown) => {
      // Postgres or Redis away: the outage log has said so, and the next trigger runs a pass again.
      if (isOutageError(error)) this.logger.debug(`Reconciler pass (${reason}) failed: ${(error as Error).message}`);
      else this.logger.error(`Reconciler pass (${reason}) failed: ${(error as Error).message}`);
    });
  }
}
