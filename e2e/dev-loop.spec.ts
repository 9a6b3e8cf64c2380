import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../backend/test/support/owned-processes';
import { deleteRunKeys } from '../backend/test/support/run-keys';

/**
 * `npm run dev` (scripts/dev.js) as a developer runs it, beside the suite's app: the API and the
 * workers under the Nest CLI's watch mode, the frontend on Vite's dev server proxying /api to the
 * API, on ports, a database and a queue prefix of its own. The browser opens the app from Vite and
 * signs up through the proxy; Ctrl-C (SIGINT to the process group, as a terminal sends it) stops
 * every process it started.
 */
const ROOT = join(__dirname, '..');


test.describe('npm run dev', () => {
  test.setTimeout(480_000);
  const database = new URL(`postgres://postgres@127.0.0.1:5432/scoreline_devloop_test_${process.env.E2E_RUN_ID}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'scoreline-devloop-'));
  const redisUrl = 'redis://127.0.0.1:6379';
  const queuePrefix = `sldev-${process.env.E2E_RUN_ID}`;
  let dev: ChildProcess | undefined;

  test.afterAll(async () => {
    // The whole group, whatever happened: dev.js and what it started (nest, tsc, node, vite).
    if (dev?.pid !== undefined && dev.exitCode === null && dev.signalCode === null) {
      const gone = new Promise((resolve) => dev!.once('exit', resolve));
      try {
        process.kill(-dev.pid, 'SIGKILL');
        await gone;
      } catch {
        /* gone already */
      }
    }
    // Once nothing of it runs: its queue prefix's keys (never the suite app's, sle2e-).
    await deleteRunKeys(redisUrl, queuePrefix);
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new Client({ connectionString: new URL('/postgres', database).toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  });

  test('serves the app from Vite with the API behind its proxy, and Ctrl-C stops all of it', async ({ page }) => {
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATABASE_URL: database.toString(),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      FEED_ENABLED: 'false',
      NOTIFICATION_SCHEDULER: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.SMTP_URL;
    delete env.APP_URL;
    const output: string[] = [];
    dev = spawn(process.execPath, [join(ROOT, 'scripts', 'dev.js')], { cwd: ROOT, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    dev.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    dev.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => dev!.once('exit', (code) => resolve(code)));

    // dev.js says "ready" once the API answers, Vite serves the index and the proxy reaches the API.
    const ready = `ready: open http://localhost:${webPort}/`;
    await expect
      .poll(() => {
        if (dev!.exitCode !== null) throw new Error(`npm run dev exited early:\n${output.join('')}`);
        return output.join('').includes(ready);
      }, { timeout: 360_000, intervals: [1000] })
      .toBe(true);

    // The page comes from Vite's dev server (its hot-reload client in the index), its calls from the API.
    const index = await (await fetch(`http://localhost:${webPort}/`)).text();
    expect(index).toContain('/@vite/client');
    await page.goto(`http://localhost:${webPort}/signup`);
    await page.getByLabel('First name').fill('Dev');
    await page.getByLabel('Last name').fill('Loop');
    await page.getByLabel('Username').fill('devloop');
    await page.getByLabel('Email').fill('devloop@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm password').fill('correct-horse-1');
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    const signUp = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().startsWith(`http://localhost:${webPort}/api/auth/`));
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect((await signUp).status()).toBe(201);
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    const health = await page.request.get(`http://localhost:${webPort}/api/health`);
    expect(health.status()).toBe(200);

    process.kill(-dev.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000))]);
    expect(code, output.join('').slice(-4000)).toBe(0);
    for (const port of [apiPort, webPort]) {
      await expect(fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    }
  });
});
