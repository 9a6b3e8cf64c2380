import { fork, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';
import type { BenchCase, BenchContext } from './run';
import { BENCH_SEASONS } from './bench-seasons';
import { round } from './timing';

/**
 * Web push fan-out: 10,000 fans (BENCH_PUSH_FANS) predicted a match and have push on, each with
 * one device whose endpoint is a local push service (an HTTP server in a child process, as a
 * real push service is another machine) and keys of its own, as a browser makes them, so every
 * payload is really encrypted for its device. An admin records a goal through
 * PUT /api/admin/fixtures/{id}/result, so the whole path runs: outbox → scoring → scores.updated
 * → notifications queue → goal claim → one encrypted, VAPID-signed POST per device. Measured per goal:
 * from the admin call to the arrival of each push at the service (p95 over every push of every
 * measured goal) and to the last one (p95 over the goals). The service decrypts one device's
 * push per goal with that device's keys, so a bench of empty or undecryptable bodies fails.
 * Floor: the same number of bare POSTs (same body size, same 64 lanes and keep-alive sockets,
 * node:http as the sender) from this process to the same service, measured the same way in the same run. Figures: the ratios, the
 * price of the pipeline, claiming, encryption and signing over the round trips themselves. BENCH_PUSH_TRACE=1 adds, per goal
 * and per floor round, when the first, middle and last push came and this process's CPU time (every thread): the figure a
 * busy machine blurs least, as the fan-out is CPU-bound (an ECDH key agreement per device).
 */

const GOALS = 5;
const LANES = 64;
const TIMEOUT_MS = Number(process.env.BENCH_PUSH_TIMEOUT_MS ?? 180_000);
const now = () => performance.timeOrigin + performance.now();
/** CPU time of this process (every thread) since `since`, in ms: the figure a busy machine does not blur. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return Math.round((user + system) / 1000);
};
const trace = (line: string) => process.env.BENCH_PUSH_TRACE === '1' && process.stderr.write(`[push-fanout] ${line}\n`);

/** The device whose pushes the service decrypts: its path and its browser keys. */
interface Sample {
  path: string;
  privateKey: string;
  auth: string;
}

type ToService = { type: 'expect'; count: number; sample: Sample | null };
type FromService =
  | { type: 'listening'; origin: string }
  | { type: 'armed' }
  | { type: 'done'; arrivals: number[]; sample: unknown; sampleBytes: number; sampleError: string | null };

/**
 * The push service process: answers 201 to every POST and notes when each arrived; after
 * `expect`, reports the arrival times once `count` requests came, with the sample device's
 * decrypted payload.
 */
function runPushService(): void {
  // http_ece has no types of its own: the one call used here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };
  let expected = 0;
  let arrivals: number[] = [];
  let sample: Sample | null = null;
  let decrypted: unknown = null;
  let sampleBytes = 0;
  let sampleError: string | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(201).end();
      if (expected === 0) return;
      arrivals.push(now());
      if (sample && req.url === sample.path) {
        const body = Buffer.concat(chunks);
        sampleBytes = body.length;
        try {
          const key = createECDH('prime256v1');
          key.setPrivateKey(Buffer.from(sample.privateKey, 'base64url'));
          decrypted = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: key, authSecret: sample.auth }).toString('utf8'));
        } catch (error) {
          sampleError = (error as Error).message;
        }
      }
      if (arrivals.length === expected) {
        process.send?.({ type: 'done', arrivals, sample: decrypted, sampleBytes, sampleError } satisfies FromService);
        expected = 0;
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  server.maxConnections = 10_000;
  process.on('message', (m: ToService) => {
    if (m.type !== 'expect') return;
    arrivals = [];
    expected = m.count;
    sample = m.sample;
    decrypted = null;
    sampleBytes = 0;
    sampleError = null;
    process.send?.({ type: 'armed' } satisfies FromService);
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ type: 'listening', origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } satisfies FromService);
  });
}

interface Arrived {
  /** When each request arrived (ms, this machine's clock). */
  arrivals: number[];
  sample: unknown;
  sampleBytes: number;
  sampleError: string | null;
}

