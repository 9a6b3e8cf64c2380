import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { LoginResponse } from '@scoreline/contracts/api/auth';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { GameweekPredictions, PredictionInput } from '@scoreline/contracts/api/predictions';
import { hashPassword } from '@scoreline/backend/auth/password-hashing';
import { PostgresClient } from '@scoreline/backend/platform/database/postgres-client';
import { percentile } from './percentile';
import { rssMbOf } from './node-process';

/**
 * `npm run load`: the deadline-minute rush against a RUNNING app (not part of `npm test`).
 *
 * 1. Seeds LOAD_FANS verified, onboarded fans (`load_<i>@load.invalid`, one shared password)
 *    straight into the app's database — once; a second run reuses them.
 * 2. Every fan signs in over HTTP (real argon2id verification), LOAD_CONCURRENCY at a time.
 * 3. LOAD_SOCKETS of them connect a live socket and stay connected.
 * 4. Every fan saves a full gameweek (every fixture, one banker), the saves spread evenly over
 *    LOAD_SECONDS (default 60): errors, p50/p95/p99 latency.
 *    Then every fan saves again as fast as the app allows (LOAD_CONCURRENCY in flight).
 * 5. The floor: the same number of bare `INSERT … ON CONFLICT` statements (one per save, the
 *    same rows) into a scratch table, at the same concurrency, over one pg pool; then again over
 *    the rows the first pass left, as the flat-out saves update the rows of each fan's first.
 * For the flat-out saves and both floors: each process's CPU per operation (the load generator's
 * own too) and how busy the two cores were, which says what bounds the phase.
 * CPU (% of one core) and peak RSS of the API, the workers, PostgreSQL and Redis are sampled
 * from /proc every second throughout.
 *
 * Each fan sends its own X-Forwarded-For address (10.x.y.z), as fans on their own phones do, so
 * start the app trusting the loopback proxy: `TRUST_PROXY=loopback npm start`.
 *
 * Environment: LOAD_URL (http://localhost:3000), LOAD_DATABASE_URL (the app's DATABASE_URL;
 * default postgres://postgres@127.0.0.1:5432/scoreline), LOAD_FANS (10000), LOAD_SOCKETS
 * (2000), LOAD_SECONDS (60), LOAD_CONCURRENCY (sign-ins in flight, 32), LOAD_CLIENT (`fetch`,
 * the default, or `http`: node:http over kept-alive sockets, about half of fetch's CPU a
 * request; the load generator shares the app's two cores, so its client's cost is taken from the
 * saves' rate and not from the floor's, whose pg client is lean).
 */

const PASSWORD = 'load-fan-password-1';
const env = process.env;
const baseUrl = (env.LOAD_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const fans = positive('LOAD_FANS', 10_000);
const socketCount = Math.min(fans, positive('LOAD_SOCKETS', 2_000));
const seconds = positive('LOAD_SECONDS', 60);
const concurrency = positive('LOAD_CONCURRENCY', 32);
const client = env.LOAD_CLIENT ?? 'fetch';
if (client !== 'fetch' && client !== 'http') {
  console.error(`LOAD_CLIENT must be fetch or http, got "${client}"`);
  process.exit(2);
}
const keptAlive = new Agent({ keepAlive: true });

function positive(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1) return n;
  // Read as the module loads, before main(): said in one line, without a stack.
  console.error(`${name} must be a positive whole number, got "${raw}"`);
  process.exit(2);
}

/** The address fan i comes from: distinct per fan, so per-address limits count each on its own. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown; fan: number }): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Forwarded-For': addressOf(init.fan),
    ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
  };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const { status, text } = client === 'http' ? await httpRequest(`${baseUrl}/api${path}`, init.method ?? 'GET', headers, body) : await fetchRequest(`${baseUrl}/api${path}`, init.method ?? 'GET', headers, body);
  return { status, body: (text ? JSON.parse(text) : null) as T };
}

async function fetchRequest(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, text: await res.text() };
}

function httpRequest(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: keptAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function seedFans(db: Pool): Promise<void> {
  const [{ have }] = (await db.query<{ have: number }>(`SELECT count(*)::int AS have FROM users WHERE email LIKE 'load\\_%@load.invalid'`)).rows;
  if (have >= fans) return;
  const hash = await hashPassword(PASSWORD);
  await db.query(
    `WITH places AS (
       SELECT row_number() OVER (ORDER BY c.id) AS n, c.id AS club_id, c.country_id FROM clubs c WHERE c.country_id IS NOT NULL
     )
     INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, country_id, club_id, onboarding_completed_at)
     SELECT 'load_' || i, 'load_' || i || '@load.invalid', 'Load', 'Fan ' || i, $1, now(), p.country_id, p.club_id, now()
     FROM generate_series($2::int + 1, $3::int) AS i
     JOIN places p ON p.n = 1 + i % (SELECT count(*) FROM places)
     ON CONFLICT DO NOTHING`,
    [hash, have, fans],
  );
}

/**
 * CPU and peak RSS per process of the app, sampled from /proc every second. Processes are looked
 * up at every sample: Postgres starts a backend for each pooled connection the app opens under
 * load. A process seen after the start counts its CPU from 0 (it began meanwhile); one that ends
 * keeps the CPU last seen. Postgres' RSS is the sum over its processes, shared buffers counted in
 * each: an upper bound.
 */
