import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';
import type { BenchCase, BenchContext } from './run';

/**
 * NOT YET REGISTERED in run.ts: the push service child receives none of the pipeline's pushes
 * here (the worker's jobs report them sent), still to be found out.
 *
 * Web push fan-out: 10,000 fans (BENCH_PUSH_FANS) predicted a match and have push on, each with
 * one device whose endpoint is a local push service (an HTTP server in a child process, as a
 * real push service is another machine). An admin records a goal through
 * PUT /api/admin/fixtures/{id}/result, so the whole path runs: outbox → scoring → scores.updated
 * → push queue → goal claim → one encrypted, VAPID-signed POST per device. Measured: from the
 * admin call to the push service holding the last of the 10,000; p95 over the measured goals.
 * Baseline: the same number of bare POSTs (same body size, same 64 lanes, fetch) from this
 * process to the same service. Figure: the ratio, the price of encryption, signing, claiming
 * and the pipeline over the network round trips themselves.
 */

const GOALS = 5;
const LANES = 64;
const TIMEOUT_MS = Number(process.env.BENCH_PUSH_TIMEOUT_MS ?? 180_000);
const now = () => performance.timeOrigin + performance.now();
const round = (n: number) => Math.round(n);

type ToService = { type: 'expect'; count: number };
type FromService = { type: 'listening'; origin: string } | { type: 'armed' } | { type: 'done'; at: number; count: number };

/** The push service process: counts POSTs; after `expect`, reports when the count is reached. */
function runPushService(): void {
  let expected = 0;
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201).end();
      received += 1;
      if (process.env.BENCH_PUSH_TRACE === '1') process.stderr.write(`[push-service] ${req.url} ${received}/${expected}\n`);
      if (expected > 0 && received === expected) {
        process.send?.({ type: 'done', at: now(), count: received } satisfies FromService);
        expected = 0;
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  process.on('message', (m: ToService) => {
    if (m.type === 'expect') {
      received = 0;
      expected = m.count;
      process.send?.({ type: 'armed' } satisfies FromService);
    }
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ type: 'listening', origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } satisfies FromService);
  });
}

class PushServiceProcess {
  private readonly child: ChildProcess = fork(__filename, [], { env: { ...process.env, PUSH_FANOUT_SERVICE_PROCESS: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

  listening(): Promise<string> {
    return new Promise((resolve) => this.child.on('message', (m: FromService) => m.type === 'listening' && resolve(m.origin)));
  }

  /**
   * Arms the counter and waits until the service says so (requests must not overtake the arming
   * message); answers a promise of the time the `count`-th request arrived.
   */
  async expect(count: number): Promise<Promise<number>> {
    const armed = new Promise<void>((resolve) => {
      const listener = (m: FromService) => {
        if (m.type !== 'armed') return;
        this.child.off('message', listener);
        resolve();
      };
      this.child.on('message', listener);
    });
    const done = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`push service did not receive ${count} requests in time`)), TIMEOUT_MS);
      const listener = (m: FromService) => {
        if (m.type !== 'done') return;
        clearTimeout(timer);
        this.child.off('message', listener);
        resolve(m.at);
      };
      this.child.on('message', listener);
    });
    this.child.send({ type: 'expect', count } satisfies ToService);
    await armed;
    return done;
  }

  stop(): void {
    this.child.kill();
  }
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
        `WITH s AS (INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Push Fan-out 2098/99', '2098/99', 'en.1', true) RETURNING id)
         INSERT INTO gameweeks (season_id, number, starts_at, ends_at) SELECT id, 1, now() + interval '1 day', now() + interval '1 day 4 hours' FROM s
         RETURNING id AS gameweek_id, season_id`,
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
      await db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
         SELECT u, $2, $3, $4, abs(hashtext('h' || u)) % 4, abs(hashtext('a' || u)) % 4, false FROM unnest($1::int[]) AS u`,
        [ids, fixtureId, gameweek_id, season_id],
      );
      // Real browser keys (one pair shared: encryption still runs once per message, with a fresh ephemeral key).
      const { createECDH, randomBytes } = await import('node:crypto');
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const p256dh = browser.getPublicKey().toString('base64url');
      const auth = randomBytes(16).toString('base64url');
      await db.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device)
         SELECT u, $2 || '/push/' || u, $3, $4, 'bench' FROM unnest($1::int[]) AS u`,
        [ids, origin, p256dh, auth],
      );
      await db.query(`ANALYZE push_subscriptions; ANALYZE predictions`);

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
      let arrived = await service.expect(fans);
      await result(1, 0, 5);
      await arrived;
      await ctx.settle(TIMEOUT_MS);

      const goalTimes: number[] = [];
      for (let g = 0; g < GOALS; g++) {
        arrived = await service.expect(fans);
        const start = now();
        await result(1 + g + 1, 0, 10 + g * 10);
        goalTimes.push((await arrived) - start);
        await ctx.settle(TIMEOUT_MS);
      }

      // The baseline: bare POSTs of a push's size, from this process, with the same lanes.
      const body = Buffer.alloc(350, 1);
      const bareTimes: number[] = [];
      for (let r = 0; r < GOALS + 1; r++) {
        arrived = await service.expect(fans);
        const start = now();
        let next = 0;
        const lane = async () => {
          while (next < fans) {
            const i = next++;
            const res = await fetch(`${origin}/bare/${i}`, { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } });
            await res.arrayBuffer();
          }
        };
        await Promise.all(Array.from({ length: LANES }, lane));
        const took = (await arrived) - start;
        if (r > 0) bareTimes.push(took);
      }
      const pushP95 = percentile(goalTimes, 0.95);
      const bareP95 = percentile(bareTimes, 0.95);
      const label = fans >= 1000 ? `${fans / 1000}k` : String(fans);
      return [
        `push-fanout-goal-${label}-devices p95: ${round(pushP95)} ms (goals: ${goalTimes.map(round).join(', ')} ms)`,
        `push-fanout-bare-posts-${label} p95: ${round(bareP95)} ms`,
        `push-fanout-ratio-${label}: ${(pushP95 / bareP95).toFixed(2)}× bare POSTs`,
      ];
    } finally {
      service.stop();
      await db.query(`UPDATE seasons SET is_active = (id = ANY($1::int[]))`, [previouslyActive.map((s) => s.id)]);
    }
  },
};

if (require.main === module && process.env.PUSH_FANOUT_SERVICE_PROCESS === '1') runPushService();
