import 'reflect-metadata';
import { join } from 'node:path';
import { waitFor } from './wait-for';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { JwtService } from '@nestjs/jwt';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { standingsCase } from './standings.bench';
import { smallLeaguesCase } from './small-leagues.bench';
import { pushLatencyCase } from './push-latency.bench';
import { signInCase } from './sign-in.bench';
import { frontendLcpCase } from './frontend-lcp.bench';
import { rankHistoryCase } from './rank-history.bench';
import { picksCase } from './picks.bench';
import { headlineCase } from './headline.bench';
import { pushFanoutCase } from './push-fanout.bench';
import { competitionsCase } from './competitions.bench';
import { feedCase } from './feed.bench';
import { feedBenchSettings, startBenchFeed, type BenchFeed } from './feed-stand-in';
import { API_NODE_FLAGS, SERVER_MALLOC_ENV } from '@scoreline/backend/platform/config/api-process';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { seedOneFixtureSeason } from './one-fixture-season';
import { prepareBenchDatabase, withServerAdmin } from './bench-users';
import { freePort, peakRssMbOf, startNodeProcess, type NodeProcess } from './node-process';
import { dataSourceOptions } from '@scoreline/backend/platform/database/data-source-options';
import { BENCH_SEASONS } from './bench-seasons';
import { ms, round } from './timing';
import { rawScoreUpdate } from './raw-score-update';

/**
 * `npm run bench`: measures the event pipeline on a scratch database `scoreline_bench_<ts>`
 * (created, migrated, dropped at the end; its users copied from the data set cached for that
 * count, `scoreline_bench_cache_<users>_<hash>`, when there is one), with the real API and workers
 * booted in-process.
 * Prints one line per figure. Other areas add their figures by appending to BENCH_CASES.
 *
 * Environment: BENCH_DATABASE_URL (any database on the server to bench on; default
 * postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL, BENCH_SCALE=100k|1m|100k,1m (the
 * number of bench users; each scale runs on its own scratch database; default 100k),
 * BENCH_USERS (an exact number instead of BENCH_SCALE), BENCH_FRESH=1 to drop the cached
 * data set and seed the users afresh,
 * BENCH_ONLY=<case name>[,<case name>] to run some cases only, KEEP_BENCH_DB=1 to keep the
 * scratch database, BENCH_PROFILE_DIR=<dir> for a V8 CPU profile of each process a case starts,
 * BENCH_TRACE_MEMORY=1 for the headline's memory (RSS, heap, external) once a second,
 * BENCH_WORKERS=process to run the workers as the real worker build in a
 * process of their own (then each process's peak RSS is printed; cases that reach into a
 * worker-only service need the default, in-process), and with it BENCH_API=process to run the API
 * as the real API build in a process of its own too (as deployed: its memory and CPU are then its
 * own, not shared with the bench's driver; cases that reach into the API's services in process are
 * refused).
 *
 * Arguments: `--competitions 2` adds the competitions case after the others (the headline and
 * scoring figures with a second competition live at once, against one alone: issue 34 §4);
 * BENCH_ONLY=competitions runs it alone. It is not in the default run: it seeds and measures the
 * headline twice more, each time with its floors, the leaderboard under load and the final
 * whistle's settling (2–3 min at 20k–50k users on this machine, more than the headline and
 * score-fixture cases together), and its check is meant for 1M, where it runs on its own:
 * `BENCH_SCALE=1m BENCH_ONLY=competitions npm run bench`.
 *
 * BENCH_ONLY=feed runs the results feed's case (issue 35 §4), not in the default run either: ten
 * matches live at once for BENCH_FEED_MINUTES (default 10) with a goal every BENCH_FEED_GOAL_SECONDS
 * (20), polled from a football-data.org stand-in at BENCH_FEED_REQUESTS_PER_MINUTE (10). The stand-in
 * is started here, before the apps, and the feed turned on in them against it (FEED_ENABLED,
 * FOOTBALL_DATA_BASE_URL, FEED_REQUESTS_PER_MINUTE): the apps read their environment once, when
 * their modules load, so a case cannot turn it on later.
 */

