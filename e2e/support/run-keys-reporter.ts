import type { FullResult, Reporter } from '@playwright/test/reporter';
import { deleteRunKeys } from '../../backend/test/support/run-keys';

/**
 * Deletes the run's Redis keys (QUEUE_PREFIX sle2e-<run>, playwright.config.ts) at the very end.
 * A reporter, not the globalTeardown: Playwright runs the globalTeardown before it stops the
 * webServer, and the app (its workers, schedulers, feed poller) would write keys again after
 * them; a reporter's onEnd comes once the webServer is stopped.
 */
export default class RunKeysReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  async onEnd(_result: FullResult): Promise<void> {
    await deleteRunKeys('redis://127.0.0.1:6379', `sle2e-${process.env.E2E_RUN_ID}`);
  }
}
