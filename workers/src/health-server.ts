import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { DataSource } from 'typeorm';
import { APP_ENV } from '@scoreline/backend/platform/config/config.module';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { pingDatabase } from '@scoreline/backend/platform/database/database.queries';
import { metricsAccessAllowed } from '@scoreline/backend/platform/metrics/metric-labels';
import { metricsRegistry, outboxLagSeconds, queueJobs } from '@scoreline/backend/platform/metrics/metrics';
import { QUEUES } from '@scoreline/backend/platform/outbox/event-routes';
import { OutboxService } from '@scoreline/backend/platform/outbox/outbox.service';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';

/** The job states reported per queue on each scrape. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

/**
 * The worker's own HTTP port, for Kubernetes and Prometheus:
 * - GET /health/live: the process answers (touches nothing: an outage elsewhere must not restart it);
 * - GET /health/ready (and /health): Postgres and Redis answer, or 503;
 * - GET /metrics: Prometheus text, queue depths and outbox lag read at scrape time.
 */
export function startHealthServer(app: INestApplicationContext, port: number): Server {
  const db = app.get(DataSource);
  const redis = app.get<Redis>(REDIS);
  const env = app.get<AppEnv>(APP_ENV);
  const outbox = app.get(OutboxService);
  const queues = QUEUES.map((name) => app.get<Queue>(getQueueToken(name), { strict: false }));

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function refreshScrapeTimeGauges(): Promise<void> {
    const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...QUEUE_STATES)));
    queues.forEach((queue, i) => {
      for (const state of QUEUE_STATES) queueJobs.set({ queue: queue.name, state }, counts[i][state] ?? 0);
    });
    outboxLagSeconds.set(await outbox.oldestPendingAgeSeconds());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET') return json(res, 405, { message: 'Method not allowed.' });
    if (path === '/health/live') return json(res, 200, { status: 'ok' });
    if (path === '/health/ready' || path === '/health') {
      try {
        await Promise.all([pingDatabase(db), redis.ping()]);
        return json(res, 200, { status: 'ok' });
      } catch (error) {
        return json(res, 503, { status: 'error', message: (error as Error).message });
      }
    }
    if (path === '/metrics') {
      if (!metricsAccessAllowed(req.headers.authorization, env.metricsToken)) return json(res, 401, { message: 'A valid metrics token is required.' });
      // Redis or Postgres being down must not hide the process metrics: the gauges keep their last values.
      await refreshScrapeTimeGauges().catch(() => undefined);
      res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(await metricsRegistry.metrics());
      return;
    }
    return json(res, 404, { message: 'Not found.' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) json(res, 500, { message: 'The health server failed.', detail: error.message });
    });
  });
  server.listen(port);
  return server;
}