/** An app's services, when it runs in the bench's process (else every `get` is refused: BenchSettingError). */
export type InProcessApp = Pick<INestApplicationContext, 'get'>;

export interface BenchContext {
  db: DataSource;
  /** The API's services in this process; with BENCH_API=process, refused. */
  api: InProcessApp;
  /** The workers' services in this process; with BENCH_WORKERS=process, the API's copy of the domain services. */
  workers: InProcessApp;
  /** The API as a process of its own (BENCH_API=process), else null: the API runs in this process. */
  apiProcess: NodeProcess | null;
  /** Signs access tokens as the API checks them. */
  jwt: JwtService;
  /** The environment the apps parsed. */
  env: AppEnv;
  /** e.g. http://127.0.0.1:41234/api */
  baseUrl: string;
  /** Bearer token of an admin user. */
  adminToken: string;
  adminId: number;
  users: number;
  /** Wait until the outbox is relayed and every queue is idle. */
  settle(timeoutMs?: number): Promise<void>;
  /** The bench's own handle on a queue (the workers may run in another process). */
  queue(name: string): Queue;
  /** Whether the workers run in a process of their own (BENCH_WORKERS=process). */
  workersApart: boolean;
  /** The results feed's stand-in, which the workers poll: only when the feed case runs (else null, and the feed is off). */
  feed: BenchFeed | null;
}

export interface BenchCase {
  name: string;
  /** Seeds what it needs, measures, and returns its printed lines (one per figure). */
  run(ctx: BenchContext): Promise<string[]>;
}


