import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Job } from 'bullmq';
import { Client } from 'pg';
import { STANDINGS_LOCK } from '@scoreline/backend/standings/standings.service';
import { countMismatches, describeMismatches, waitForConvergence, NO_MISMATCHES, type MismatchCounts } from './support/expected';
import { FaultSystem } from './support/fault-system';
import { printFigure } from './support/figures';
import { pollUntil, sleep } from '../support/owned-processes';

/**
 * Restarts of each dependency, how long it stays down each time, and how long it is up between:
 * long enough for the processes to be back and say so (BullMQ reconnects after 1 s, then the outage
 * log's SETTLE_MS), so each restart is an outage of its own in their logs.
 */
const RESTARTS = 20;
const DOWN_MS = 500;
const UP_MS = 2500;
/** The workers' reconciler interval in this scenario (off by default in tests): the recovery bound's second term. */
const RECONCILE_INTERVAL_S = 10;
/** A request without an answer in this long counts as hung. */
const REQUEST_TIMEOUT_MS = 15_000;

/** What a process must never print: an unheard error event, an unhandled rejection, a stack trace (raw or inside a JSON log line). */
const UNHANDLED = /unhandled/i;
const STACK_FRAME = /(?:\n|\\n)\s+at \S.*?:\d+:\d+\)?/;

type Kind = 'read' | 'join' | 'leave' | 'result';

/**
 * Signed-in reads and writes in bounded loops, from the moment it starts until stop(): readers ask
 * a different fan's pages each time (the token cache cannot hide the database), writers join a
 * public league and leave it again (member.joined / member.left: standings work), and an admin
 * records a goal every second in one of five matches (scoring and standings work for every league).
 * Every answer is counted by kind and status; 0 is no answer within REQUEST_TIMEOUT_MS.
 */
class Load {
  readonly statuses = new Map<Kind, Map<number, number>>();
  /** 503s that came without a Retry-After header. */
  withoutRetryHint = 0;
  goals = 0;
  private running = true;
  private readonly loops: Promise<void>[];
  private readonly stopBy: number;

  constructor(
    private readonly sys: FaultSystem,
    private readonly readPaths: string[],
    maxMs: number,
  ) {
    this.stopBy = Date.now() + maxMs;
    const fans = sys.game.fanIds;
    // Fans 1…2400 read; of the rest, those in no public league (every third fan is in one) write.
    const readers = fans.slice(0, 2400);
    const writers = fans.map((id, i) => ({ id, r: i + 1 })).filter((f) => f.r > 2400 && f.r % 3 !== 0).map((f) => f.id);
    this.loops = [
      ...[0, 1, 2].map((n) => this.readLoop(readers, n)),
      ...[0, 1].map((n) => this.writeLoop(writers.filter((_, i) => i % 2 === n))),
      this.goalLoop(),
    ];
  }

  private get on(): boolean {
    return this.running && Date.now() < this.stopBy;
  }