class PushServiceProcess {
  private readonly child: ChildProcess = fork(__filename, [], { env: { ...process.env, PUSH_FANOUT_SERVICE_PROCESS: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

  listening(): Promise<string> {
    return new Promise((resolve) => this.child.on('message', (m: FromService) => m.type === 'listening' && resolve(m.origin)));
  }

  /**
   * Arms the counter and waits until the service says so (requests must not overtake the arming
   * message). Answers the arrivals in a wrapper: an async function returning the promise itself
   * would wait for it, and the caller must start the fan-out before that.
   */
  async expect(count: number, sample: Sample | null = null): Promise<{ arrived: Promise<Arrived> }> {
    const armed = new Promise<void>((resolve) => {
      const listener = (m: FromService) => {
        if (m.type !== 'armed') return;
        this.child.off('message', listener);
        resolve();
      };
      this.child.on('message', listener);
    });
    const arrived = new Promise<Arrived>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`push service did not receive ${count} requests in time`)), TIMEOUT_MS);
      const listener = (m: FromService) => {
        if (m.type !== 'done') return;
        clearTimeout(timer);
        this.child.off('message', listener);
        resolve({ arrivals: m.arrivals, sample: m.sample, sampleBytes: m.sampleBytes, sampleError: m.sampleError });
      };
      this.child.on('message', listener);
    });
    // Never an unhandled rejection while the caller is still starting the fan-out.
    arrived.catch(() => undefined);
    this.child.send({ type: 'expect', count, sample } satisfies ToService);
    await armed;
    return { arrived };
  }

  stop(): void {
    this.child.kill();
  }
}

/** p95 of every arrival after its start, and p95 of each round's last arrival. */
function summarize(rounds: { start: number; arrivals: number[] }[]): { p95: number; last: number; lasts: number[] } {
  const each = rounds.flatMap((r) => r.arrivals.map((t) => t - r.start));
  const lasts = rounds.map((r) => Math.max(...r.arrivals) - r.start);
  return { p95: percentile(each, 0.95), last: percentile(lasts, 0.95), lasts };
}