async function call(ctx: BenchContext, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Score one fixture predicted by every bench user: from the admin result call to the totals
 * refreshed (the scores.updated row is committed in the same transaction as the totals),
 * against a single raw UPDATE … CASE of the same prediction rows.
 */
export const scoreFixtureCase: BenchCase = {
  name: 'score-fixture',
  async run(ctx) {
    // Its replay figure calls the workers' ScoringService in this process. Said before seeding, not
    // after a minute of it (Nest's own handler then aborted the run and left the worker process running).
    if (ctx.workersApart) throw new Error('score-fixture calls the workers in-process: run it without BENCH_WORKERS=process');
    const { db, users } = ctx;
    // One active season, one gameweek, one fixture in the future.
    let t = process.hrtime.bigint();
    const { season_id, fixture_id } = await seedOneFixtureSeason(db, {
      ...BENCH_SEASONS.scoreFixture,
      key: 'bench',
      gameweekStarts: '1 day',
      gameweekEnds: '1 day',
      kicksOff: '1 day',
    });
    await db.query(
      `INSERT INTO user_season_totals (user_id, season_id, predictions)
       SELECT user_id, season_id, 1 FROM predictions WHERE fixture_id = $1 ORDER BY user_id`,
      [fixture_id],
    );
    await db.query(`VACUUM ANALYZE predictions`);
    await db.query(`VACUUM ANALYZE user_gameweek_totals`);
    await db.query(`VACUUM ANALYZE user_season_totals`);
    process.stderr.write(`[bench] ${users} predictions and totals rows seeded in ${round(ms(t))} ms\n`);

    const scoresUpdated = async (n: number) => {
      const [{ c }]: { c: number }[] = await db.query(
        `SELECT count(*)::int AS c FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
        [fixture_id],
      );
      return c >= n;
    };
    const pipeline = async (label: string, body: object, expectEvents: number): Promise<number> => {
      const start = process.hrtime.bigint();
      await call(ctx, 'PUT', `/admin/fixtures/${fixture_id}/result`, body);
      await waitFor(() => scoresUpdated(expectEvents), 60_000, `${label} scored`);
      return ms(start);
    };
    // The parts the scorer splits into, as the app parsed them (SCORING_PARTS).
    const { parts } = ctx.env.scoringSplit;
    // The same CASE the scorer uses, written straight over the same rows: in one statement, and split
    // by user as the scorer splits a big fixture.
    const floors = async (): Promise<{ one: number; split: number }> => ({ one: await rawScoreUpdate(db, fixture_id), split: await rawScoreUpdate(db, fixture_id, parts) });
    const versus = (scored: number, raw: { one: number; split: number }) =>
      `raw UPDATE ${round(raw.one)} ms, ratio ${(scored / raw.one).toFixed(1)}x; ` +
      `the same UPDATE as ${parts} statements at once ${round(raw.split)} ms, ratio ${(scored / raw.split).toFixed(1)}x`;
    const verify = async () => {
      const [row]: { mismatched: number }[] = await db.query(
        `SELECT count(*)::int AS mismatched FROM user_season_totals t
         JOIN predictions p ON p.user_id = t.user_id AND p.fixture_id = $1
         WHERE t.season_id = $2 AND t.points <> COALESCE(p.points, 0)`,
        [fixture_id, season_id],
      );
      if (row.mismatched !== 0) throw new Error(`${row.mismatched} season totals do not match their predictions`);
    };

    const k = users >= 1000 ? `${Math.round(users / 1000)}k` : String(users);
    const lines: string[] = [];
    // The consumers of a final whistle for every user (standings, activity, the gameweek's end) grow with them.
    const settleMs = Math.max(120_000, users * 0.6);
    t = process.hrtime.bigint();
    const first = await pipeline('final whistle', { home_score: 2, away_score: 1, status: 'finished' }, 1);
    await verify();
    await ctx.settle(settleMs); // downstream consumers (standings, activity) must not share the CPU with the raw UPDATE
    const raw1 = await floors();
    lines.push(`score-fixture-${k}: ${round(first)} ms (${versus(first, raw1)})`);

    const second = await pipeline('correction', { home_score: 2, away_score: 2, status: 'finished' }, 2);
    await verify();
    await ctx.settle(settleMs);
    const raw2 = await floors();
    lines.push(`rescore-fixture-${k} (correction 2-1 → 2-2): ${round(second)} ms (${versus(second, raw2)})`);

    // A replayed event changes nothing: the cost of idempotency.
    const scoring = ctx.workers.get((await import('@scoreline/backend/scoring/scoring.service')).ScoringService);
    const replayStart = process.hrtime.bigint();
    const replay = await scoring.scoreFixture(fixture_id);
    if (replay.changed !== 0) throw new Error('a replay changed predictions');
    lines.push(`replay-score-fixture-${k} (no change): ${round(ms(replayStart))} ms`);
    await ctx.settle(settleMs);
    return lines;
  },
};

/** Every figure `npm run bench` prints, in order. Add a case here to add a figure. */
export const BENCH_CASES: BenchCase[] = [headlineCase, scoreFixtureCase, standingsCase, smallLeaguesCase, pushLatencyCase, signInCase, rankHistoryCase, picksCase, frontendLcpCase, pushFanoutCase];

/** Cases run only when asked for: by `--competitions 2`, or by name in BENCH_ONLY. */
export const ASKED_FOR_CASES: BenchCase[] = [competitionsCase, feedCase];

/** A bad BENCH_* setting or argument: said in one line, without a stack. */
export class BenchSettingError extends Error {}

/** What the command line asks for beyond the environment. */
export interface BenchArgs {
  /** 2: the competitions case runs too. */
  competitions: 1 | 2;
}

/** `--competitions 1|2` (or `--competitions=2`); anything else is refused before anything is seeded. */
export function benchArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { competitions: 1 };
  const rest = [...argv];
  while (rest.length > 0) {
    const arg = rest.shift()!;
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (flag !== '--competitions') throw new BenchSettingError(`unknown argument ${arg}; the bench takes --competitions 1|2 (settings are BENCH_* variables)`);
    const value = inline ?? rest.shift();
    if (value !== '1' && value !== '2') throw new BenchSettingError(`--competitions must be 1 or 2, got ${value ?? 'nothing'}`);
    args.competitions = value === '2' ? 2 : 1;
  }
  return args;
}

const SCALES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000 };

/** Which apps run in processes of their own (BENCH_WORKERS, BENCH_API); refuses another value, or the API apart from in-process workers. */
export function benchProcesses(env: NodeJS.ProcessEnv): { workersApart: boolean; apiApart: boolean } {
  for (const name of ['BENCH_WORKERS', 'BENCH_API'] as const) {
    if (![undefined, 'process', 'in-process'].includes(env[name])) throw new BenchSettingError(`${name} must be process or in-process, got ${env[name]}`);
  }
  const workersApart = env.BENCH_WORKERS === 'process';
  const apiApart = env.BENCH_API === 'process';
  // In-process workers would be the bench process's only app, with a copy of the API's services that is not the API.
  if (apiApart && !workersApart) throw new BenchSettingError('BENCH_API=process runs with BENCH_WORKERS=process');
  return { workersApart, apiApart };
}

/** The user counts to bench, in order: BENCH_USERS, else BENCH_SCALE (default 100k). */
export function benchScales(env: NodeJS.ProcessEnv): number[] {
  if (env.BENCH_USERS) {
    const users = Number(env.BENCH_USERS);
    if (!Number.isInteger(users) || users < 1 || users > 2_000_000) throw new BenchSettingError(`BENCH_USERS must be 1..2000000, got ${env.BENCH_USERS}`);
    return [users];
  }
  const names = (env.BENCH_SCALE ?? '100k').split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  for (const name of names) if (!(name in SCALES)) throw new BenchSettingError(`BENCH_SCALE must be 100k, 1m or 100k,1m, got ${env.BENCH_SCALE}`);
  return names.map((name) => SCALES[name]);
}

/**
 * The cases BENCH_ONLY names (default: all of BENCH_CASES), in BENCH_CASES' order and then the
 * asked-for ones; `--competitions 2` adds the competitions case. A name that is no case is
 * refused before anything is seeded.
 */
export function benchCases(env: NodeJS.ProcessEnv, args: BenchArgs = { competitions: 1 }): BenchCase[] {
  const every = [...BENCH_CASES, ...ASKED_FOR_CASES];
  const only = (env.BENCH_ONLY ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = only.filter((name) => !every.some((b) => b.name === name));
  if (unknown.length > 0) throw new BenchSettingError(`BENCH_ONLY: no case named ${unknown.join(', ')}; the cases: ${every.map((b) => b.name).join(', ')}`);
  const chosen = only.length === 0 ? BENCH_CASES : every.filter((b) => only.includes(b.name));
  return args.competitions === 2 && !chosen.includes(competitionsCase) ? [...chosen, competitionsCase] : chosen;
}

async function main(): Promise<void> {
  const scales = benchScales(process.env);
  benchCases(process.env, benchArgs(process.argv.slice(2)));
  benchProcesses(process.env);
  if (process.env.BENCH_WORKERS === 'process' && !API_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
    // With the workers apart this process is the API (unless BENCH_API=process) and the bench's driver: it runs with the
    // API's Node flags and the servers' malloc settings (the worker process inherits these), as npm
    // start, the container and Kubernetes run them.
    const { spawnSync } = await import('node:child_process');
    const child = spawnSync(process.execPath, [...process.execArgv, ...API_NODE_FLAGS, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...SERVER_MALLOC_ENV, ...process.env },
    });
    process.exitCode = child.status ?? 1;
    return;
  }
  if (scales.length === 1) return benchAt(scales[0]);
  // The apps read their environment once, when their modules load: one process per scale.
  const { spawnSync } = await import('node:child_process');
  for (const users of scales) {
    const child = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, BENCH_USERS: String(users) } });
    if (child.status !== 0) throw new Error(`the bench at ${users} users exited ${child.status}`);
  }
}

/** Stands for an app that runs in a process of its own: a case that reaches into its services is told so. */
function refusedInProcess(app: string): InProcessApp {
  return {
    get: () => {
      throw new BenchSettingError(`this case reaches into ${app}'s services in the bench's process: run it without BENCH_API=process`);
    },
  };
}

async function benchAt(users: number): Promise<void> {
  const stamp = `${Date.now()}`;
  const { workersApart, apiApart } = benchProcesses(process.env);
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/scoreline_bench_${stamp}`;
  const databaseUrl = url.toString();
  const cases = benchCases(process.env, benchArgs(process.argv.slice(2)));
  let feed: BenchFeed | null = null;
  if (cases.includes(feedCase)) {
    const settings = feedBenchSettings(process.env);
    if (!settings.ok) throw new BenchSettingError(settings.problem);
    feed = await startBenchFeed(settings.settings);
  }
  // The apps read their environment once, when their modules load: set it before importing them.
  Object.assign(process.env, {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    JWT_SECRET: process.env.JWT_SECRET ?? `bench-secret-${stamp}-0123456789`,
    QUEUE_PREFIX: `slbench-${stamp}`,
    SEED_DEMO: 'false',
    // No reminder or digest sweeps: 100k bench users are not to be emailed, and settle() waits on idle queues.
    NOTIFICATION_SCHEDULER: 'false',
    // No periodic reconciler pass (a few seconds of reads over 100k users) in the middle of a timing.
    RECONCILE_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000',
    // The push-fanout case's push service is a local stand-in (http://127.0.0.1:<port>).
    PUSH_ALLOW_LOOPBACK: 'true',
    // The built frontend (`npm run bench` builds it), served as in production: the frontend-lcp case
    // loads it. FRONTEND_DIST: another build's dist, e.g. to compare two on the same machine state.
    FRONTEND_DIST: process.env.FRONTEND_DIST ?? join(__dirname, '..', '..', 'frontend', 'dist'),
    // The feed case's stand-in, polled by the workers (no other case runs with the feed on).
    ...(feed?.env ?? {}),
  });
  const { createApiApp } = await import('@scoreline/backend/app.factory');
  const { createWorkersApp } = await import('@scoreline/workers/main');
  const { DataSource: DS } = await import('typeorm');
  const { JwtService } = await import('@nestjs/jwt');
  const { accessTokenJwtOptions } = await import('@scoreline/backend/auth/auth.module');
  const { parseEnv } = await import('@scoreline/backend/platform/config/env');
  const { QUEUES } = await import('@scoreline/backend/platform/outbox/event-routes');
  const { reportQueueOutages, reportRedisOutages } = await import('@scoreline/backend/platform/redis/redis-outage');

  process.stderr.write(`[bench] scratch database scoreline_bench_${stamp}, ${users} users\n`);
  let api: INestApplication | null = null;
  let apiProcess: NodeProcess | null = null;
  let driverDb: DataSource | null = null;
  let workers: INestApplicationContext | null = null;
  let workerProcess: NodeProcess | null = null;
  const { Queue: BullQueue } = await import('bullmq');
  // The bench's own handles on the queues (settle reads their counts), wherever the workers run.
  const queues = QUEUES.map((name) =>
    reportQueueOutages(new BullQueue(name, { connection: { url: process.env.REDIS_URL! }, prefix: process.env.QUEUE_PREFIX }), `bench queue ${name}`),
  );
  try {
    // The users before the apps connect: the data set is copied from its cache, or seeded and cached.
    const prepared = await prepareBenchDatabase(databaseUrl, users, { fresh: process.env.BENCH_FRESH === '1' });
    process.stderr.write(
      `[bench] ${users} users ${prepared.cached ? 'copied from the cached data set' : 'seeded (and cached for the next run)'} in ${round(prepared.ms)} ms\n`,
    );
    const { startMemoryTrace } = await import('@scoreline/backend/platform/metrics/memory-trace');
    // The API process, apart, traces its own (main.ts).
    startMemoryTrace(apiApart ? 'bench' : 'api+bench');
    let apiPort: number;
    if (apiApart) {
      // The real API build in a process of its own, with the Node flags and malloc settings it is deployed with.
      apiPort = await freePort();
      apiProcess = await startNodeProcess('the API process', join(__dirname, '..', 'backend', 'src', 'main.js'), { PORT: String(apiPort) }, `http://127.0.0.1:${apiPort}/api/health`, API_NODE_FLAGS);
      driverDb = await new DS(dataSourceOptions(databaseUrl)).initialize();
    } else {
      api = await createApiApp();
      await api.listen(0, '127.0.0.1');
      apiPort = (api.getHttpServer().address() as { port: number }).port;
    }
    if (workersApart) {
      // The real worker build in a process of its own: each process's memory is its own figure.
      const port = await freePort();
      // BENCH_WORKER_NODE_FLAGS: extra Node flags for the worker process (e.g. --max-old-space-size=400, --heapsnapshot-near-heap-limit=1).
      const workerFlags = (process.env.BENCH_WORKER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
      workerProcess = await startNodeProcess('the worker process', join(__dirname, '..', 'workers', 'src', 'main.js'), { HEALTH_PORT: String(port) }, `http://127.0.0.1:${port}/health/ready`, workerFlags);
    } else {
      workers = await createWorkersApp();
      await workers.init();
    }
    const db = api ? api.get(DS) : driverDb!;
    const env = parseEnv(process.env);
    const jwt = new JwtService(accessTokenJwtOptions(env));
    const [admin]: { id: number; username: string }[] = await db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash, role, email_verified_at)
       VALUES ('benchadmin', 'admin@bench.invalid', 'Bench', 'Admin', 'not-a-password-hash', 'admin', now()) RETURNING id, username`,
    );
    // Access tokens last 15 minutes; a full bench run takes longer.
    const adminToken = jwt.sign({ sub: admin.id, tv: 0, username: admin.username }, { expiresIn: '1d' });
    const ctx: BenchContext = {
      db,
      api: api ?? refusedInProcess('the API'),
      // With the workers apart, the API's own copy of the domain services (a case that needs a worker-only one fails).
      workers: workers ?? api ?? refusedInProcess('the workers'),
      apiProcess,
      jwt,
      env,
      baseUrl: `http://127.0.0.1:${apiPort}/api`,
      adminToken,
      adminId: admin.id,
      users,
      workersApart,
      feed,
      queue(name) {
        const found = queues.find((q) => q.name === name);
        if (!found) throw new Error(`no queue named ${name}`);
        return found;
      },
      async settle(timeoutMs = 60_000) {
        // What is still under way, named in the error when it does not settle in time.
        let busy = '';
        await waitFor(
          async () => {
            const [{ pending }]: { pending: number }[] = await db.query(`SELECT count(*)::int AS pending FROM outbox_events WHERE dispatched_at IS NULL`);
            const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')));
            const queued = queues.map((q, i) => [q.name, counts[i]] as const).filter(([, c]) => Object.values(c).some((v) => v > 0));
            busy = `${pending} outbox events undispatched; ${queued.map(([name, c]) => `${name} ${JSON.stringify(c)}`).join(', ') || 'queues idle'}`;
            return pending === 0 && queued.length === 0;
          },
          timeoutMs,
          () => `the system to settle (${busy})`,
        );
      },
    };
    for (const bench of cases) {
      for (const line of await bench.run(ctx)) process.stdout.write(`${line}\n`);
    }
    if (workerProcess) {
      process.stdout.write(
        `process-memory-${users >= 1_000_000 ? `${users / 1_000_000}m` : `${Math.round(users / 1000)}k`} (peak RSS over the whole run, goal < 512 MB each): ` +
          `API ${apiProcess ? `${apiProcess.peakRssMb()} MB (its own process), the bench's driver ${peakRssMbOf('self')} MB` : `${peakRssMbOf('self')} MB (the bench process: the API and the bench's own driver)`}, ` +
          `workers ${workerProcess.peakRssMb()} MB\n`,
      );
    }
  } finally {
    await workerProcess?.stop().catch(() => undefined);
    await apiProcess?.stop().catch(() => undefined);
    await driverDb?.destroy().catch(() => undefined);
    await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
    await workers?.close().catch(() => undefined);
    await api?.close().catch(() => undefined);
    // After the workers: their poller's last request must not meet a closed port.
    await feed?.stop().catch(() => undefined);
    if (!process.env.KEEP_BENCH_DB) {
      await withServerAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "scoreline_bench_${stamp}" WITH (FORCE)`));
    }
    // Drop this run's BullMQ keys.
    const { default: Redis } = await import('ioredis');
    const redis = reportRedisOutages(new Redis(process.env.REDIS_URL!), 'bench cleanup');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `slbench-${stamp}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
}

if (require.main === module) {
  main().then(
    // With BENCH_WORKERS=process the run happened in a child: its exit code is ours (process.exitCode).
    () => process.exit(),
    (error: unknown) => {
      const said = error instanceof BenchSettingError ? error.message : ((error as Error).stack ?? String(error));
      process.stderr.write(`[bench] failed: ${said}\n`);
      process.exit(1);
    },
  );
}
