import type { FullResult, Reporter } from '@playwright/test/reporter';
import { Client } from 'pg';
import { deleteRunKeys } from '../../backend/test/support/run-keys';

/**
 * Takes away what the run made — its Redis keys (QUEUE_PREFIX sle2e-<run>, playwright.config.ts)
 * and its database — at the very end. A reporter, not a globalTeardown: Playwright runs the
 * globalTeardown before it stops the webServer, and the app (its workers, schedulers, feed
 * poller) would write keys again after them and fail on a database dropped under it; a
 * reporter's onEnd comes once the webServer is stopped.
 */
export default class RunEndReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  async onEnd(_result: FullResult): Promise<void> {
    await deleteRunKeys('redis://127.0.0.1:6379', `sle2e-${process.env.E2E_RUN_ID}`);
    await dropRunDatabase(process.env.E2E_DATABASE_URL!);
  }
}

async function dropRunDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!name.includes('test')) throw new Error(`Refusing to drop "${name}"`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