  private count(kind: Kind, status: number): void {
    if (!this.statuses.has(kind)) this.statuses.set(kind, new Map());
    const byStatus = this.statuses.get(kind)!;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  private async request(kind: Kind, method: string, path: string, token: string, body?: unknown): Promise<number> {
    let status = 0;
    try {
      const res = await fetch(`${this.sys.apiUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      status = res.status;
      if (status === 503 && !res.headers.get('retry-after')) this.withoutRetryHint += 1;
    } catch {
      /* no answer: counted as 0 */
    }
    this.count(kind, status);
    return status;
  }

  private async readLoop(fans: number[], offset: number): Promise<void> {
    for (let i = offset; this.on; i += 3) {
      await this.request('read', 'GET', this.readPaths[i % this.readPaths.length], this.sys.token(fans[i % fans.length]));
      await sleep(10);
    }
  }

  private async writeLoop(fans: number[]): Promise<void> {
    const leagues = this.sys.game.publicLeagueIds;
    for (let i = 0; this.on; i += 1) {
      const token = this.sys.token(fans[i % fans.length]);
      const leagueId = leagues[i % leagues.length];
      // 409 on joining: a join whose commit the restart let through but whose answer it cut.
      const joined = await this.request('join', 'POST', '/api/leagues/join/', token, { type: 'public', league_id: leagueId });
      if (joined === 200 || joined === 409) {
        while (this.on && [0, 503].includes(await this.request('leave', 'POST', `/api/leagues/${leagueId}/leave/`, token))) await sleep(200);
      }
      await sleep(20);
    }
  }

  private async goalLoop(): Promise<void> {
    const fixtures = this.sys.game.currentFixtureIds.slice(0, 5);
    for (let i = 0; this.on; i += 1) {
      const body = { home_score: Math.floor(i / 5) % 6, away_score: (i * 7) % 4, status: 'live' };
      if ((await this.request('result', 'PUT', `/api/admin/fixtures/${fixtures[i % fixtures.length]}/result`, this.sys.adminToken, body)) === 200) this.goals += 1;
      await sleep(1000);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  total(status?: number): number {
    let n = 0;
    for (const byStatus of this.statuses.values()) for (const [s, c] of byStatus) if (status === undefined || s === status) n += c;
    return n;
  }

  /** Answers other than 200, a 503, and a write's 409 (see writeLoop), as `kind:status×n`. */
  unexpected(): string[] {
    const allowed = (kind: Kind, status: number) => status === 200 || status === 503 || (status === 409 && (kind === 'join' || kind === 'leave'));
    const out: string[] = [];
    for (const [kind, byStatus] of this.statuses) for (const [s, c] of byStatus) if (!allowed(kind, s)) out.push(`${kind}:${s}x${c}`);
    return out;
  }
}

interface OutageLines {
  process: string;
  dependency: string;
  down: number;
  back: number;
}

/** What the processes printed that they must not have, and how often each said a dependency was away and back. */
function readOutput(sys: FaultSystem): { offending: string[]; outages: OutageLines[] } {
  const offending: string[] = [];
  const outages: OutageLines[] = [];
  for (const [name, proc] of [['api', sys.api], ['worker', sys.worker]] as const) {
    const text = proc?.output.join('') ?? '';
    for (const line of text.split('\n')) if (UNHANDLED.test(line) || STACK_FRAME.test(`\n${line}`)) offending.push(`${name}: ${line.slice(0, 300)}`);
    for (const dependency of ['PostgreSQL', 'Redis']) {
      const count = (said: string) => text.split(`${dependency} ${said}`).length - 1;
      outages.push({ process: name, dependency, down: count('is unreachable'), back: count('is back after') });
    }
  }
  return { offending, outages };
}

const onlyStandingsLeft = (c: MismatchCounts) => c.predictions === 0 && c.gameweekTotals === 0 && c.seasonTotals === 0;

/**
 * Issue 33: "Every restart survived" and "Recovery proportional to the outage". The API died on
 * one of ten Postgres restarts (a pg client's error event with no listener), ioredis printed a
 * stack hundreds of times per Redis outage, and after five Postgres restarts the standings
 * backlog took 6–13.5 minutes to drain. Here the private Redis restarts 20 times (empty: no
 * persistence) and then the private Postgres 20 times, each down DOWN_MS, under signed-in reads and
 * writes and a goal a second, with the API and a worker as separate processes: neither may exit or
 * print an unhandled error or a stack, no request may answer 500 (a 503 with Retry-After is right
 * while a dependency is away), each process says a dependency is away at most once per restart
 * and that it is back as often, the figures converge, and after the last Postgres restart every
 * rank is right within one full recompute of every league (timed in this run) plus one reconciler
 * interval, the recompute that was under way at every restart having spent no attempt.
 */
describe('fault: Redis and PostgreSQL restart 20 times each under load', () => {
  let sys: FaultSystem;
  const exits: string[] = [];
  let readPaths: string[];
  let globalId: number;
  let fullRecomputeS = 0;
  const figures: Record<string, string | number | null> = {};

  beforeAll(async () => {
    sys = await FaultSystem.start({}, { RECONCILE_INTERVAL_SECONDS: String(RECONCILE_INTERVAL_S) });
    for (const [name, proc] of [['api', sys.api], ['worker', sys.worker!]] as const) {
      proc.child.once('exit', (code, signal) => exits.push(`${name} exited (${code ?? signal})`));
    }
    [{ globalId }] = await sys.db.query(`SELECT id AS "globalId" FROM leagues WHERE type = 'global'`);
    readPaths = ['/api/auth/profile/', `/api/leagues/${globalId}/leaderboard/`, '/api/fixtures/current/', '/api/predictions/current/', '/api/leagues/overview/'];
  }, 240_000);

  afterAll(async () => {
    // Both processes' whole output, for whoever reads a failure (test-results/ is not committed).
    const dir = join(__dirname, '..', '..', '..', 'test-results');
    mkdirSync(dir, { recursive: true });
    for (const [name, proc] of [['api', sys?.api], ['worker', sys?.worker]] as const) {
      if (proc) writeFileSync(join(dir, `faults-restarts-${name}.log`), proc.output.join(''));
    }
    await sys?.stop();
  }, 60_000);

  it('times a full recompute of every league after a goal (the recovery bound)', async () => {
    expect(describeMismatches(await countMismatches(sys.db))).toBe(NO_MISMATCHES);
    // The standings queue paused while the goal is scored, so what is timed is the tables alone.
    const standings = sys.queue('standings');
    await standings.pause();
    try {
      await sys.recordResult(sys.game.currentFixtureIds[5], 1, 0, 'live');
      await pollUntil('the goal scored (only standings left to do)', 60_000, async () => {
        const counts = await countMismatches(sys.db);
        return onlyStandingsLeft(counts) && counts.standings > 0 ? true : undefined;
      }, 250);
    } finally {
      await standings.resume();
    }
    const { counts, convergedInS } = await waitForConvergence(sys.db, 120_000);
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
    fullRecomputeS = convergedInS!;
    figures.full_recompute = `${fullRecomputeS.toFixed(1)}s`;
  }, 180_000);

  it('lives through 20 Redis restarts under load, and the figures converge after them', async () => {
    const load = new Load(sys, readPaths, 180_000);
    const started = Date.now();
    for (let i = 0; i < RESTARTS; i += 1) {
      await sleep(UP_MS);
      await sys.redis.kill();
      await sleep(DOWN_MS);
      await sys.redis.start();
    }
    await sleep(UP_MS);
    await load.stop();
    const { counts, convergedInS } = await waitForConvergence(sys.db, 120_000);
    Object.assign(figures, {
      redis_phase: `${((Date.now() - started) / 1000).toFixed(0)}s`,
      redis_requests: load.total(),
      redis_503: load.total(503),
      redis_500: load.total(500),
      redis_goals: load.goals,
      redis_converged_in: convergedInS === null ? null : `${convergedInS.toFixed(1)}s`,
    });
    expect({ exits, unexpected: load.unexpected(), withoutRetryHint: load.withoutRetryHint }).toEqual({ exits: [], unexpected: [], withoutRetryHint: 0 });
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
  }, 300_000);

  it('lives through 20 PostgreSQL restarts under load, every rank right within one full recompute and one reconciler interval of the last', async () => {
    // The global league's recompute is kept under way at every restart, as a big league's long
    // recompute is (23–64 s in the review): the test holds that table's lock, taking it again after
    // each restart (which cuts its connection and frees it), and lets it go with the last. The job
    // meets the restarts; BullMQ's backoff (1, 2, 4 … 64 s) would leave it waiting long after. When
    // Postgres comes back slowly (a loaded CI machine), the job's retry can take the lock before the
    // test does and finish early (clean-clone runs started it again after 20, 18, 10 and 16 restarts).
    const holdGlobalTable = () =>
      pollUntil('the global table held', 10_000, async () => {
        const client = new Client({ connectionString: sys.pg.url('scoreline_faults') });
        client.on('error', () => undefined); // cut by each restart: that is the point
        try {
          await client.connect();
          await client.query(`SELECT pg_advisory_lock($1, $2)`, [STANDINGS_LOCK, globalId]);
          return client;
        } catch {
          await client.end().catch(() => undefined);
          return undefined;
        }
      });
    const standings = sys.queue('standings');
    const globalRecompute = async (): Promise<Job | undefined> => {
      const jobId = await standings.getDeduplicationJobId(`league-${globalId}`);
      return jobId ? await Job.fromId(standings, jobId) : undefined;
    };
    const load = new Load(sys, readPaths, 180_000);
    const started = Date.now();
    let holder: Client | null = await holdGlobalTable();
    let restartsMetActive = 0;
    // The next goal's recompute of the global league waits on the held lock.
    await pollUntil('the global table\'s recompute under way', 20_000, async () => ((await (await globalRecompute())?.getState()) === 'active' ? true : undefined), 100);
    try {
      for (let i = 0; i < RESTARTS; i += 1) {
        await sleep(UP_MS);
        if ((await (await globalRecompute())?.getState()) === 'active') restartsMetActive += 1;
        await sys.pg.restart(DOWN_MS);
        await holder?.end().catch(() => undefined);
        holder = i < RESTARTS - 1 ? await holdGlobalTable() : null;
      }
    } finally {
      await holder?.end().catch(() => undefined);
    }
    // From the moment the last restart is over (Postgres accepting again): no new work after it.
    const backAt = Date.now();
    const job = await globalRecompute();
    await load.stop();
    const { counts, convergedInS } = await waitForConvergence(sys.db, 180_000, backAt);
    const bound = fullRecomputeS + RECONCILE_INTERVAL_S;
    Object.assign(figures, {
      pg_phase: `${((backAt - started) / 1000).toFixed(0)}s`,
      pg_requests: load.total(),
      pg_503: load.total(503),
      pg_500: load.total(500),
      pg_goals: load.goals,
      // The global league's recompute that met the restarts: how often it was started, and the attempts it spent.
      global_recompute_met: restartsMetActive,
      global_recompute_started: job?.attemptsStarted ?? null,
      global_recompute_attempts: job?.attemptsMade ?? null,
      ranks_right_in: convergedInS === null ? null : `${convergedInS.toFixed(1)}s`,
      bound: `${bound.toFixed(1)}s`,
    });
    expect({ exits, unexpected: load.unexpected(), withoutRetryHint: load.withoutRetryHint }).toEqual({ exits: [], unexpected: [], withoutRetryHint: 0 });
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
    expect(convergedInS!).toBeLessThanOrEqual(bound);
    // The recompute met the restarts (found active at the first always: the test waited for it to be
    // under way; in a quiet run at all 20) and was started again after them as the same job, waiting a
    // second each time instead of spending an attempt into BullMQ's backoff (the old code: 6 attempts,
    // a 32 s wait ahead of it, the reconciler's pass the first to set the table right). How many
    // restarts find it active depends on the machine (a restart can land in its one-second wait, or
    // its retry can beat the test to the lock and finish), so the figures are printed, not bounded.
    expect({
      metRestarts: restartsMetActive >= 1,
      startedAgain: (job?.attemptsStarted ?? 0) >= 2,
      attemptsSpent: job?.attemptsMade,
    }).toEqual({ metRestarts: true, startedAgain: true, attemptsSpent: 0 });
  }, 360_000);

  it('printed no unhandled error or stack, and said each outage at most once per process', async () => {
    // The last outages' "back" lines come once every connection held for SETTLE_MS (a process
    // opens its next connection when it next needs one).
    await pollUntil('every outage said to be over', 15_000, async () => (readOutput(sys).outages.every((o) => o.back === o.down) ? true : undefined), 250).catch(() => undefined);
    const { offending, outages } = readOutput(sys);
    Object.assign(figures, { exits: exits.length, unhandled_lines: offending.length });
    for (const o of outages) figures[`${o.process}_${o.dependency.toLowerCase()}_lines`] = `${o.down}/${o.back}`;
    printFigure('restarts', figures);
    expect(exits).toEqual([]);
    expect(offending.slice(0, 10)).toEqual([]);
    for (const o of outages) {
      // Each process meets the outages (its connections are in use throughout) and says each at
      // most once, and that it is back as often (restarts close together may make one outage).
      expect({ ...o, saidOncePerOutage: o.down >= 1 && o.down <= RESTARTS && o.back === o.down }).toEqual({ ...o, saidOncePerOutage: true });
    }
  }, 30_000);
});
