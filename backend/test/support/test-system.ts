import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import TestAgent from 'supertest/lib/agent';
import { createApiApp, metricsAddress } from '@scoreline/backend/app.factory';
import { BackgroundWorkService } from '@scoreline/backend/auth/background-work.service';
import { QUEUES } from '@scoreline/backend/platform/outbox/event-routes';
import { ReconcileScheduler } from '@scoreline/backend/reconcile/reconcile.scheduler';
import { createWorkersApp } from '@scoreline/workers/main';
import { SmtpCapture } from './smtp-capture';

/** The real system for one test file: API, workers and an SMTP server, on the run's database. */
export interface TestSystem {
  api: INestApplication;
  workers: INestApplicationContext;
  http: TestAgent;
  /** http://127.0.0.1:<port> of the listening API (for socket clients). */
  baseUrl: string;
  /** The API's metrics listener (METRICS_PORT, a free port in tests): `sys.metrics.get('/metrics')`. */
  metrics: TestAgent;
  /** http://127.0.0.1:<port> of that listener. */
  metricsUrl: string;
  db: DataSource;
  smtp: SmtpCapture;
  /** Wait until the outbox is relayed and every queue is idle. */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The last start, and the system it made while that is open. A file whose beforeAll timed out on a
 * slow machine never gets its system, yet the start goes on and then holds the SMTP port (one per
 * jest process) and the workers: the next start closes it first, so one slow boot fails one file,
 * not every file after it in the band.
 */
let lastStart: Promise<TestSystem> | null = null;
let lastOpen: TestSystem | null = null;

export async function startTestSystem(): Promise<TestSystem> {
  const leftover = await lastStart?.catch(() => null);
  if (leftover && leftover === lastOpen) await leftover.close();
  lastStart = startSystem();
  return lastStart;
}

async function startSystem(): Promise<TestSystem> {
  const smtp = new SmtpCapture();
  await smtp.listen(Number(new URL(process.env.SMTP_URL!).port));
  let api: INestApplication;
  try {
    api = await createApiApp();
  } catch (error) {
    await smtp.close();
    throw error;
  }
  await api.listen(0, '127.0.0.1');
  const { port } = api.getHttpServer().address() as { port: number };
  const metricsAt = metricsAddress(api);
  if (!metricsAt) throw new Error('The API started without its metrics listener: METRICS_PORT is off (tests default to 0, a free port)');
  const metricsUrl = `http://127.0.0.1:${metricsAt.port}`;
  const workers = await createWorkersApp();
  await workers.init();
  // The workers' start pass would otherwise race the file's own set-up (it backfills and repairs).
  await workers.get(ReconcileScheduler, { strict: false }).idle();
  const db = api.get(DataSource);
  const queues = QUEUES.map((name) => workers.get<Queue>(getQueueToken(name)));

  async function settle(timeoutMs = 60_000): Promise<void> {
    await api.get(BackgroundWorkService).idle();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ pending }]: { pending: number }[] = await db.query(
        `SELECT count(*)::int AS pending FROM outbox_events WHERE dispatched_at IS NULL OR pending_queues <> '{}'`,
      );
      const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')));
      const busy = counts.reduce((sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0), 0);
      if (pending === 0 && busy === 0) return;
      if (Date.now() > deadline) {
        const owed: { id: string; name: string; pending_queues: string[] }[] = await db.query(
          `SELECT id, name, pending_queues FROM outbox_events WHERE dispatched_at IS NULL OR pending_queues <> '{}' ORDER BY id LIMIT 5`,
        );
        throw new Error(`System did not settle: ${pending} outbox rows, ${busy} jobs; e.g. ${JSON.stringify(owed)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const system: TestSystem = {
    api,
    workers,
    http: request(api.getHttpServer()),
    baseUrl: `http://127.0.0.1:${port}`,
    metrics: request(metricsUrl),
    metricsUrl,
    db,
    smtp,
    settle,
    async close() {
      if (lastOpen === system) lastOpen = null;
      await workers.close();
      await api.close();
      await smtp.close();
    },
  };
  lastOpen = system;
  return system;
}
