import Redis from 'ioredis';
import { FeedPoller, type FeedPollerOptions } from '@scoreline/backend/feed/feed-poller';
import { FeedService } from '@scoreline/backend/feed/feed.service';
import { FootballDataProvider } from '@scoreline/backend/feed/football-data/football-data.provider';
import { startFootballDataStandIn, type FootballDataStandIn } from '@scoreline/backend/feed/stand-in/stand-in';
import { metricsRegistry } from '@scoreline/backend/platform/metrics/metrics';
import { createApiApp } from '@scoreline/backend/app.factory';
import { createWorkersApp } from '@scoreline/workers/main';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { insertActiveSeason, insertTeams, kickoffIn, providerIdBase, v4Match } from './feed-helpers';

/**
 * The feed's one poller per deployment: FeedPoller instances on connections of their own (as
 * replicas are) share one Redis lease, only its holder polls, and when the holder dies without
 * giving it up another takes over within the lease's ttl and a poll. Within the provider's budget
 * the holder spaces its requests, waits out a 429, backs off while the provider fails and catches
 * up once it answers. Clocks are short here (a 1 s lease, 100 ms between requests).
 */

const TAG = Date.now().toString(36).slice(-6);
const CODE = `fp${TAG}`;
const ID = providerIdBase();
const OPTIONS: FeedPollerOptions = {
  // Under the run's prefix: the run's end deletes it.
  leaseKey: `${process.env.QUEUE_PREFIX}:feed-lease:${TAG}`,
  leaseTtlMs: 1000,
  tickMs: 25,
  refreshMs: 200,
  requestsPerMinute: 600,
  idlePollMs: 60_000,
  backoffBaseMs: 200,
  backoffCapMs: 800,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
  return Date.now() - start;
}