export const pushFanoutCase: BenchCase = {
  name: 'push-fanout',
  async run(ctx: BenchContext) {
    const { db } = ctx;
    const fans = Number(process.env.BENCH_PUSH_FANS ?? 10_000);
    if (!Number.isInteger(fans) || fans < 1 || fans > 200_000) throw new Error(`BENCH_PUSH_FANS must be 1..200000, got ${process.env.BENCH_PUSH_FANS}`);
    const service = new PushServiceProcess();
    const origin = await service.listening();
    const previouslyActive: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active`);
    try {
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      const [{ season_id, gameweek_id }]: { season_id: number; gameweek_id: number }[] = await db.query(
        `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, 'en.1', true) RETURNING id)
         INSERT INTO gameweeks (season_id, number, starts_at, ends_at) SELECT id, 1, now() + interval '1 day', now() + interval '1 day 4 hours' FROM s
         RETURNING id AS gameweek_id, season_id`,
        [BENCH_SEASONS.pushFanout.name, BENCH_SEASONS.pushFanout.label],
      );
      const clubs: { id: number }[] = await db.query(`SELECT id FROM clubs ORDER BY id LIMIT 4`);
      // Two matches: the second stays unplayed, so no goal completes the gameweek.
      const fixtureIds: number[] = [];
      for (let i = 0; i < 2; i++) {
        const [{ id }]: { id: number }[] = await db.query(
          `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at)
           VALUES ($1, $2, $3, $4, $5, now() + interval '1 day' + $6 * interval '2 hours') RETURNING id`,
          [season_id, gameweek_id, `push-fanout-${i + 1}`, clubs[2 * i].id, clubs[2 * i + 1].id, i],
        );
        fixtureIds.push(id);
      }
      const [fixtureId] = fixtureIds;
      // Fans of its own, each with one device at the local push service and match results on.
      const ids: number[] = (
        await db.query(
          `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at)
           SELECT 'fan_' || i, 'fan_' || i || '@bench.invalid', 'Fan', 'No ' || i, 'not-a-password-hash', now()
           FROM generate_series(1, $1::int) AS i RETURNING id`,
          [fans],
        )
      ).map((r: { id: number }) => r.id);
      await db.query(`INSERT INTO user_preferences (user_id, notify_match_results) SELECT u, true FROM unnest($1::int[]) AS u`, [ids]);
      // Scores up to 6-0 among them: each goal changes someone's points, so scoring raises
      // scores.updated (a goal that changes no prediction's points raises none, and pushes nothing).
      await db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
         SELECT u, $2, $3, $4, u % 7, (u / 7) % 3, false FROM unnest($1::int[]) AS u`,
        [ids, fixtureId, gameweek_id, season_id],
      );
      // A browser's keys per device: each push is encrypted for its own device, as in life.
      const devices = ids.map(() => {
        const browser = createECDH('prime256v1');
        browser.generateKeys();
        return { browser, p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      });
      await db.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device)
         SELECT u, $2 || '/push/' || u, k, a, 'bench' FROM unnest($1::int[], $3::text[], $4::text[]) AS x(u, k, a)`,
        [ids, origin, devices.map((d) => d.p256dh), devices.map((d) => d.auth)],
      );
      const sample: Sample = { path: `/push/${ids[0]}`, privateKey: devices[0].browser.getPrivateKey().toString('base64url'), auth: devices[0].auth };
      await db.query(`ANALYZE push_subscriptions; ANALYZE predictions`);

      // A goal push's encrypted size (the floor's body is as big): measured on the warm-up goal's sample.
      let pushBodyBytes = 0;
      const checkSample = (got: Arrived, homeScore: number) => {
        if (got.sampleError) throw new Error(`the sample push does not decrypt: ${got.sampleError}`);
        const payload = got.sample as { kind?: string; title?: string } | null;
        if (payload?.kind !== 'goal' || !payload.title?.includes(`${homeScore}–0`)) throw new Error(`the sample push is not this goal: ${JSON.stringify(payload)}`);
        pushBodyBytes = Math.max(pushBodyBytes, got.sampleBytes);
      };
      const result = async (home: number, away: number, minute: number) => {
        const res = await fetch(`${ctx.baseUrl}/admin/fixtures/${fixtureId}/result`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ home_score: home, away_score: away, status: 'live', minute }),
        });
        if (!res.ok) throw new Error(`result → ${res.status} ${await res.text()}`);
      };

      // Kick-off (no goal: nothing is pushed), then a first goal unmeasured (warm-up).
      await result(0, 0, 1);
      await ctx.settle(TIMEOUT_MS);
      let expecting = await service.expect(fans, sample);
      await result(1, 0, 5);
      checkSample(await expecting.arrived, 1);
      await ctx.settle(TIMEOUT_MS);

      const goals: { start: number; arrivals: number[] }[] = [];
      for (let g = 0; g < GOALS; g++) {
        expecting = await service.expect(fans, sample);
        const start = now();
        const cpu = process.cpuUsage();
        await result(2 + g, 0, 10 + g * 10);
        const got = await expecting.arrived;
        const after = got.arrivals.map((t) => t - start).sort((a, b) => a - b);
        trace(
          `goal ${2 + g}-0: first push after ${round(after[0])} ms, half after ${round(after[after.length >> 1])} ms, last after ${round(after[after.length - 1])} ms; this process's CPU ${cpuMs(cpu)} ms`,
        );
        checkSample(got, 2 + g);
        goals.push({ start, arrivals: got.arrivals });
        await ctx.settle(TIMEOUT_MS);
        trace(`goal ${2 + g}-0: settled after ${round(now() - start)} ms`);
      }

      // The floor: bare POSTs of a push's size, from this process, with the same lanes and the
      // same kind of client as the sender (node:http, a keep-alive pool of as many sockets).
      const body = Buffer.alloc(pushBodyBytes, 1);
      const agent = new Agent({ keepAlive: true, maxSockets: LANES, scheduling: 'lifo' });
      const post = (path: string) =>
        new Promise<void>((resolve, reject) => {
          const req = request(`${origin}${path}`, { method: 'POST', agent, headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length } }, (res) => {
            res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`bare POST → ${res.statusCode}`))));
            res.resume();
          });
          req.on('error', reject);
          req.end(body);
        });
      const bare: { start: number; arrivals: number[] }[] = [];
      for (let r = 0; r < GOALS + 1; r++) {
        expecting = await service.expect(fans);
        const start = now();
        const cpu = process.cpuUsage();
        let next = 0;
        const lane = async () => {
          while (next < fans) await post(`/bare/${next++}`);
        };
        await Promise.all(Array.from({ length: LANES }, lane));
        const got = await expecting.arrived;
        trace(`bare round ${r}: last POST after ${round(Math.max(...got.arrivals) - start)} ms; this process's CPU ${cpuMs(cpu)} ms`);
        if (r > 0) bare.push({ start, arrivals: got.arrivals });
      }
      agent.destroy();
      const push = summarize(goals);
      const floor = summarize(bare);
      const label = fans >= 1000 ? `${fans / 1000}k` : String(fans);
      return [
        `push-fanout-goal-${label}-devices: p95 to each push ${round(push.p95)} ms, p95 to the last ${round(push.last)} ms (last per goal: ${push.lasts.map(round).join(', ')} ms)`,
        `push-fanout-bare-posts-${label}: p95 to each POST ${round(floor.p95)} ms, p95 to the last ${round(floor.last)} ms (last per round: ${floor.lasts.map(round).join(', ')} ms)`,
        `push-fanout-ratio-${label}: ${(push.p95 / floor.p95).toFixed(2)}× bare POSTs to each, ${(push.last / floor.last).toFixed(2)}× to the last`,
      ];
    } finally {
      service.stop();
      // Two statements: one season is active at a time, checked row by row (seasons_one_active).
      await db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      await db.query(`UPDATE seasons SET is_active = true WHERE id = ANY($1::int[])`, [previouslyActive.map((s) => s.id)]);
    }
  },
};

if (require.main === module && process.env.PUSH_FANOUT_SERVICE_PROCESS === '1') runPushService();
