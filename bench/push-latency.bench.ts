import { percentile } from './percentile';
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Job, Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import type { LeaderboardUpdatedPayload } from '@scoreline/contracts/live';
import type { BenchCase, BenchContext } from './run';

/**
 * Push latency: 1,000 signed-in Socket.IO clients (websocket transport), all members of one
 * public league and all predictors of its matches. An admin records each step of a match
 * (goals while live, then the final whistle) through PUT /api/admin/fixtures/{id}/result, so
 * the whole pipeline runs: outbox → scoring → scores.updated → standings recompute →
 * leaderboard.updated → live stream → gateway → sockets, next to the other pushes the same
 * result causes (fixture.updated, points.updated, activity.created). Measured: from the admin
 * call to each client holding the league's leaderboard.updated; p50/p95/max over every client
 * of every measured step. Then a second match the same way with the standings coalescing
 * window at 0 ms, to show its share. The clients run in a child process (their own event loop,
 * as on separate devices; both processes share the machine's cores); the API and the workers
 * share the bench process, as in every bench case.
 * Goal: p95 under 500 ms on a 2-core machine.
 *
 * The gameweek keeps a third, unplayed match, so no step completes it: completing a gameweek
 * adds one feed entry per member, and each entry is pushed to every member as its own
 * activity.created (1,000,000 frames for this league), which holds up every later push.
 *
 * Environment: BENCH_PUSH_CLIENTS (default 1000, a league's cap), BENCH_PUSH_TRACE=1 to print
 * when each kind of event reached the clients, per step.
 */

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const round = (n: number) => Math.round(n);

const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 90_000;
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
  | { type: 'measure'; url: string; adminToken: string; body: object; timeoutMs: number }
  | { type: 'quiet'; quietMs: number; timeoutMs: number }
  | { type: 'close' };

type FromClients =
  | { type: 'connected'; count: number }
  | { type: 'measured'; latencies: number[]; missing: number; putMs: number; putStatus: number; startedAtEpochMs: number }
  | { type: 'quiet'; events: EventStats }
  | { type: 'failed'; message: string };


