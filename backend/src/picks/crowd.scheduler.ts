import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CrowdService } from './crowd.service';
import { coalescingRunner } from '../reconcile/pass-triggers';

/** How often the worker looks for gameweeks that locked without crowd figures. */
const CHECK_EVERY_MS = 15_000;

/**
 * Computes the crowd of each gameweek once it locks: a plain timer (not a queued job, so losing
 * Redis loses nothing) that finds locked gameweeks without figures and computes them. Replicas
 * may all check: the computation's advisory lock and re-check make the second one a no-op, and
 * a read that comes first computes them itself.
 */
@Injectable()
export class CrowdScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Crowd');
  private readonly runner = coalescingRunner(async () => {
    const computed = await this.crowd.computeDue();
    if (computed > 0) this.logger.log(`Crowd figures computed for ${computed} gameweek(s)`);
  });
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly crowd: CrowdService) {}

  onApplicationBootstrap(): void {
    this.trigger();
    this.timer = setInterval(() => this.trigger(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.runner.idle().catch(() => undefined);
  }

  private trigger(): void {
    this.runner.trigger().catch((error: unknown) => {
      this.logger.error(`Crowd check failed: ${(error as Error).message}`);
    });
  }
}