class ProcessSampler {
  /** Per name, per pid: CPU ticks at the start (or 0), the latest seen, and the name's peak RSS. */
  private readonly seen = new Map<string, { ticks0: Map<number, number>; ticks: Map<number, number>; peakRssMb: number }>();
  private timer: NodeJS.Timeout | undefined;
  private started = 0;

  start(): void {
    this.started = Date.now();
    for (const [name, pids] of this.find()) {
      const ticks0 = new Map(pids.map((pid) => [pid, ticksOf([pid])]));
      this.seen.set(name, { ticks0, ticks: new Map(ticks0), peakRssMb: 0 });
    }
    this.timer = setInterval(() => this.sample(), 1000);
    this.sample();
  }

  stop(): string[] {
    clearInterval(this.timer);
    this.sample();
    const wall = (Date.now() - this.started) / 1000;
    return [...this.seen].map(([name, s]) => {
      let ticks = 0;
      for (const [pid, latest] of s.ticks) ticks += latest - (s.ticks0.get(pid) ?? 0);
      return `  ${name.padEnd(10)} CPU ${Math.round((ticks / 100 / wall) * 100)}% of one core, peak RSS ${Math.round(s.peakRssMb)} MB`;
    });
  }

  private sample(): void {
    for (const [name, pids] of this.find()) {
      const s = this.seen.get(name) ?? { ticks0: new Map<number, number>(), ticks: new Map<number, number>(), peakRssMb: 0 };
      this.seen.set(name, s);
      for (const pid of pids) {
        if (!s.ticks0.has(pid)) s.ticks0.set(pid, 0);
        s.ticks.set(pid, Math.max(s.ticks.get(pid) ?? 0, ticksOf([pid])));
      }
      s.peakRssMb = Math.max(s.peakRssMb, pids.reduce((sum, pid) => sum + rssMbOf(pid), 0));
    }
  }

  private find(): Map<string, number[]> {
    return appProcesses();
  }
}

/** api, workers, postgres, redis: every process whose command line names it. */
function appProcesses(): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const add = (name: string, pid: number) => found.set(name, [...(found.get(name) ?? []), pid]);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    if (cmd.includes('dist/backend/src/main.js')) add('api', pid);
    else if (cmd.includes('dist/workers/src/main.js')) add('workers', pid);
    else if (/postgres/.test(cmd) && !cmd.includes('node')) add('postgres', pid);
    else if (cmd.startsWith('redis-server')) add('redis', pid);
  }
  return found;
}

/** CPU ticks so far of every app process by name and pid, and this process's own CPU in ms. */
interface PhaseCpuMark {
  ticks: Map<string, Map<number, number>>;
  ownMs: number;
  at: number;
  machine: { busy: number; all: number };
}

/** The whole machine's CPU ticks from /proc/stat: busy (all but idle and iowait) and all. */
function machineTicks(): { busy: number; all: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  return { busy: all - fields[3] - fields[4], all };
}

function markCpu(): PhaseCpuMark {
  const ticks = new Map<string, Map<number, number>>();
  for (const [name, pids] of appProcesses()) ticks.set(name, new Map(pids.map((pid) => [pid, ticksOf([pid])])));
  const { user, system } = process.cpuUsage();
  return { ticks, ownMs: (user + system) / 1000, at: performance.now(), machine: machineTicks() };
}

/**
 * One phase's CPU per operation, by process, and how busy the two cores were: where a flat-out
 * phase is bound. The load generator is on the same cores and counted too (a phone's HTTP client
 * is not, so its share is what the machine lends away, not what a save costs).
 */
function cpuPerOperation(from: PhaseCpuMark, operations: number): { line: string; appUs: number } {
  const to = markCpu();
  const parts: string[] = [];
  const ownMs = to.ownMs - from.ownMs;
  let appMs = 0;
  for (const [name, pids] of to.ticks) {
    let ticks = 0;
    for (const [pid, now] of pids) ticks += now - (from.ticks.get(name)?.get(pid) ?? 0);
    const ms = ticks * 10;
    appMs += ms;
    parts.push(`${name} ${Math.round((ms * 1000) / operations)}`);
  }
  parts.push(`load generator ${Math.round((ownMs * 1000) / operations)}`);
  const busy = (appMs + ownMs) / (to.at - from.at) / 2;
  const machineBusy = (to.machine.busy - from.machine.busy) / (to.machine.all - from.machine.all);
  return {
    line: `CPU µs per operation: ${parts.join(', ')}; the two cores ${Math.round(busy * 100)}% busy with these, ${Math.round(machineBusy * 100)}% with everything`,
    appUs: (appMs * 1000) / operations,
  };
}

