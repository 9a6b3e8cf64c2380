import { percentile } from './percentile';
import { waitFor } from './wait-for';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Job, Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import type { LeaderboardUpdatedPayload } from '@scoreline/contracts/live';
import type { BenchCase, BenchContext } from './run';
import { API_NODE_FLAGS } from '@scoreline/backend/platform/config/api-process';
import { freePort, startNodeProcess, type NodeProcess } from './node-process';
import { cpuBetween, cpuSnapshot } from './server-cpu';
import { BENCH_SEASONS } from './bench-seasons';
import { ms, round } from './timing';

/**
 * Push latency: 10,000 signed-in Socket.IO clients (websocket transport) spread over two API
 * replicas, all members of one country league and all predictors of its matches. An admin
 * records each step of a match (goals while live, then the final whistle) through
 * PUT /api/admin/fixtures/{id}/result, so the whole pipeline runs: outbox → live worker →
 * fixture.updated and, the league being big, its leaderboard.updated (its live table has the goal
 * from the commit on); outbox → scoring → scores.updated → points.updated; each through the live
 * stream → one replica's relay → Socket.IO's Redis Streams adapter → the sockets on both
 * replicas, next to the other pushes the same result causes (activity.created). (A small
 * league's leaderboard.updated follows the standings recompute instead.) Measured: from the admin
 * call to each client holding both the league's leaderboard.updated and its own points.updated
 * (every client is an online predictor of the match, so each gets both), p50/p95/max over every
 * client of every measured step, with each push's own figures and where the CPU went. Then a
 * second match the same way (with the standings coalescing window at 0 ms, when the app's is not). Replica 1, the workers and the admin calls share the bench process (as
 * in every bench case); replica 2 is the real build's API (`dist/backend/src/main.js`) in a
 * process of its own; each replica's clients run in a process of their own (as on separate
 * devices). All of it shares the machine's two cores.
 * Goal (issue 12): p95 ≤ 1 s at 10,000 sockets over two replicas.
 *
 * The gameweek keeps a third, unplayed match, so no step completes it: completing a gameweek
 * adds one feed entry per member, and each entry is pushed to every member as its own
 * activity.created (100,000,000 frames for this league), which holds up every later push.
 *
 * Environment: BENCH_PUSH_CLIENTS (default 10000), BENCH_PUSH_REPLICAS (1 or 2, default 2),
 * BENCH_PUSH_TRACE=1 to print when each kind of event reached the clients, per step.
 */

/** Epoch milliseconds with a fraction: comparable across the processes of this machine. */
const now = () => performance.timeOrigin + performance.now();

const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 300_000;
const ROOMS_TIMEOUT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 30_000;
/** Between steps: no event for this long on any client means the previous step's pushes are all in. */
const QUIET_MS = 500;
const QUIET_TIMEOUT_MS = 60_000;

type Step = { home_score: number; away_score: number; status: 'live'; minute: number } | { home_score: number; away_score: number; status: 'finished' };

/** Unmeasured: the kick-off and a first goal (the first pushes after boot pay for warm-up). */
const WARM_UP: Step[] = [
  { home_score: 0, away_score: 0, status: 'live', minute: 1 },
  { home_score: 1, away_score: 0, status: 'live', minute: 12 },
];
/** Measured: the rest of the match. */
const STEPS: Step[] = [
  { home_score: 1, away_score: 1, status: 'live', minute: 23 },
  { home_score: 2, away_score: 1, status: 'live', minute: 41 },
  { home_score: 2, away_score: 2, status: 'live', minute: 67 },
  { home_score: 3, away_score: 2, status: 'finished' },
];
const stepLabel = (s: Step) => `${s.home_score}-${s.away_score} ${s.status === 'live' ? `${s.minute}'` : 'FT'}`;

// ---------------------------------------------------------------------------------------
// The parent ↔ client-process protocol
// ---------------------------------------------------------------------------------------

type EventStats = Record<string, { count: number; first: number; last: number }>;

type ToClients =
  | { type: 'connect'; baseUrl: string; tokens: string[]; leagueId: number }
  | { type: 'arm' }
  | { type: 'collect'; startedAt: number; timeoutMs: number }
  | { type: 'quiet'; quietMs: number; timeoutMs: number }
  | { type: 'close' };