/** The client process: opens the sockets in batches, then times each admin call's leaderboard.updated on every socket. */
function runClients(): void {
  const sockets: Socket[] = [];
  let leagueId = 0;
  /** Per socket, for the current step: when the league's leaderboard.updated arrived (performance.now()). */
  let arrived: (number | undefined)[] = [];
  let arrivals = 0;
  let onArrival: (() => void) | null = null;
  /** Every event since the current step's admin call, by name (ms after the call). */
  let stats: EventStats = {};
  let stepStart = performance.now();
  let lastEventAt = performance.now();
  let closing = false;
  const send = (m: FromClients) => process.send?.(m);

  const connectOne = (baseUrl: string, token: string, index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 20_000 });
      sockets[index] = socket;
      socket.onAny((event: string) => {
        const now = performance.now();
        lastEventAt = now;
        const s = (stats[event] ??= { count: 0, first: now - stepStart, last: 0 });
        s.count += 1;
        s.last = now - stepStart;
      });
      socket.on('leaderboard.updated', (payload: LeaderboardUpdatedPayload) => {
        if (payload.leagueId !== leagueId || arrived[index] !== undefined) return;
        arrived[index] = performance.now();
        arrivals += 1;
        onArrival?.();
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
        } else if (message.type === 'measure') {
          arrived = new Array<number | undefined>(sockets.length).fill(undefined);
          arrivals = 0;
          const all = new Promise<void>((resolve) => {
            onArrival = () => {
              if (arrivals === sockets.length) resolve();
            };
          });
          stats = {};
          const startedAtEpochMs = Date.now();
          const t0 = performance.now();
          stepStart = t0;
          const res = await fetch(message.url, {
            method: 'PUT',
            headers: { Authorization: `Bearer ${message.adminToken}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(message.body),
          });
          const putMs = performance.now() - t0;
          await res.arrayBuffer();
          let timer: NodeJS.Timeout | undefined;
          if (res.ok) await Promise.race([all, new Promise((r) => (timer = setTimeout(r, message.timeoutMs)))]);
          clearTimeout(timer);
          onArrival = null;
          const latencies = arrived.filter((a): a is number => a !== undefined).map((a) => a - t0);
          send({ type: 'measured', latencies, missing: arrived.length - latencies.length, putMs, putStatus: res.status, startedAtEpochMs });
        } else if (message.type === 'quiet') {
          const deadline = performance.now() + message.timeoutMs;
          while (performance.now() - lastEventAt < message.quietMs) {
            if (performance.now() > deadline) throw new Error(`the clients still received events after ${message.timeoutMs} ms`);
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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`push-latency bench: timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const pushLatencyCase: BenchCase = {
  name: 'push-latency',
  async run(ctx: BenchContext) {
    const { db } = ctx;
    const clientsCount = Number(process.env.BENCH_PUSH_CLIENTS ?? 1000);
    if (!Number.isInteger(clientsCount) || clientsCount < 2 || clientsCount > 1000) throw new Error(`BENCH_PUSH_CLIENTS must be 2..1000 (a league's cap), got ${process.env.BENCH_PUSH_CLIENTS}`);
    const trace = process.env.BENCH_PUSH_TRACE === '1';
    const { JwtService } = await import('@nestjs/jwt');
    const { LiveGateway } = await import('@scoreline/backend/live/live.gateway');
    const { leagueRoom } = await import('@scoreline/contracts/live');
    const { STANDINGS_COALESCE, RECOMPUTE_LEAGUE } = await import('@scoreline/workers/standings/standings.processor');
    const { getQueueToken } = await import('@nestjs/bullmq');
    const queue = (name: string) => ctx.workers.get<Queue>(getQueueToken(name), { strict: false });
    const [standingsQueue, liveQueue, activityQueue] = [queue('standings'), queue('live'), queue('activity')];
    const appCoalesceMs = STANDINGS_COALESCE.ms;
    const label = clientsCount >= 1000 ? `${clientsCount / 1000}k` : String(clientsCount);

    // Its own season, made the active one while measuring (the one active before is restored at the end).
    const previouslyActive: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active`);
    let clients: Clients | null = null;
    try {
      let t = process.hrtime.bigint();
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      // One gameweek: two matches played in turn (with and without the coalescing window) and a third
      // left unplayed, so no step completes the gameweek (that would add a feed entry per member).
      const [{ season_id, gameweek_id }]: { season_id: number; gameweek_id: number }[] = await db.query(
        `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Push Bench League 2097/98', '2097/98', 'en.1', true) RETURNING id)
         INSERT INTO gameweeks (season_id, number, starts_at, ends_at) SELECT id, 1, now() + interval '1 day', now() + interval '1 day 4 hours' FROM s
         RETURNING id AS gameweek_id, season_id`,
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
      // Users of its own (not the other cases' bench_ users, so no other league is recomputed with this one).
      const users: { id: number; username: string; token_version: number }[] = await db.query(
        `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at)
         SELECT 'push_' || i, 'push_' || i || '@bench.invalid', 'Push', 'Client ' || i, 'not-a-password-hash', now()
         FROM generate_series(1, $1::int) AS i
         RETURNING id, username, token_version`,
        [clientsCount],
      );
      users.sort((a, b) => a.id - b.id);
      const ids = users.map((u) => u.id);
      const [{ id: leagueId }]: { id: number }[] = await db.query(
        `INSERT INTO leagues (name, description, type, max_members, owner_id) VALUES ('Push Bench League', 'Every push-latency client', 'public', 1000, $1) RETURNING id`,
        [ids[0]],
      );
      await db.query(
        `INSERT INTO league_members (league_id, user_id, role) SELECT $1, u, CASE WHEN u = $2 THEN 'owner' ELSE 'member' END FROM unnest($3::int[]) AS u`,
        [leagueId, ids[0], ids],
      );
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
      // The first kick-off with nobody connected: the league's table is computed once (and any other
      // league whose "recent gameweek" moves is recomputed now), so each measured recompute is an update of this league only.
      const kickOff = await fetch(urlOf(played[0]), {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(WARM_UP[0]),
      });
      if (!kickOff.ok) throw new Error(`push-latency bench: kick-off answered ${kickOff.status} ${await kickOff.text()}`);
      await ctx.settle(120_000);
      const [computed]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM league_standings WHERE league_id = $1`, [leagueId]);
      if (computed.n !== clientsCount) throw new Error(`push-latency bench: the league's standings were not computed before measuring (${computed.n} rows)`);

      // The clients, signed with the app's own JwtService, connected in batches.
      const jwt = ctx.api.get(JwtService, { strict: false });
      const tokens = users.map((u) => jwt.sign({ sub: u.id, tv: u.token_version, username: u.username }));
      const c = new Clients();
      clients = c;
      t = process.hrtime.bigint();
      const connected = await c.request(
        { type: 'connect', baseUrl: ctx.baseUrl.replace(/\/api$/, ''), tokens, leagueId },
        'connected',
        CONNECT_TIMEOUT_MS,
        `${clientsCount} sockets to connect`,
      );
      if (connected.count !== clientsCount) throw new Error(`push-latency bench: only ${connected.count} of ${clientsCount} sockets connected`);
      // The gateway joins rooms after the handshake: wait until every socket sits in the league's room.
      const server = ctx.api.get(LiveGateway, { strict: false }).server;
      const room = leagueRoom(leagueId);
      await waitFor(async () => (server.sockets.adapter.rooms.get(room)?.size ?? 0) === clientsCount, ROOMS_TIMEOUT_MS, `${clientsCount} sockets in ${room}`);
      process.stderr.write(`[bench] push-latency: ${clientsCount} sockets connected and in ${room} in ${round(ms(t))} ms\n`);

      /** Let a step's other pushes (points, feed entries) drain, so steps never queue behind each other. */
      const drain = async () => {
        await ctx.settle(120_000);
        return c.request({ type: 'quiet', quietMs: QUIET_MS, timeoutMs: QUIET_TIMEOUT_MS }, 'quiet', QUIET_TIMEOUT_MS + 5000, 'the clients to go quiet');
      };
      /** One recorded step: every client's latency (ms, sorted) to the league's leaderboard.updated. */
      const step = async (fixtureId: number, body: Step, name: string): Promise<number[]> => {
        const m = await c.request(
          { type: 'measure', url: urlOf(fixtureId), adminToken: ctx.adminToken, body, timeoutMs: DELIVERY_TIMEOUT_MS },
          'measured',
          DELIVERY_TIMEOUT_MS + 15_000,
          `${name}: leaderboard.updated on every socket`,
        );
        if (m.putStatus !== 200) throw new Error(`push-latency bench: ${name}: the admin result answered ${m.putStatus}`);
        if (m.missing > 0) throw new Error(`push-latency bench: ${name}: ${m.missing} of ${clientsCount} sockets had no leaderboard.updated within ${DELIVERY_TIMEOUT_MS} ms`);
        const sorted = [...m.latencies].sort((a, b) => a - b);
        process.stderr.write(
          `[bench] push-latency ${name}: PUT answered in ${round(m.putMs)} ms; leaderboard.updated first +${round(sorted[0])} ms, ` +
            `p50 +${round(percentile(sorted, 0.50))}, p95 +${round(percentile(sorted, 0.95))}, last +${round(sorted[sorted.length - 1])} ms\n`,
        );
        const quiet = await drain();
        // Where the time went: the scoring transaction's start (its outbox row) and the BullMQ jobs'
        // own timestamps (all Date.now() of this machine), relative to the admin call.
        const rel = (at: number | undefined) => (at === undefined ? '?' : `+${round(at - m.startedAtEpochMs)}`);
        const [{ scoring }]: { scoring: number | null }[] = await db.query(
          `SELECT extract(epoch FROM max(created_at)) * 1000 AS scoring FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
          [fixtureId],
        );
        const recent = async (q: Queue, match: (j: Job) => boolean) =>
          ((await q.getJobs(['completed'], 0, 200)) as Job[]).filter((j) => j.timestamp >= m.startedAtEpochMs && match(j)).sort((a, b) => a.timestamp - b.timestamp)[0];
        const isScores = (j: Job) => j.name === 'scores.updated' && (j.data as { payload?: { fixtureId?: number } }).payload?.fixtureId === fixtureId;
        const event = await recent(standingsQueue, isScores);
        const recompute = await recent(standingsQueue, (j) => j.name === RECOMPUTE_LEAGUE && (j.data as { leagueId?: number }).leagueId === leagueId);
        const points = await recent(liveQueue, isScores);
        const feed = await recent(activityQueue, isScores);
        process.stderr.write(
          `[bench]     stages: scoring tx began ${rel(Number(scoring))}; scores.updated queued ${rel(event?.timestamp)}, handled ${rel(event?.processedOn)}..${rel(event?.finishedOn)}; ` +
            `recompute queued ${rel(recompute?.timestamp)} (delay ${recompute?.opts.delay ?? 0}), ran ${rel(recompute?.processedOn)}..${rel(recompute?.finishedOn)}; ` +
            `points.updated published by ${rel(points?.finishedOn)}; activity done ${rel(feed?.finishedOn)} ms\n`,
        );
        if (trace) {
          for (const [event, s] of Object.entries(quiet.events)) {
            process.stderr.write(`[bench]     ${event}: ${s.count} received, first +${round(s.first)} ms, last +${round(s.last)} ms\n`);
          }
        }
        return sorted;
      };

      /** A whole match on one fixture: warm-up steps unmeasured, then the measured ones. */
      const match = async (fixtureId: number, coalesceMs: number, warmUp: Step[]) => {
        STANDINGS_COALESCE.ms = coalesceMs;
        const tag = `${coalesceMs} ms window`;
        await drain();
        for (const s of warmUp) await step(fixtureId, s, `warm-up ${stepLabel(s)} (${tag})`);
        const all: number[] = [];
        const perStep: string[] = [];
        for (const s of STEPS) {
          const sorted = await step(fixtureId, s, `${stepLabel(s)} (${tag})`);
          all.push(...sorted);
          perStep.push(`${stepLabel(s)} ${round(percentile(sorted, 0.95))}`);
        }
        all.sort((a, b) => a - b);
        return { p50: round(percentile(all, 0.50)), p95: round(percentile(all, 0.95)), max: round(all[all.length - 1]), perStep: perStep.join(', ') };
      };

      // The first match with the app's window (its kick-off is already recorded), the second without one.
      const app = await match(played[0], appCoalesceMs, WARM_UP.slice(1));
      const none = await match(played[1], 0, WARM_UP);
      const what = `admin result → leaderboard.updated on ${clientsCount} sockets, ${STEPS.length} steps of a match`;
      return [
        `push-latency-${label} p50 (${what}, ${appCoalesceMs} ms coalescing window): ${app.p50} ms`,
        `push-latency-${label} p95: ${app.p95} ms (goal < 500 ms on a 2-core machine; p95 per step: ${app.perStep} ms)`,
        `push-latency-${label} max: ${app.max} ms`,
        `push-latency-${label}-no-coalescing p50 (same, standings window 0 ms): ${none.p50} ms`,
        `push-latency-${label}-no-coalescing p95: ${none.p95} ms (p95 per step: ${none.perStep} ms)`,
        `push-latency-${label}-no-coalescing max: ${none.max} ms`,
      ];
    } finally {
      STANDINGS_COALESCE.ms = appCoalesceMs;
      await clients?.close().catch(() => undefined);
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`).catch(() => undefined);
      if (previouslyActive.length > 0) await db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [previouslyActive[0].id]).catch(() => undefined);
    }
  },
};

if (require.main === module && process.env.PUSH_BENCH_CLIENTS_PROCESS === '1') runClients();