function ticksOf(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      sum += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // The process ended (a postgres backend): its time is gone with it.
    }
  }
  return sum;
}

/** Runs `work(i)` for i in 0..count-1, `limit` at a time. */
async function pooled(count: number, limit: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function main(): Promise<void> {
  const db = new Pool({ connectionString: env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scoreline', max: 8, Client: PostgresClient });
  db.on('error', () => undefined); // an idle connection's failure: its PostgresClient told the outage log
  const lines: string[] = [`load: ${fans} fans, ${socketCount} sockets, saves over ${seconds} s against ${baseUrl}`];
  const sampler = new ProcessSampler();
  try {
    await seedFans(db);

    // Sign-ins: each fan's own, real password check.
    const tokens: string[] = new Array(fans);
    const signInMs: number[] = [];
    let signInErrors = 0;
    sampler.start();
    let t0 = Date.now();
    await pooled(fans, concurrency, async (i) => {
      const start = performance.now();
      const res = await api<ApiEnvelope<LoginResponse>>('/auth/login/', { method: 'POST', body: { email: `load_${i + 1}@load.invalid`, password: PASSWORD }, fan: i });
      signInMs.push(performance.now() - start);
      if (res.status === 200) tokens[i] = res.body.data.tokens.access;
      else signInErrors++;
    });
    const signInSeconds = (Date.now() - t0) / 1000;
    lines.push(
      `sign-in: ${fans - signInErrors}/${fans} in ${signInSeconds.toFixed(1)} s = ${Math.round((fans - signInErrors) / signInSeconds)}/s, ` +
        `p99 ${Math.round(percentile(signInMs, 0.99))} ms, ${signInErrors} errors`,
    );
    if (signInErrors > 0) throw new Error(`${signInErrors} sign-ins failed: is the app started with TRUST_PROXY=loopback?`);

    // The open gameweek every fan predicts.
    const current = await api<ApiEnvelope<GameweekPredictions>>('/predictions/current/', { token: tokens[0], fan: 0 });
    const gameweek = current.body.data;
    const fixtureIds = await openFixtures(db, gameweek.gameweek.id);
    if (fixtureIds.length === 0) {
      throw new Error(`gameweek ${gameweek.gameweek.number} is closed: move its kick-offs later (npm run ops -- reschedule <fixture> <time>) and run again`);
    }

    // Sockets, connected before the rush and kept through it.
    const sockets: Socket[] = [];
    await pooled(socketCount, 100, async (i) => {
      const socket = io(baseUrl, { transports: ['websocket'], auth: { token: tokens[i] }, reconnection: false, extraHeaders: { 'X-Forwarded-For': addressOf(i) } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
    });
    lines.push(`sockets: ${sockets.length} connected`);

    // The rush: fan i saves at i/fans of the window, whatever the others' latency.
    const saveMs: number[] = [];
    const saveErrors = new Map<number, number>();
    t0 = Date.now();
    const bodyOf = (i: number): { predictions: PredictionInput[] } => ({
      predictions: fixtureIds.map((fixture, k) => ({ fixture, home_score: (i + k) % 4, away_score: (i * 7 + k) % 3, is_banker: k === i % fixtureIds.length })),
    });
    await Promise.all(
      Array.from({ length: fans }, async (_, i) => {
        const due = t0 + (i * seconds * 1000) / fans;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
        const start = performance.now();
        const res = await api('/predictions/', { method: 'POST', token: tokens[i], body: bodyOf(i), fan: i });
        saveMs.push(performance.now() - start);
        if (res.status !== 200) saveErrors.set(res.status, (saveErrors.get(res.status) ?? 0) + 1);
      }),
    );
    const rushSeconds = (Date.now() - t0) / 1000;
    const errors = [...saveErrors.values()].reduce((a, b) => a + b, 0);
    lines.push(
      `saves: ${fans - errors}/${fans} in ${rushSeconds.toFixed(1)} s (${Math.round(fans / rushSeconds)}/s offered), ` +
        `p50 ${Math.round(percentile(saveMs, 0.5))} ms, p95 ${Math.round(percentile(saveMs, 0.95))} ms, p99 ${Math.round(percentile(saveMs, 0.99))} ms, ` +
        `${errors} errors${errors ? ` (${[...saveErrors].map(([s, n]) => `${n}×${s}`).join(', ')})` : ''}`,
    );

    // The rate the machine allows: every fan saves again, LOAD_CONCURRENCY in flight, no pacing.
    let maxErrors = 0;
    const flatOutCpu = markCpu();
    t0 = Date.now();
    await pooled(fans, concurrency, async (i) => {
      const res = await api('/predictions/', { method: 'POST', token: tokens[i], body: bodyOf(i + 1), fan: i });
      if (res.status !== 200) maxErrors++;
    });
    const maxRate = fans / ((Date.now() - t0) / 1000);
    const flatOut = cpuPerOperation(flatOutCpu, fans);
    lines.push(`saves flat out (${concurrency} in flight, ${client}): ${Math.round(maxRate)}/s, ${maxErrors} errors`, `  ${flatOut.line}`);
    for (const s of sockets) s.disconnect();
    lines.push('processes during sign-in, sockets and saves:', ...sampler.stop());

    // The floor: the same number of bare upserts of the same rows, as fast as they go.
    const floor = await upsertFloor(db, fixtureIds, gameweek.gameweek.id);
    const floorRate = fans / floor.inserted.seconds;
    const againRate = fans / floor.again.seconds;
    lines.push(
      `floor: ${fans} bare INSERT … ON CONFLICT of ${fixtureIds.length} rows each, ${concurrency} in flight: ${Math.round(floorRate)}/s; ` +
        `saves through the API flat out = ${(maxRate / floorRate).toFixed(2)} of the floor`,
      `  ${floor.inserted.cpu.line}`,
      // The flat-out saves are every fan's second: each updates rows that are there, as this pass does.
      `floor over the rows already there (as the flat-out saves): ${Math.round(againRate)}/s; saves = ${(maxRate / againRate).toFixed(2)} of it`,
      `  ${floor.again.cpu.line}`,
      `the app's CPU (API, workers, Postgres, Redis) per save = ${(flatOut.appUs / floor.again.cpu.appUs).toFixed(1)}× a bare upsert's over the same rows (load generator left out)`,
    );
  } finally {
    await db.end();
    for (const line of lines) console.log(line);
  }
}

/** The fixtures of the gameweek still open for predictions (kick-off more than a minute away). */
async function openFixtures(db: Pool, gameweekId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT f.id FROM fixtures f WHERE f.gameweek_id = $1 AND f.status = 'scheduled'
       AND (SELECT min(kickoff_at) FROM fixtures WHERE gameweek_id = $1) > now() + interval '${seconds + 60} seconds'
     ORDER BY f.kickoff_at, f.id`,
    [gameweekId],
  );
  return rows.map((r) => r.id);
}

/**
 * The floor twice: into a fresh table (the figure since issue 12), then the same statements again
 * over the rows the first pass left, which is what the flat-out saves do (each fan's second save).
 */
async function upsertFloor(db: Pool, fixtureIds: number[], gameweekId: number): Promise<Record<'inserted' | 'again', { seconds: number; cpu: ReturnType<typeof cpuPerOperation> }>> {
  await db.query(`DROP TABLE IF EXISTS load_floor_predictions`);
  await db.query(
    `CREATE UNLOGGED TABLE load_floor_predictions (user_id int, fixture_id int, gameweek_id int, home_score smallint, away_score smallint, is_banker boolean,
       updated_at timestamptz, PRIMARY KEY (user_id, fixture_id))`,
  );
  // Logged like the real table would be: UNLOGGED would flatter the floor.
  await db.query(`ALTER TABLE load_floor_predictions SET LOGGED`);
  const pass = async (shift: number) => {
    const cpu = markCpu();
    const t0 = Date.now();
    await pooled(fans, concurrency, async (i) => {
      await db.query(
        `INSERT INTO load_floor_predictions (user_id, fixture_id, gameweek_id, home_score, away_score, is_banker, updated_at)
         SELECT $1::int, f, $2::int, (($1::int + $5::int + k) % 4)::smallint, (($1::int * 7 + k) % 3)::smallint, k - 1 = ($1::int + $5::int) % $4::int, now()
         FROM unnest($3::int[]) WITH ORDINALITY AS x(f, k)
         ON CONFLICT (user_id, fixture_id) DO UPDATE SET home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score,
           is_banker = EXCLUDED.is_banker, updated_at = now()`,
        [i, gameweekId, fixtureIds, fixtureIds.length, shift],
      );
    });
    return { seconds: (Date.now() - t0) / 1000, cpu: cpuPerOperation(cpu, fans) };
  };
  const inserted = await pass(0);
  const again = await pass(1);
  await db.query(`DROP TABLE load_floor_predictions`);
  return { inserted, again };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
