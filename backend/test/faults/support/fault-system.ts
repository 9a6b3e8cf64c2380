import { JwtService } from '@nestjs/jwt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { outageLog } from '@scoreline/backend/platform/common/outage';
import { ensureDatabaseExists, migrateAndSeed } from '@scoreline/backend/platform/database/migrate';
import { PostgresClient } from '@scoreline/backend/platform/database/postgres-client';
import { AppProcess, startAppProcess, waitForHealth } from '../../support/processes';
import { buildFaultGame, DEFAULT_SIZE, FaultGame, FaultGameSize } from './dataset';
import { freePort, killOwned, ownChild, pollUntil } from '../../support/owned-processes';
import { PrivatePostgres } from './private-postgres';
import { PrivateRedis } from '../../support/private-redis';

const JWT_SECRET = 'fault-suite-secret-0123456789';

// This process's own connections (the checker's pool, the queue handles) ride through the faults
// too: they report to the outage logs, quietly; what the app processes print is what is tested.
const quiet = { warn: () => undefined };
outageLog('PostgreSQL', quiet);
outageLog('Redis', quiet);

export interface HttpAnswer<T = unknown> {
  status: number;
  body: { data?: T; message?: string } | null;
}

/**
 * One scenario's world: a private PostgreSQL and Redis, the app's migrations, a built game,
 * and the API and ONE worker as separate processes of the real build, killable by PID.
 */
export class FaultSystem {
  api!: AppProcess;
  worker: AppProcess | null = null;
  apiUrl!: string;
  db!: DataSource;
  game!: FaultGame;
  private env!: Record<string, string>;
  private workerHealthPort = 0;
  private readonly jwt = new JwtService({ secret: JWT_SECRET, signOptions: { expiresIn: '1h' } });
  private readonly queues: Queue[] = [];

  private constructor(
    readonly pg: PrivatePostgres,
    readonly redis: PrivateRedis,
  ) {}

  /** `env`: settings for both processes beyond the suite's (e.g. RECONCILE_INTERVAL_SECONDS). */
  static async start(size: Partial<FaultGameSize> = {}, env: Record<string, string> = {}): Promise<FaultSystem> {
    const [pg, redis] = await Promise.all([PrivatePostgres.start(), PrivateRedis.start()]);
    const sys = new FaultSystem(pg, redis);
    try {
      const databaseUrl = pg.url('scoreline_faults');
      await ensureDatabaseExists(databaseUrl);
      await migrateAndSeed(databaseUrl);
      sys.db = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 4, Client: PostgresClient }, poolErrorHandler: () => undefined });
      await sys.db.initialize();
      sys.game = await buildFaultGame(sys.db, { ...DEFAULT_SIZE, ...size });
      const port = await freePort();
      sys.workerHealthPort = await freePort();
      sys.apiUrl = `http://127.0.0.1:${port}`;
      sys.env = {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        SMTP_URL: '',
        JWT_SECRET,
        APP_URL: sys.apiUrl,
        ADMIN_EMAILS: '',
        RATE_LIMIT_FACTOR: '1000',
        QUEUE_PREFIX: 'faults',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NOTIFICATION_SCHEDULER: 'false',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'scoreline-faults-data-')),
        ...env,
      };
      sys.api = startAppProcess('backend', { ...sys.env, PORT: String(port) });
      ownChild(sys.api.child, 'api');
      await Promise.all([waitForHealth(sys.apiUrl, sys.api, 90_000), sys.startWorker()]);
      return sys;
    } catch (error) {
      await sys.stop();
      throw error;
    }
  }

  /** A signed access token for a user of the game (as login would answer). */
  token(userId: number): string {
    return this.jwt.sign({ sub: userId, tv: 0, username: `user${userId}` });
  }

  get adminToken(): string {
    return this.token(this.game.adminId);
  }

  async http<T = unknown>(method: string, path: string, token: string | null, body?: unknown): Promise<HttpAnswer<T>> {
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: HttpAnswer<T>['body'] = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  }

  /** A final result through the admin API, as an operator records it. */
  async recordResult(fixtureId: number, home: number, away: number, status: 'live' | 'finished' = 'finished'): Promise<void> {
    const answer = await this.http('PUT', `/api/admin/fixtures/${fixtureId}/result`, this.adminToken, { home_score: home, away_score: away, status });
    if (answer.status !== 200) throw new Error(`result for fixture ${fixtureId} → ${answer.status}: ${answer.body?.message}`);
  }

  async startWorker(): Promise<void> {
    const worker = startAppProcess('workers', { ...this.env, HEALTH_PORT: String(this.workerHealthPort) });
    ownChild(worker.child, 'worker');
    this.worker = worker;
    await pollUntil('worker health', 90_000, async () => {
      if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output.join('')}`);
      const res = await fetch(`http://127.0.0.1:${this.workerHealthPort}/health`);
      return res.ok ? true : undefined;
    }, 200);
  }

  /** SIGKILL the worker by its PID: no shutdown hook runs, its jobs' locks just stop being renewed. */
  async killWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker || worker.child.exitCode !== null) return;
    const exited = new Promise((r) => worker.child.once('exit', r));
    process.kill(worker.child.pid!, 'SIGKILL');
    await exited;
  }

  /** A BullMQ handle on one of the app's queues in the private Redis (to watch, never to feed). */
  queue(name: string): Queue {
    const queue = new Queue(name, { connection: { url: this.redis.url }, prefix: this.env.QUEUE_PREFIX });
    queue.on('error', () => undefined); // Redis restarts are the point; BullMQ would print each error's stack
    this.queues.push(queue);
    return queue;
  }

  /** Stop everything this system started, by PID, whatever state it is in. */
  async stop(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
    await Promise.all([this.api?.stop(), this.worker?.stop()]);
    await this.db?.destroy().catch(() => undefined);
    await this.redis.stop();
    await this.pg.destroy();
    killOwned();
    if (this.env?.DATA_DIR) rmSync(this.env.DATA_DIR, { recursive: true, force: true });
  }
}
