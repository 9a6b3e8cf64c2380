import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The config is evaluated in the runner and again in each worker; the first evaluation fixes the
// run's identity in the environment, which the workers inherit.
process.env.E2E_RUN_ID ??= `${Date.now()}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'scoreline-e2e-'));
process.env.E2E_PORT ??= '3100';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/scoreline_e2e_test_${process.env.E2E_RUN_ID}`;
process.env.E2E_DATABASE_URL ??= databaseUrl;
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
// The results feed's football-data.org stand-in (scripts/start.js starts it, the workers poll it)
// on a port of its own, free when the run starts, so the specs can script it (e2e/support/stand-in.ts).
process.env.E2E_STAND_IN_PORT ??= freePort();
process.env.E2E_STAND_IN_URL ??= `http://127.0.0.1:${process.env.E2E_STAND_IN_PORT}`;

/** A port free on 127.0.0.1 now (asked of a child process: the config is read synchronously). */
function freePort(): string {
  const script = "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

export default defineConfig({
  testDir: 'e2e',
  // A flow's steps wait on the app; in CI the integration suites share the machine's two cores
  // with this run, and a long flow passed 60 s there with every step green, only slow.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The second one deletes the run's Redis keys and drops its database once the app has stopped (e2e/support/run-end-reporter.ts).
  reporter: [['list'], ['./e2e/support/run-end-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Chromium paints every animation frame in software here: the header's pulsing online dot alone kept
    // its GPU process and renderer busy on every signed-in page, the largest CPU user of `npm test`
    // (about 0.8 of a core through the browser line). The app honours the setting (index.css), so the
    // screens hold still; live.spec.ts turns motion back on for the leaderboard's sliding rows.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  // The app exactly as `npm start` runs it, on a fresh database; mail goes to DATA_DIR/mail.
  webServer: {
    command: 'node scripts/start.js',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      // Its keys are deleted by the run-keys reporter (same URL and prefix).
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATA_DIR: process.env.E2E_DATA_DIR,
      QUEUE_PREFIX: `sle2e-${process.env.E2E_RUN_ID}`,
      ADMIN_EMAILS: 'admin@e2e.scoreline.test',
      RATE_LIMIT_FACTOR: '100',
      JWT_SECRET: 'e2e-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      // The end-to-end flows read codes from the mails: no reminder or digest sweeps among them.
      NOTIFICATION_SCHEDULER: 'false',
      FEED_STAND_IN_PORT: process.env.E2E_STAND_IN_PORT,
    },
  },
});