type FromClients =
  | { type: 'connected'; count: number }
  | { type: 'armed' }
  | { type: 'measured'; board: number[]; points: number[]; both: number[]; score: number[]; missing: number; cpuMs: number }
  | { type: 'quiet'; events: EventStats }
  | { type: 'failed'; message: string };

/**
 * A client process: opens its sockets in batches, then, per step, notes when each socket got the
 * league's leaderboard.updated and its points.updated (epoch ms), and answers them relative to
 * the admin call's start, which the parent makes.
 */
function runClients(): void {
  const sockets: Socket[] = [];
  let leagueId = 0;
  /** Per socket, for the current step: when the league's leaderboard.updated arrived. */
  let arrived: (number | undefined)[] = [];
  /** Per socket, for the current step: when its points.updated arrived. */
  let pointsArrived: (number | undefined)[] = [];
  /** Per socket, for the current step: when the score's fixture.updated arrived (screens then re-read their live ranks). */
  let scoreArrived: (number | undefined)[] = [];
  /** Sockets holding both pushes of the current step. */
  let completed = 0;
  let onComplete: (() => void) | null = null;
  const complete = () => {
    completed += 1;
    onComplete?.();
  };
  /** Every event since the step was armed, by name (ms after arming). */
  let stats: EventStats = {};
  let stepStart = now();
  let lastEventAt = now();
  let cpuAtArm = process.cpuUsage();
  let closing = false;
  const send = (m: FromClients) => process.send?.(m);

  const connectOne = (baseUrl: string, token: string, index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 60_000 });
      sockets[index] = socket;
      socket.onAny((event: string) => {
        const at = now();
        lastEventAt = at;
        const s = (stats[event] ??= { count: 0, first: at - stepStart, last: 0 });
        s.count += 1;
        s.last = at - stepStart;
      });
      socket.on('leaderboard.updated', (payload: LeaderboardUpdatedPayload) => {
        if (payload.leagueId !== leagueId || arrived[index] !== undefined) return;
        arrived[index] = now();
        if (pointsArrived[index] !== undefined) complete();
      });
      socket.on('fixture.updated', () => {
        if (scoreArrived[index] === undefined) scoreArrived[index] = now();
      });
      socket.on('points.updated', () => {
        if (pointsArrived[index] !== undefined) return;
        pointsArrived[index] = now();
        if (arrived[index] !== undefined) complete();
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket ${index} was refused: ${error.message}`)));
      socket.on('disconnect', (reason) => {
        if (!closing) send({ type: 'failed', message: `socket ${index} disconnected: ${reason}` });
      });
    });

  process.on('message', (message: ToClients) => {
    void (async () => {
      try {
        if (message.type === 'connect') {
          leagueId = message.leagueId;
          for (let from = 0; from < message.tokens.length; from += CONNECT_BATCH) {
            const batch = message.tokens.slice(from, from + CONNECT_BATCH);
            await Promise.all(batch.map((token, i) => connectOne(message.baseUrl, token, from + i)));
          }
          send({ type: 'connected', count: sockets.filter((s) => s.connected).length });
        } else if (message.type === 'arm') {
          arrived = new Array<number | undefined>(sockets.length).fill(undefined);
          pointsArrived = new Array<number | undefined>(sockets.length).fill(undefined);
          scoreArrived = new Array<number | undefined>(sockets.length).fill(undefined);
          completed = 0;
          stats = {};
          stepStart = now();
          cpuAtArm = process.cpuUsage();
          send({ type: 'armed' });
        } else if (message.type === 'collect') {
          const all = new Promise<void>((resolve) => {
            onComplete = () => {
              if (completed === sockets.length) resolve();
            };
            onComplete();
          });
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([all, new Promise((r) => (timer = setTimeout(r, message.timeoutMs)))]);
          clearTimeout(timer);
          onComplete = null;
          const after = (at: number | undefined) => (at === undefined ? [] : [at - message.startedAt]);
          const both = arrived.flatMap((at, i) => (at === undefined || pointsArrived[i] === undefined ? [] : [Math.max(at, pointsArrived[i]!) - message.startedAt]));
          const cpu = process.cpuUsage(cpuAtArm);
          send({ type: 'measured', board: arrived.flatMap(after), points: pointsArrived.flatMap(after), both, score: scoreArrived.flatMap(after), missing: sockets.length - both.length, cpuMs: (cpu.user + cpu.system) / 1000 });
        } else if (message.type === 'quiet') {
          const deadline = now() + message.timeoutMs;
          while (now() - lastEventAt < message.quietMs) {
            if (now() > deadline) throw new Error(`the clients still received events after ${message.timeoutMs} ms`);
            await new Promise((r) => setTimeout(r, 50));
          }
          send({ type: 'quiet', events: stats });
        } else {
          closing = true;
          sockets.forEach((s) => s.close());
          process.exit(0);
        }
      } catch (error) {
        send({ type: 'failed', message: (error as Error).message });
      }
    })();
  });
}

/** The parent's handle on the client process: one request at a time, each bounded in time. */
class Clients {
  private readonly child: ChildProcess;
  private exited: string | null = null;
  private waiting: { resolve: (m: FromClients) => void; reject: (e: Error) => void } | null = null;

  constructor() {
    this.child = fork(__filename, [], { env: { ...process.env, PUSH_BENCH_CLIENTS_PROCESS: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromClients) => {
      const w = this.waiting;
      this.waiting = null;
      if (m.type === 'failed') w?.reject(new Error(`push-latency bench: client process: ${m.message}`));
      else w?.resolve(m);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = `the client process exited (${signal ?? code})`;
      this.waiting?.reject(new Error(`push-latency bench: ${this.exited}`));
      this.waiting = null;
    });
  }

  request<T extends FromClients['type']>(message: ToClients, expected: T, timeoutMs: number, what: string): Promise<Extract<FromClients, { type: T }>> {
    if (this.exited) return Promise.reject(new Error(`push-latency bench: ${this.exited}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`push-latency bench: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiting = {
        resolve: (m) => {
          clearTimeout(timer);
          if (m.type !== expected) reject(new Error(`push-latency bench: expected "${expected}" from the client process, got "${m.type}"`));
          else resolve(m as Extract<FromClients, { type: T }>);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.child.send(message);
    });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    this.child.send({ type: 'close' } satisfies ToClients);
    await gone;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------
// The case
// ---------------------------------------------------------------------------------------

/** A second API replica: the real build's entry point in a process of its own, on this bench's database and Redis. */
async function startReplica(): Promise<NodeProcess & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const replica = await startNodeProcess('replica 2', join(__dirname, '..', 'backend', 'src', 'main.js'), { PORT: String(port) }, `${baseUrl}/api/health`, API_NODE_FLAGS);
  return { ...replica, baseUrl };
}

/** CPU ms every core of this machine has been busy so far (/proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return ((total - ticks[3] - ticks[4]) * 1000) / 100;
}

/** Where a step's CPU went, in ms, over its wall time (the admin call → the last leaderboard.updated). */
interface StepCpu {
  wallMs: number;
  clientsMs: number;
  replica2Ms: number;
  benchMs: number;
  postgresMs: number;
  machineMs: number;
}

const cpuLine = (c: StepCpu) =>
  `CPU over ${round(c.wallMs)} ms of wall time (2 cores): clients ${round(c.clientsMs)} ms, replica 2 ${round(c.replica2Ms)} ms, ` +
  `bench process (replica 1 + workers) ${round(c.benchMs)} ms, Postgres ${round(c.postgresMs)} ms, ` +
  `the rest (Redis, …) ${round(c.machineMs - c.clientsMs - c.replica2Ms - c.benchMs - c.postgresMs)} ms; machine busy ${round(c.machineMs)} ms`;

export const pushLatencyCase: BenchCase = {
  name: 'push-latency',
  async run(ctx: BenchContext) {
    const { db } = ctx;
    const clientsCount = Number(process.env.BENCH_PUSH_CLIENTS ?? 10_000);
    if (!Number.isInteger(clientsCount) || clientsCount < 2 || clientsCount > 50_000) throw new Error(`BENCH_PUSH_CLIENTS must be 2..50000, got ${process.env.BENCH_PUSH_CLIENTS}`);
    const replicasCount = Number(process.env.BENCH_PUSH_REPLICAS ?? 2);
    if (replicasCount !== 1 && replicasCount !== 2) throw new Error(`BENCH_PUSH_REPLICAS must be 1 or 2, got ${process.env.BENCH_PUSH_REPLICAS}`);
    const trace = process.env.BENCH_PUSH_TRACE === '1';
    const { LiveGateway } = await import('@scoreline/backend/live/live.gateway');
    const { leagueRoom } = await import('@scoreline/contracts/live');
    const { STANDINGS_COALESCE, RECOMPUTE_LEAGUE } = await import('@scoreline/backend/standings/standings-jobs.service');
    const { getQueueToken } = await import('@nestjs/bullmq');
    const queue = (name: string) => ctx.workers.get<Queue>(getQueueToken(name), { strict: false });
    const [standingsQueue, liveQueue, activityQueue] = [queue('standings'), queue('live'), queue('activity')];
    const appCoalesceMs = STANDINGS_COALESCE.ms;
    const label = `${clientsCount >= 1000 ? `${clientsCount / 1000}k` : String(clientsCount)}${replicasCount === 2 ? '-2-replicas' : ''}`;

    // Its own season, made the active one while measuring (the one active before is restored at the end).
    const previouslyActive: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active`);
    const clients: Clients[] = [];
    let replica: (NodeProcess & { baseUrl: string }) | null = null;
    try {
      let t = process.hrtime.bigint();
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      // One gameweek: two matches played in turn (with and without the coalescing window) and a third
      // left unplayed, so no step completes the gameweek (that would add a feed entry per member).
      const [{ season_id, gameweek_id }]: { season_id: number; gameweek_id: number }[] = await db.query(
        `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, 'en.1', true) RETURNING id)
         INSERT INTO gameweeks (season_id, number, starts_at, ends_at) SELECT id, 1, now() + interval '1 day', now() + interval '1 day 4 hours' FROM s
         RETURNING id AS gameweek_id, season_id`,
        [BENCH_SEASONS.pushLatency.name, BENCH_SEASONS.pushLatency.label],
      );
      const clubs: { id: number }[] = await db.query(`SELECT id FROM clubs ORDER BY id LIMIT 6`);
      if (clubs.length < 6) throw new Error('push-latency bench: the database has fewer than 6 clubs');
      const fixtureIds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [{ id }]: { id: number }[] = await db.query(
          `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at)
           VALUES ($1, $2, $3, $4, $5, now() + interval '1 day' + $6 * interval '2 hours') RETURNING id`,
          [season_id, gameweek_id, `push-bench-${i + 1}`, clubs[2 * i].id, clubs[2 * i + 1].id, i],
        );
        fixtureIds.push(id);
      }
      const played = fixtureIds.slice(0, 2);
      // Fans of a country no bench user comes from, in that country's league (no other league
      // holds them, so no other league is recomputed with this one).
      const [country]: { id: number }[] = await db.query(
        `SELECT c.id FROM countries c WHERE NOT EXISTS (SELECT 1 FROM leagues l WHERE l.type = 'country' AND l.country_id = c.id)
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.country_id = c.id) ORDER BY c.id LIMIT 1`,
      );
      if (!country) throw new Error('push-latency bench: no country without fans left for its league');
      const users: { id: number; username: string; token_version: number }[] = await db.query(
        `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, country_id)
         SELECT 'push_' || i, 'push_' || i || '@bench.invalid', 'Push', 'Client ' || i, 'not-a-password-hash', now(), $2
         FROM generate_series(1, $1::int) AS i
         RETURNING id, username, token_version`,
        [clientsCount, country.id],
      );
      users.sort((a, b) => a.id - b.id);
      const ids = users.map((u) => u.id);
      const [{ id: leagueId }]: { id: number }[] = await db.query(
        `INSERT INTO leagues (name, description, type, country_id, competition_code) VALUES ('Push Bench Country', 'Every push-latency client', 'country', $1, 'en.1') RETURNING id`,
        [country.id],
      );
      await db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, u, 'member' FROM unnest($2::int[]) AS u`, [leagueId, ids]);
      // Predictions on both played matches, 0–3 goals a side spread by a hash (repeatable), a banker on
      // the first for one user in ten: every step of a match moves many rows of the table.
      await db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
         SELECT u, f, $2, $3, abs(hashtext('h' || u || ':' || f)) % 4, abs(hashtext('a' || u || ':' || f)) % 4, f = $1[1] AND u % 10 = 0
         FROM unnest($4::int[]) AS u CROSS JOIN unnest($1::int[]) AS f`,
        [played, gameweek_id, season_id, ids],
      );
      await db.query(`INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions) SELECT u, $1, $2, 2 FROM unnest($3::int[]) AS u`, [
        gameweek_id,
        season_id,
        ids,
      ]);
      await db.query(`INSERT INTO user_season_totals (user_id, season_id, predictions) SELECT u, $1, 2 FROM unnest($2::int[]) AS u`, [season_id, ids]);
      for (const table of ['users', 'league_members', 'predictions', 'user_gameweek_totals', 'user_season_totals']) await db.query(`VACUUM ANALYZE ${table}`);
      process.stderr.write(`[bench] push-latency: ${clientsCount} users, league #${leagueId}, fixtures #${played.join(', #')} seeded in ${round(ms(t))} ms\n`);

      const urlOf = (fixtureId: number) => `${ctx.baseUrl}/admin/fixtures/${fixtureId}/result`;
      const putResult = (fixtureId: number, body: Step) =>
        fetch(urlOf(fixtureId), {
          method: 'PUT',
          headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      // The first kick-off with nobody connected: the league's table is computed once (and any other
      // league whose "recent gameweek" moves is recomputed now), so each measured recompute is an update of this league only.
      const kickOff = await putResult(played[0], WARM_UP[0]);
      if (!kickOff.ok) throw new Error(`push-latency bench: kick-off answered ${kickOff.status} ${await kickOff.text()}`);
      await ctx.settle(120_000);
      const [computed]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM league_standings WHERE league_id = $1`, [leagueId]);
      if (computed.n !== clientsCount) throw new Error(`push-latency bench: the league's standings were not computed before measuring (${computed.n} rows)`);

      // The clients, signed with the app's own JwtService, connected in batches: each replica's share from a process of its own.
      const jwt = ctx.jwt;
      const tokens = users.map((u) => jwt.sign({ sub: u.id, tv: u.token_version, username: u.username }, { expiresIn: '1d' }));
      const origins = [ctx.baseUrl.replace(/\/api$/, '')];
      if (replicasCount === 2) {
        replica = await startReplica();
        origins.push(replica.baseUrl);
      }
      t = process.hrtime.bigint();
      const share = Math.ceil(clientsCount / origins.length);
      await Promise.all(
        origins.map(async (origin, i) => {
          const c = new Clients();
          clients.push(c);
          const mine = tokens.slice(i * share, (i + 1) * share);
          const connected = await c.request({ type: 'connect', baseUrl: origin, tokens: mine, leagueId }, 'connected', CONNECT_TIMEOUT_MS, `${mine.length} sockets to connect to replica ${i + 1}`);
          if (connected.count !== mine.length) throw new Error(`push-latency bench: only ${connected.count} of ${mine.length} sockets connected to replica ${i + 1}`);
        }),
      );
      // The gateways join rooms after the handshake: wait until every socket, on either replica, sits in the league's room.
      const server = ctx.api.get(LiveGateway, { strict: false }).server;
      const room = leagueRoom(leagueId);
      await waitFor(async () => (server.sockets.adapter.rooms.get(room)?.size ?? 0) === share, ROOMS_TIMEOUT_MS, `${share} sockets in ${room} on replica 1`, 20);
      if (replicasCount === 2) await waitFor(async () => (await server.in(room).fetchSockets()).length === clientsCount, ROOMS_TIMEOUT_MS, `${clientsCount} sockets in ${room} on both replicas`, 20);
      process.stderr.write(`[bench] push-latency: ${clientsCount} sockets over ${origins.length} replica(s) connected and in ${room} in ${round(ms(t))} ms\n`);

      /** Let a step's other pushes (points, feed entries) drain, so steps never queue behind each other. */
      const drain = async (): Promise<EventStats> => {
        await ctx.settle(120_000);
        const quiet = await Promise.all(
          clients.map((c) => c.request({ type: 'quiet', quietMs: QUIET_MS, timeoutMs: QUIET_TIMEOUT_MS }, 'quiet', QUIET_TIMEOUT_MS + 5000, 'the clients to go quiet')),
        );
        const events: EventStats = {};
        for (const q of quiet) {
          for (const [event, s] of Object.entries(q.events)) {
            const e = (events[event] ??= { count: 0, first: s.first, last: 0 });
            e.count += s.count;
            e.first = Math.min(e.first, s.first);
            e.last = Math.max(e.last, s.last);
          }
        }
        return events;
      };
      /** One recorded step: every client's latency (ms, sorted) to the league's leaderboard.updated, to its points.updated, and to holding both. */
      const step = async (fixtureId: number, body: Step, name: string): Promise<{ board: number[]; points: number[]; both: number[]; score: number[]; cpu: StepCpu }> => {
        await Promise.all(clients.map((c) => c.request({ type: 'arm' }, 'armed', 10_000, 'the clients to arm')));
        const cpuBefore = { bench: await cpuSnapshot(db), replica2: replica?.cpuMs() ?? 0, machine: machineBusyMs() };
        const startedAt = now();
        const res = await putResult(fixtureId, body);
        const putMs = now() - startedAt;
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`push-latency bench: ${name}: the admin result answered ${res.status}`);
        const measured = await Promise.all(
          clients.map((c) =>
            c.request({ type: 'collect', startedAt, timeoutMs: DELIVERY_TIMEOUT_MS }, 'measured', DELIVERY_TIMEOUT_MS + 15_000, `${name}: leaderboard.updated on every socket`),
          ),
        );
        const wallMs = now() - startedAt;
        const benchCpu = cpuBetween(cpuBefore.bench, await cpuSnapshot(db));
        const cpu: StepCpu = {
          wallMs,
          clientsMs: measured.reduce((sum, m) => sum + m.cpuMs, 0),
          replica2Ms: (replica?.cpuMs() ?? 0) - cpuBefore.replica2,
          benchMs: benchCpu.processMs,
          postgresMs: benchCpu.postgresMs,
          machineMs: machineBusyMs() - cpuBefore.machine,
        };
        const missing = measured.reduce((sum, m) => sum + m.missing, 0);
        if (missing > 0) throw new Error(`push-latency bench: ${name}: ${missing} of ${clientsCount} sockets lacked their leaderboard.updated or points.updated after ${DELIVERY_TIMEOUT_MS} ms`);
        const sorted = (pick: (m: (typeof measured)[number]) => number[]) => measured.flatMap(pick).sort((a, b) => a - b);
        const [board, points, both, score] = [sorted((m) => m.board), sorted((m) => m.points), sorted((m) => m.both), sorted((m) => m.score)];
        process.stderr.write(
          `[bench] push-latency ${name}: PUT answered in ${round(putMs)} ms; leaderboard.updated first +${round(board[0])} ms, ` +
            `p50 +${round(percentile(board, 0.50))}, p95 +${round(percentile(board, 0.95))}, last +${round(board[board.length - 1])} ms; ` +
            `points.updated p95 +${round(percentile(points, 0.95))} ms; fixture.updated p95 +${round(percentile(score, 0.95))} ms; both p95 +${round(percentile(both, 0.95))}, last +${round(both[both.length - 1])} ms\n`,
        );
        process.stderr.write(`[bench]     ${cpuLine(cpu)}\n`);
        const quiet = await drain();
        // Where the time went: the scoring transaction's start (its outbox row) and the BullMQ jobs'
        // own timestamps (all Date.now() of this machine), relative to the admin call.
        const rel = (at: number | undefined) => (at === undefined ? '?' : `+${round(at - startedAt)}`);
        const [{ scoring }]: { scoring: number | null }[] = await db.query(
          `SELECT extract(epoch FROM max(created_at)) * 1000 AS scoring FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
          [fixtureId],
        );
        const recent = async (q: Queue, match: (j: Job) => boolean) =>
          ((await q.getJobs(['completed'], 0, 200)) as Job[]).filter((j) => j.timestamp >= startedAt - 1 && match(j)).sort((a, b) => a.timestamp - b.timestamp)[0];
        const isScores = (j: Job) => j.name === 'scores.updated' && (j.data as { payload?: { fixtureId?: number } }).payload?.fixtureId === fixtureId;
        const event = await recent(standingsQueue, isScores);
        const recompute = await recent(standingsQueue, (j) => j.name === RECOMPUTE_LEAGUE && (j.data as { leagueId?: number }).leagueId === leagueId);
        const pointsJob = await recent(liveQueue, isScores);
        const feed = await recent(activityQueue, isScores);
        process.stderr.write(
          `[bench]     stages: scoring tx began ${rel(Number(scoring))}; scores.updated queued ${rel(event?.timestamp)}, handled ${rel(event?.processedOn)}..${rel(event?.finishedOn)}; ` +
            `recompute queued ${rel(recompute?.timestamp)} (delay ${recompute?.opts.delay ?? 0}), ran ${rel(recompute?.processedOn)}..${rel(recompute?.finishedOn)}; ` +
            `points.updated published by ${rel(pointsJob?.finishedOn)}; activity done ${rel(feed?.finishedOn)} ms\n`,
        );
        if (trace) {
          for (const [e, s] of Object.entries(quiet)) process.stderr.write(`[bench]     ${e}: ${s.count} received, first +${round(s.first)} ms, last +${round(s.last)} ms\n`);
        }
        return { board, points, both, score, cpu };
      };

      /** A whole match on one fixture: warm-up steps unmeasured, then the measured ones. */
      const match = async (fixtureId: number, coalesceMs: number, warmUp: Step[]) => {
        STANDINGS_COALESCE.ms = coalesceMs;
        const tag = `${coalesceMs} ms window`;
        await drain();
        for (const s of warmUp) await step(fixtureId, s, `warm-up ${stepLabel(s)} (${tag})`);
        const all = { board: [] as number[], points: [] as number[], both: [] as number[], score: [] as number[] };
        const perStep: string[] = [];
        const cpu: StepCpu = { wallMs: 0, clientsMs: 0, replica2Ms: 0, benchMs: 0, postgresMs: 0, machineMs: 0 };
        for (const s of STEPS) {
          const measured = await step(fixtureId, s, `${stepLabel(s)} (${tag})`);
          for (const k of Object.keys(cpu) as (keyof StepCpu)[]) cpu[k] += measured.cpu[k];
          all.board.push(...measured.board);
          all.points.push(...measured.points);
          all.both.push(...measured.both);
          all.score.push(...measured.score);
          perStep.push(`${stepLabel(s)} ${round(percentile(measured.both, 0.95))}`);
        }
        for (const list of Object.values(all)) list.sort((a, b) => a - b);
        const p = (list: number[], q: number) => round(percentile(list, q));
        return {
          summary: `p50 ${p(all.both, 0.5)} ms, p95 ${p(all.both, 0.95)} ms, max ${round(all.both[all.both.length - 1])} ms`,
          parts: `leaderboard.updated p50 ${p(all.board, 0.5)} / p95 ${p(all.board, 0.95)} ms, points.updated p50 ${p(all.points, 0.5)} / p95 ${p(all.points, 0.95)} ms, fixture.updated (the score: open screens re-read their live ranks) p50 ${p(all.score, 0.5)} / p95 ${p(all.score, 0.95)} ms`,
          perStep: perStep.join(', '),
          cpu: cpuLine(cpu),
        };
      };

      // The first match with the app's window (its kick-off is already recorded), the second without one.
      const app = await match(played[0], appCoalesceMs, WARM_UP.slice(1));
      const none = await match(played[1], 0, WARM_UP);
      const where = replicasCount === 2 ? `${clientsCount} sockets over two API replicas` : `${clientsCount} sockets on one API replica`;
      const what = `admin result → each socket holding its league's leaderboard.updated and its own points.updated, ${where}, ${STEPS.length} steps of a match`;
      const goal = replicasCount === 2 ? 'goal p95 ≤ 1 s at 10,000 sockets over two replicas' : 'goal p95 < 500 ms at 1,000 sockets on one replica';
      const lines = [
        `push-latency-${label} (${what}, ${appCoalesceMs} ms coalescing window): ${app.summary} (${goal}; p95 per step: ${app.perStep} ms)`,
        `push-latency-${label} each push alone: ${app.parts}`,
        `push-latency-${label} ${app.cpu} (the measured steps together)`,
      ];
      if (appCoalesceMs !== 0) {
        lines.push(
          `push-latency-${label}-no-coalescing (same, standings window 0 ms): ${none.summary} (p95 per step: ${none.perStep} ms)`,
          `push-latency-${label}-no-coalescing each push alone: ${none.parts}`,
          `push-latency-${label}-no-coalescing ${none.cpu}`,
        );
      } else {
        lines.push(`push-latency-${label} second match: ${none.summary}; ${none.parts}; ${none.cpu}`);
      }
      if (replica) lines.push(`push-latency-${label} replica 2 (an API process alone, ${share} sockets): peak RSS ${replica.peakRssMb()} MB`);
      return lines;
    } finally {
      STANDINGS_COALESCE.ms = appCoalesceMs;
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await replica?.stop().catch(() => undefined);
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`).catch(() => undefined);
      if (previouslyActive.length > 0) await db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [previouslyActive[0].id]).catch(() => undefined);
    }
  },
};

if (require.main === module && process.env.PUSH_BENCH_CLIENTS_PROCESS === '1') runClients();
