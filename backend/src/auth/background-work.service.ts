import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/**
 * Work that depends on whether an account exists (issuing a reset or a new code) runs after the
 * answer, so the answer's timing cannot tell. Failures are logged (the user can ask again);
 * shutdown and tests wait for what is still running (`idle`).
 */
@Injectable()
export class BackgroundWorkService implements OnApplicationShutdown {
  private readonly logger = new Logger(BackgroundWorkService.name);
  private readonly running = new Set<Promise<void>>();

  run(label: string, work: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: Error) => this.logger.warn(`${label} failed: ${error.message}`),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.idle();
  }
}