describe('the feed poller', () => {
  let sys: TestSystem;
  let standIn: FootballDataStandIn;
  let feed: FeedService;
  let fixtureId: number;
  const connections: Redis[] = [];
  const pollers: FeedPoller[] = [];
  /** Each provider request the stand-in finished (or gave up on), with when. */
  const requests: { at: number; line: string }[] = [];
  /** The stand-in's clock runs ahead by this much (its budget's minute is moved on, not waited for). */
  let clockOffsetMs = 0;
  const home = { id: ID + 1, name: `Poller Rovers ${TAG}` };
  const away = { id: ID + 2, name: `Lease Town ${TAG}` };
  const at = kickoffIn(10);

  beforeAll(async () => {
    const before = process.env.FOOTBALL_DATA_COMPETITIONS;
    process.env.FOOTBALL_DATA_COMPETITIONS = `${CODE}=PL`;
    try {
      sys = await startTestSystem();
    } finally {
      if (before === undefined) delete process.env.FOOTBALL_DATA_COMPETITIONS;
      else process.env.FOOTBALL_DATA_COMPETITIONS = before;
    }
    standIn = await startFootballDataStandIn({
      requestsPerMinute: 1000,
      now: () => Date.now() + clockOffsetMs,
      log: (line) => {
        if (line.includes('/v4/competitions/')) requests.push({ at: Date.now(), line });
      },
    });
    feed = sys.api.get(FeedService);
    const [h, a] = await insertTeams(sys, [home.name, away.name], 'club');
    // A match kicking off in ten minutes: the competition is polled at every turn.
    const season = await insertActiveSeason(sys, {
      code: CODE,
      name: `Poller League ${TAG}`,
      rounds: [{ name: null, kind: 'league', fixtures: [{ key: 'P1', home: h, away: a, at }] }],
    });
    fixtureId = season.fixtures.P1;
    standIn.setMatch('PL', v4Match({ id: ID + 10, at, status: 'TIMED', home, away, stage: 'REGULAR_SEASON' }));
  }, 120_000);

  afterAll(async () => {
    for (const p of pollers) await p.stop({ release: true });
    for (const c of connections) await c.quit().catch(() => c.disconnect());
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE league_code = $1`, [CODE]);
    await standIn?.stop();
    await sys?.close();
  });

  function newPoller(): FeedPoller {
    const redis = new Redis(process.env.REDIS_URL!);
    connections.push(redis);
    const provider = new FootballDataProvider({ baseUrl: standIn.url, token: '', timeoutMs: 300 });
    const poller = new FeedPoller(redis, feed, provider, OPTIONS);
    pollers.push(poller);
    return poller;
  }

  async function fixture(): Promise<{ status: string; home_score: number | null; away_score: number | null }> {
    const [row] = await sys.db.query(`SELECT status, home_score, away_score FROM fixtures WHERE id = $1`, [fixtureId]);
    return row;
  }

  let holder: FeedPoller;
  let other: FeedPoller;

  it('polls from one process only, whatever the number of replicas: the lease holder', async () => {
    const a = newPoller();
    const b = newPoller();
    a.start();
    b.start();
    const since = requests.length;
    await waitFor('a holder', () => a.isHolder || b.isHolder, 2000);
    await sleep(1500);
    [holder, other] = a.isHolder ? [a, b] : [b, a];
    expect(other.isHolder).toBe(false);
    expect(other.pollsMade).toBe(0);
    expect(holder.pollsMade).toBeGreaterThanOrEqual(5);
    // Within the budget: 600 a minute is one request every 100 ms.
    const made = requests.slice(since);
    expect(made.length).toBeLessThanOrEqual(1500 / 100 + 3);
    for (let i = 1; i < made.length; i++) expect(made[i].at - made[i - 1].at).toBeGreaterThanOrEqual(80);
    const [state]: { last_outcome: string; next_poll_at: Date | null }[] = await sys.db.query(
      `SELECT last_outcome, next_poll_at FROM feed_competition_state WHERE competition = $1`,
      [CODE],
    );
    expect(state.last_outcome).toBe('ok');
    expect(state.next_poll_at).not.toBeNull();
    expect(await metricsRegistry.getSingleMetric('scoreline_feed_lease_held')!.get()).toMatchObject({ values: [{ value: 1 }] });
  });

  it('is taken over by another replica within the lease ttl and a poll when the holder dies without giving it up', async () => {
    const before = other.pollsMade;
    await holder.stop({ release: false });
    const stoppedAt = Date.now();
    const polledBy = holder.pollsMade;
    const took = await waitFor('the other replica to poll', () => other.pollsMade > before, OPTIONS.leaseTtlMs + OPTIONS.leaseTtlMs / 3 + 1500);
    expect(took).toBeLessThanOrEqual(OPTIONS.leaseTtlMs + OPTIONS.leaseTtlMs / 3 + 1000);
    expect(Date.now() - stoppedAt).toBeGreaterThan(0);
    expect(other.isHolder).toBe(true);
    expect(holder.pollsMade).toBe(polledBy);
    const redis = connections[0];
    const token = await redis.get(OPTIONS.leaseKey);
    expect(token).not.toBeNull();
    // The dead holder never polls again, and the new one keeps the lease beyond its ttl (renewed).
    await sleep(OPTIONS.leaseTtlMs * 1.5);
    expect(other.isHolder).toBe(true);
    expect(await redis.get(OPTIONS.leaseKey)).toBe(token);
    expect(holder.pollsMade).toBe(polledBy);
  });

  it("waits out a 429 as long as it asks, then polls again", async () => {
    // A fresh budget minute starts at the next request; two seconds before it ends, the provider answers 429.
    clockOffsetMs += 60_000;
    const fresh = requests.length;
    await waitFor('a request of a fresh minute', () => requests.length > fresh, 2000);
    clockOffsetMs += 58_000;
    const since = requests.length;
    standIn.fail('429');
    await waitFor('the 429', () => requests.slice(since).some((r) => / 429$/.test(r.line)), 3000);
    const limited = requests.slice(since).find((r) => / 429$/.test(r.line))!;
    // The poller records the problem after the answer: on a loaded machine, a moment after the stand-in logs it.
    let problem: { message: string } | undefined;
    await waitFor(
      'the 429 recorded',
      async () => {
        [problem] = await sys.db.query(`SELECT message FROM feed_problems WHERE competition = $1 AND kind = 'rate-limited' ORDER BY id DESC LIMIT 1`, [CODE]);
        return problem !== undefined;
      },
      5_000,
    );
    const waitSeconds = Number(/wait (\d+) s/.exec(problem!.message)?.[1]);
    expect(waitSeconds).toBeGreaterThanOrEqual(1);
    expect(waitSeconds).toBeLessThanOrEqual(3);
    await sleep(Math.max(0, limited.at + waitSeconds * 1000 + 1000 - Date.now()));
    const after = requests.slice(requests.indexOf(limited) + 1);
    // Nothing asked before the wait was over (at 100 ms apart that would be ten or more requests), then polling resumed.
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r.at - limited.at).toBeGreaterThanOrEqual(waitSeconds * 1000 - 50);
  });

  it('backs off while the provider fails, and catches up within one poll once it answers again', async () => {
    await waitFor('polling to resume', () => Date.now() - (requests[requests.length - 1]?.at ?? 0) < 300, 5_000);
    const since = requests.length;
    // The match kicks off while the provider answers 500 five times.
    standIn.fail('500', 5);
    standIn.setMatch('PL', v4Match({ id: ID + 10, at, status: 'IN_PLAY', minute: 2, score: [1, 0], home, away, stage: 'REGULAR_SEASON' }));
    await waitFor('the match to be live', async () => (await fixture()).status === 'live', 10_000);
    expect(await fixture()).toEqual({ status: 'live', home_score: 1, away_score: 0 });
    const failed = requests.slice(since).filter((r) => / 500$/.test(r.line));
    expect(failed).toHaveLength(5);
    // 200, 400, 800, then the cap: each wait at least the back-off (a little slack for the clock).
    const gaps = failed.slice(1).map((r, i) => r.at - failed[i].at);
    [200, 400, 800, 800].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - 30));
    const recovered = requests.slice(since).find((r) => / 200$/.test(r.line) && r.at > failed[4].at)!;
    expect(recovered.at - failed[4].at).toBeGreaterThanOrEqual(800 - 30);
    // The competition's state is written after the poll's changes are applied: read it once it has moved on.
    let state: { last_outcome: string; consecutive_failures: number } | undefined;
    await waitFor(
      'the state after the catch-up',
      async () => {
        [state] = await sys.db.query(`SELECT last_outcome, consecutive_failures FROM feed_competition_state WHERE competition = $1`, [CODE]);
        return state?.last_outcome === 'ok';
      },
      5_000,
    ).catch(() => undefined);
    expect(state).toEqual({ last_outcome: 'ok', consecutive_failures: 0 });
  });

  it('keeps its back-off when its lease lapses mid-failure and it takes the lease again', async () => {
    await waitFor('polling to resume', () => Date.now() - (requests[requests.length - 1]?.at ?? 0) < 300, 5_000);
    const since = requests.length;
    const failures = () => requests.slice(since).filter((r) => / 500$/.test(r.line));
    standIn.fail('500', 4);
    await waitFor('the first failure', () => failures().length > 0, 3_000);
    // The lease lapses (as when a renewal comes too late): the holder notices at its next renewal and takes it again.
    // (Only `other` runs now: the key set again is its retake.)
    await connections[0].del(OPTIONS.leaseKey);
    // Its own flag too: the key is in Redis a moment before the poller has heard its SET answered.
    await waitFor('the lease to be taken again', async () => (await connections[0].get(OPTIONS.leaseKey)) !== null && other.isHolder, 2_000);
    await waitFor('four failures', () => failures().length === 4, 6_000);
    // 200, 400, 800, as without the lapse. Had retaking the lease started the back-off over, the
    // two failures after it would be 200 ms apart or less.
    const failed = failures();
    const gaps = failed.slice(1).map((r, i) => r.at - failed[i].at);
    [200, 400, 800].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - 30));
    await waitFor('a poll answered again', () => requests.slice(since).some((r) => / 200$/.test(r.line) && r.at > failed[3].at), 3_000);
  });

  it('keeps the last state while the provider is down (no answer), and catches up once it is back', async () => {
    standIn.down(1200);
    standIn.setMatch('PL', v4Match({ id: ID + 10, at, status: 'IN_PLAY', minute: 9, score: [1, 1], home, away, stage: 'REGULAR_SEASON' }));
    await sleep(900);
    expect(await fixture()).toEqual({ status: 'live', home_score: 1, away_score: 0 });
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM feed_problems WHERE competition = $1 AND kind = 'timeout'`, [CODE]);
    expect(n).toBeGreaterThanOrEqual(1);
    await waitFor('the catch-up', async () => (await fixture()).home_score === 1 && (await fixture()).away_score === 1, 5000);
  });
  it('runs in the workers when FEED_ENABLED (their registered poller polls), never in the API', async () => {
    for (const p of pollers) await p.stop({ release: true });
    const saved = { ...process.env };
    Object.assign(process.env, { FEED_ENABLED: 'true', FOOTBALL_DATA_BASE_URL: standIn.url, FOOTBALL_DATA_COMPETITIONS: `${CODE}=PL` });
    let api: Awaited<ReturnType<typeof createApiApp>> | null = null;
    let workers: Awaited<ReturnType<typeof createWorkersApp>> | null = null;
    try {
      // An API process with the feed on: it serves the console, and asks the provider nothing.
      api = await createApiApp();
      await api.init();
      const quiet = requests.length;
      await sleep(1500);
      expect(requests.length).toBe(quiet);

      // A worker with the feed on takes the deployment's lease and polls.
      standIn.setMatch('PL', v4Match({ id: ID + 10, at, status: 'IN_PLAY', minute: 20, score: [2, 1], home, away, stage: 'REGULAR_SEASON' }));
      workers = await createWorkersApp();
      await workers.init();
      await waitFor('the worker to poll', async () => (await fixture()).home_score === 2, 10_000);
      expect(await fixture()).toEqual({ status: 'live', home_score: 2, away_score: 1 });
    } finally {
      for (const key of ['FEED_ENABLED', 'FOOTBALL_DATA_BASE_URL', 'FOOTBALL_DATA_COMPETITIONS']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await workers?.close();
      await api?.close();
    }
    // Closed, the worker gave its lease up.
    expect(await connections[0].get(`${process.env.QUEUE_PREFIX}:feed:lease`)).toBeNull();
  });
});
