import { cpus, loadavg } from 'node:os';
import { io, type Socket } from 'socket.io-client';
import type { LeaderboardUpdatedPayload, PointsUpdatedPayload } from '@scoreline/contracts/live';
import { autocannon, type CannonResult } from './autocannon';
import { againstFloor } from './floor-ratio';
import { epochNow, inPlayMatch, lastAnswerBefore, medianPollGap, pollIntervalMs, PROVIDER_MATCH_ID_BASE, type BenchFeed } from './feed-stand-in';
import { expectedAt, goalScript, readShowsGoal, trendOf, type Expected, type OwnRead, type Pick, type ScriptedGoal } from './feed-goals';
import { checkRanks, firstTables, memoryText, sampleMemory, scaleLabel, seedLeagues, seedSeasonTotals, type Fan, type LeagueKind, type LeagueUnderTest } from './live-goal';
import { asOneFixture, seedMatchDay, type MatchDay } from './match-day-season';
import { percentile } from './percentile';
import type { BenchCase, BenchContext } from './run';
import { round } from './timing';
import { waitFor } from './wait-for';

/**
 * Issue 35 §4: results that arrive by themselves, at a Saturday's scale. Ten Premier League matches
 * kick off at once (a season of their own, each predicted by every bench user, the headline's five
 * leagues: global, country 30%, club 5%, public 1,000, private 20); the football-data.org
 * stand-in (started by run.ts before the apps, the workers' feed on against it) serves them, and
 * every goal is set there only: the workers' poller finds it at its next poll (one every
 * 60 / FEED_REQUESTS_PER_MINUTE s while a match is live) and records it through the operator's
 * own path, as on a real afternoon.
 *
 * Three per league sampled fans (15) read their own row of the season table and of the gameweek
 * table, and hold a socket each. A goal is readable when both tables answer a version not older
 * than the goal's row in our database with the points the scorer's rule gives after it (or after
 * a later goal already set); pushed when the fan's socket got its points.updated with those
 * totals and, in a big league (1,000 members or more; a small league's push follows its stored
 * recompute, and only when rows moved), its league's leaderboard.updated.
 *
 * 1. One goal on a quiet system: provider → every sampled rank readable and pushed, from the poll
 *    that carried it (the headline's figure, after the poll) and from the moment it was set (the
 *    poll's wait, up to one interval, included), against the headline's floor: a plain rank() of
 *    every member of the five leagues, season and gameweek tables, one statement (median of three).
 * 2. The Saturday: for BENCH_FEED_MINUTES (10) a goal somewhere among the ten matches every
 *    BENCH_FEED_GOAL_SECONDS (20), each measured as the first; the queues' waiting+active jobs
 *    (every queue) and the outbox's backlog sampled as each goal is set. Bounded when neither they
 *    nor the time from the poll to every rank grows from the first third of the goals to the last.
 * 3. The operator console's reads at 50 connections (autocannon, BENCH_HTTP_SECONDS each) while the
 *    ten matches are still live, each between two runs of /api/health, as a ratio of health's.
 * Untimed, after 1 and 2: every sampled rank checked against a plain rank() (checkRanks).
 */

const MATCHES = 10;
/** A label of its own: seasons are unique by (league code, label), and the cases share one database. */
const SEASON = { name: 'Feed Saturday 2090/91', label: '2090/91' };
const KINDS: [LeagueKind, number][] = [
  ['global', 1],
  ['country', 0.3],
  ['club', 0.05],
  ['public', 1000],
  ['private', 20],
];
/** A league this big is told of a goal at the goal (LiveEventsService.resultRecorded); a smaller one after its recompute. */
const BIG_LEAGUE_MEMBERS = 1000;
/** A goal not readable and pushed after this fails the bench. */
const GOAL_TIMEOUT_MS = 300_000;
/** The noise a goal's own work adds to a sample taken at the next goal: not a backlog. */
const JOBS_SLACK = 5;
const MS_SLACK = 500;
const CONSOLE_READS = ['feed/', 'live/', 'health/', 'audit/'] as const;
const PEAK_SAMPLE_MS = 250;

/** A sampled fan: their picks, what their tables should show after each goal of the script, their socket's pushes. */
interface DayFan {
  league: LeagueUnderTest;
  userId: number;
  token: string;
  picks: (Pick | null)[];
  /** Before the first goal (every match 0–0). */
  kickOff: Expected;
  /** After each goal of the script, by its index. */
  expected: Expected[];
  socket: Socket | null;
  points: { at: number; seasonTotal: number; gameweekTotal: number }[];
  boards: number[];
}

type Period = 'season' | 'gameweek';
const PERIODS: Period[] = ['season', 'gameweek'];

/** A goal as measured: epoch ms (epochNow) of each step. */
interface GoalRun {
  goal: ScriptedGoal;
  fixtureId: number;
  setAt: number;
  /** The queues' waiting+active jobs (every queue) and the outbox's undispatched events when it was set. */
  queued: number;
  outbox: number;
  /** The most waiting+active jobs sampled (every 250 ms) from its setting to the next goal's. */
  peakQueued: number;
  scoresBefore: number;
  /** Its fixture's row in our database: updated_at (epoch ms) and when the bench saw it. */
  recorded: { atMs: number; seenAt: number } | null;
  /** The stand-in's answer that carried it. */
  polledAt: number | null;
  scoredAt: number | null;
  /** `${userId}:${period}` → when that read showed the goal. */
  reads: Map<string, number>;
  /** userId → when the fan held the goal's pushes. */
  pushes: Map<number, number>;
}

interface GoalFigures {
  run: GoalRun;
  polledAt: number;
  everyRank: number;
  pushed: number;
}

export const feedCase: BenchCase = {
  name: 'feed',
  async run(ctx: BenchContext) {
    const feed = ctx.feed;
    if (!feed) throw new Error('feed bench: no stand-in (run.ts starts it before the apps when BENCH_ONLY names feed)');
    const { db, users } = ctx;
    const k = scaleLabel(users);
    const { minutes, goalSeconds, requestsPerMinute } = feed.settings;
    const interval = pollIntervalMs(requestsPerMinute);
    const settleMs = Math.max(300_000, users * 0.6);
    const memory = sampleMemory(ctx);
    let day: MatchDay | null = null;
    let leagues: LeagueUnderTest[] = [];
    let fans: DayFan[] = [];
    try {
      // The match day: ten fixtures kicking off now, every bench user's picks, the five leagues and their first tables.
      const t = epochNow();
      day = await seedMatchDay(db, { ...SEASON, key: 'feed', matches: MATCHES });
      const seeded = day;
      [leagues] = await Promise.all([
        seedLeagues(ctx, { code: 'en.1', players: 'all', name: 'Feed', kinds: KINDS }),
        seedSeasonTotals(ctx, asOneFixture(seeded)),
      ]);
      for (const table of ['predictions', 'user_season_totals', 'user_gameweek_totals', 'league_members']) await db.query(`VACUUM ANALYZE ${table}`);
      await firstTables(ctx, leagues);
      await db.query(`VACUUM ANALYZE league_standings`);
      await ctx.settle(settleMs);
      process.stderr.write(`[bench] feed: ${users} users × ${MATCHES} predictions, five leagues and their tables seeded in ${round(epochNow() - t)} ms\n`);

      const goals = Math.floor((minutes * 60) / goalSeconds);
      const script = goalScript(MATCHES, 1 + goals);
      fans = await sampleDayFans(ctx, leagues, seeded, script);

      // Kick-off, through the provider only: ten matches in play, 0–0.
      const kickOff = epochNow();
      for (const [i, f] of seeded.fixtures.entries()) feed.standIn.setMatch('PL', inPlayMatch(i, f.kickoff_at, f.home, f.away));
      await waitForKickOff(ctx, seeded);
      process.stderr.write(`[bench] feed: ten matches in play through the feed ${round(epochNow() - kickOff)} ms after the provider had them\n`);
      await ctx.settle(settleMs);
      await checkKickOff(ctx, fans);
      await connectSockets(ctx, fans);
      // As on match day, every sampled table has been read before the goal (fans keep them open).
      for (const fan of fans) await Promise.all(PERIODS.map((p) => readOwn(ctx, fan, p)));
      const pollsFrom = epochNow();

      // 1. One goal on a quiet system.
      const watch = new GoalWatch(ctx, feed, fans, seeded);
      watch.start();
      await watch.setGoal(script[0]);
      const [one] = await watch.finish();
      await ctx.settle(settleMs);
      await checkRanks(ctx, dayFansAsFans(fans), asOneFixture(seeded), 'feed one goal');
      const floor = await rankFloor(ctx, leagues, seeded);

      // 2. The Saturday: a goal every goalSeconds for `minutes`.
      const saturday = new GoalWatch(ctx, feed, fans, seeded);
      saturday.start();
      const start = epochNow();
      for (let i = 1; i <= goals; i += 1) {
        const due = start + (i - 1) * goalSeconds * 1000;
        if (due > epochNow()) await new Promise((r) => setTimeout(r, due - epochNow()));
        await saturday.setGoal(script[i]);
      }
      const day2 = await saturday.finish();
      const gap = medianPollGap(feed.answers, pollsFrom);
      await ctx.settle(settleMs);
      await checkRanks(ctx, dayFansAsFans(fans), asOneFixture(seeded), 'feed saturday');

      // 3. The console while the matches are still live.
      const consoleLine = await consoleReads(ctx);
      const peak = memory.stop();

      const polled = `polled every ${interval / 1000} s (FEED_REQUESTS_PER_MINUTE=${requestsPerMinute}; ${gap === null ? 'no' : `${(gap / 1000).toFixed(1)} s`} measured between polls)`;
      const perLeague = leagues
        .map((l) => {
          const at = (p: Period) => Math.max(...fans.filter((f) => f.league.id === l.id).map((f) => one.run.reads.get(`${f.userId}:${p}`) ?? 0)) - one.polledAt;
          return `${l.kind} ${l.members} ${round(at('season'))}/${round(at('gameweek'))} ms`;
        })
        .join(', ');
      const fromPoll = (at: number | null) => (at === null ? '?' : `${round(at - one.polledAt)} ms`);
      const everyFromPoll = one.everyRank - one.polledAt;
      const lines = [
        `feed-goal-to-every-rank-${k} (ten matches live at once, ${polled}): a goal in the provider's answer → every sampled rank readable ${round(everyFromPoll)} ms ` +
          `(${(everyFromPoll / floor).toFixed(2)}× the rank() of every member of the five leagues, season and gameweek, ${round(floor)} ms), ` +
          `pushed ${round(one.pushed - one.polledAt)} ms (each sampled fan's points.updated with its new totals, and each big league's leaderboard.updated); ` +
          `from the goal set in the provider: readable ${round(one.everyRank - one.run.setAt)} ms, pushed ${round(one.pushed - one.run.setAt)} ms (the poll came ${round(one.polledAt - one.run.setAt)} ms after it, at most ${interval} ms); ` +
          `after the poll: stored ${fromPoll(one.run.recorded?.atMs ?? null)}, totals committed ${fromPoll(one.run.scoredAt)}; season/gameweek readable per league from the poll: ${perLeague}`,
        saturdayLine(k, day2, { goals, minutes, goalSeconds, polled }),
        `feed-console-${k} (50 connections, ${consoleLine.seconds} s each, ten matches live, /api/health before and after each): ${consoleLine.text}`,
        `feed-memory-${k}: ${memoryText(peak)}; goal < 512 MB each for the API and the workers; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
      ];
      return lines;
    } finally {
      memory.stop();
      for (const fan of fans) fan.socket?.close();
      // The poller drops a season no longer active; later cases must not recompute these leagues.
      if (day) await db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [day.season_id]).catch(() => undefined);
      if (leagues.length > 0) await db.query(`DELETE FROM leagues WHERE id = ANY($1::int[])`, [leagues.map((l) => l.id)]).catch(() => undefined);
    }
  },
};

/** The Saturday's line: every goal's figures from the poll that carried it and from the goal set, the queues' lag at each goal, and its trend. */
function saturdayLine(k: string, figures: GoalFigures[], o: { goals: number; minutes: number; goalSeconds: number; polled: string }): string {
  const spread = (values: number[]) => `p50 ${round(percentile(values, 0.5))} / p95 ${round(percentile(values, 0.95))} / max ${round(Math.max(...values))} ms`;
  const readable = figures.map((f) => f.everyRank - f.polledAt);
  const queued = trendOf(
    figures.map((f) => f.run.queued),
    JOBS_SLACK,
  );
  const outbox = trendOf(
    figures.map((f) => f.run.outbox),
    JOBS_SLACK,
  );
  const peak = trendOf(
    figures.map((f) => f.run.peakQueued),
    JOBS_SLACK,
  );
  const lag = trendOf(readable, MS_SLACK);
  const bounded = !queued.grows && !outbox.grows && !peak.grows && !lag.grows;
  const perGoal = figures
    .map((f) => {
      const reads = [...f.run.reads.values()].map((at) => at - f.polledAt);
      return `${((f.everyRank - f.polledAt) / 1000).toFixed(1)}/${(percentile(reads, 0.95) / 1000).toFixed(1)}`;
    })
    .join(' ');
  return (
    `feed-saturday-${k} (${o.goals} goals in ${o.minutes} min, one every ${o.goalSeconds} s somewhere among ten live matches, ${o.polled}): ` +
    `a goal in the provider's answer → every sampled rank readable ${spread(readable)}, pushed ${spread(figures.map((f) => f.pushed - f.polledAt))}; ` +
    `from the goal set: readable ${spread(figures.map((f) => f.everyRank - f.run.setAt))}; ` +
    `queues' waiting+active jobs as each goal was set: first third median ${round(queued.first)}, last third ${round(queued.last)}, max ${round(queued.max)}; ` +
    `outbox undispatched first ${round(outbox.first)}, last ${round(outbox.last)}, max ${round(outbox.max)}; ` +
    `the jobs' peak between one goal and the next (sampled every ${PEAK_SAMPLE_MS} ms) first ${round(peak.first)}, last ${round(peak.last)}, max ${round(peak.max)}; ` +
    `every rank from the poll first third median ${round(lag.first)} ms, last third ${round(lag.last)} ms; ` +
    `lag bounded (last third's median ≤ 2× the first's + ${JOBS_SLACK} jobs / ${MS_SLACK} ms): ${bounded ? 'PASS' : 'FAIL'}; ` +
    `per goal, s from the poll (every rank / p95 of its ${figures[0]?.run.reads.size ?? 0} reads): ${perGoal}`
  );
}

/**
 * Watches goals set in the stand-in until each is readable and pushed to every sampled fan: a
 * loop reads the fixtures' rows (stored?), the scorer's events (committed?), the sampled tables
 * and the sockets' pushes, every 20 ms while a goal is open. Several goals may be open at once
 * (a slow one is still measured while the next is set).
 */
class GoalWatch {
  private readonly open: GoalRun[] = [];
  private readonly done: GoalFigures[] = [];
  private lastSet = -1;
  private stopping = false;
  private loop: Promise<void> | null = null;
  /** Why the loop stopped early: the goals still to be set are not set. */
  private failure: Error | null = null;
  /** The goal set last: the queues sampled until the next one count as its peak. */
  private latest: GoalRun | null = null;
  private sampledAt = 0;

  constructor(
    private readonly ctx: BenchContext,
    private readonly feed: BenchFeed,
    private readonly fans: DayFan[],
    private readonly day: MatchDay,
  ) {}

  start(): void {
    this.loop = this.run();
    // A failure is thrown by finish() (and stops setGoal); until then it must not be an unhandled rejection.
    this.loop.catch((error: Error) => (this.failure = error));
  }

  /** Sets the goal in the provider (the stand-in), after noting the queues' backlog. */
  async setGoal(goal: ScriptedGoal): Promise<void> {
    if (this.failure) throw this.failure;
    const fixtureId = this.day.fixtures[goal.match].fixture_id;
    const [queued, outbox, scoresBefore] = await Promise.all([queuedJobs(this.ctx), undispatched(this.ctx), scoresUpdatedCount(this.ctx, fixtureId)]);
    const score = goal.scores[goal.match];
    this.lastSet = goal.index;
    const setAt = epochNow();
    this.feed.standIn.patchMatch(PROVIDER_MATCH_ID_BASE + goal.match, { minute: goal.minute, score: { fullTime: { home: score.home, away: score.away } } });
    const run: GoalRun = { goal, fixtureId, setAt, queued, outbox, peakQueued: queued, scoresBefore, recorded: null, polledAt: null, scoredAt: null, reads: new Map(), pushes: new Map() };
    this.latest = run;
    this.open.push(run);
  }

  /** Waits until every goal set is measured; its figures in the order they were set. */
  async finish(): Promise<GoalFigures[]> {
    this.stopping = true;
    await this.loop;
    return [...this.done].sort((a, b) => a.run.goal.index - b.run.goal.index);
  }

  private async run(): Promise<void> {
    while (!this.stopping || this.open.length > 0) {
      await this.samplePeak();
      if (this.open.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const oldest = this.open[0];
      if (epochNow() - oldest.setAt > GOAL_TIMEOUT_MS) throw new Error(`feed bench: goal ${oldest.goal.index} not readable and pushed after ${GOAL_TIMEOUT_MS} ms (${stillOpen(oldest, this.fans)})`);
      await this.stored();
      await this.scored();
      await this.readTables();
      this.takePushes();
      for (const run of [...this.open]) {
        if (run.reads.size === this.fans.length * PERIODS.length && run.pushes.size === this.fans.length && run.scoredAt !== null) {
          this.open.splice(this.open.indexOf(run), 1);
          this.done.push({
            run,
            polledAt: run.polledAt ?? run.setAt,
            everyRank: Math.max(...run.reads.values()),
            pushed: Math.max(...run.pushes.values()),
          });
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async samplePeak(): Promise<void> {
    const latest = this.latest;
    if (latest === null || epochNow() - this.sampledAt < PEAK_SAMPLE_MS) return;
    this.sampledAt = epochNow();
    latest.peakQueued = Math.max(latest.peakQueued, await queuedJobs(this.ctx));
  }

  /** The goals whose fixture's row holds them now (scores only go up in the script): when, and the poll that carried them. */
  private async stored(): Promise<void> {
    const waiting = this.open.filter((g) => g.recorded === null);
    if (waiting.length === 0) return;
    const rows: { id: number; home_score: number | null; away_score: number | null; at: number }[] = await this.ctx.db.query(
      `SELECT id, home_score, away_score, extract(epoch FROM updated_at) * 1000 AS at FROM fixtures WHERE id = ANY($1::int[])`,
      [waiting.map((g) => g.fixtureId)],
    );
    const seenAt = epochNow();
    for (const g of waiting) {
      const row = rows.find((r) => r.id === g.fixtureId);
      const wanted = g.goal.scores[g.goal.match];
      if (!row || (row.home_score ?? 0) < wanted.home || (row.away_score ?? 0) < wanted.away) continue;
      const atMs = Number(row.at);
      g.recorded = { atMs, seenAt };
      g.polledAt = lastAnswerBefore(this.feed.answers, atMs)?.at ?? null;
    }
  }

  /** The goals whose totals the scorer committed (its scores.updated row is in the same transaction). */
  private async scored(): Promise<void> {
    const waiting = this.open.filter((g) => g.recorded !== null && g.scoredAt === null);
    if (waiting.length === 0) return;
    const counts = await Promise.all(waiting.map((g) => scoresUpdatedCount(this.ctx, g.fixtureId)));
    const at = epochNow();
    waiting.forEach((g, i) => {
      if (counts[i] > g.scoresBefore) g.scoredAt = at;
    });
  }

  /** The points a read may show for goal `index`: after it, or after a later goal already set. */
  private allowed(fan: DayFan, period: Period, index: number): Set<number> {
    return new Set(fan.expected.slice(index, this.lastSet + 1).map((e) => e[period]));
  }

  private async readTables(): Promise<void> {
    const stored = this.open.filter((g) => g.recorded !== null);
    if (stored.length === 0) return;
    const wanted = this.fans.flatMap((fan) => PERIODS.filter((p) => stored.some((g) => !g.reads.has(`${fan.userId}:${p}`))).map((p) => ({ fan, p })));
    await Promise.all(
      wanted.map(async ({ fan, p }) => {
        const read = await readOwn(this.ctx, fan, p);
        const at = epochNow();
        if (!read) return;
        for (const g of stored) {
          const key = `${fan.userId}:${p}`;
          if (!g.reads.has(key) && readShowsGoal(read, g.recorded!.atMs, this.allowed(fan, p, g.goal.index))) g.reads.set(key, at);
        }
      }),
    );
  }

  /** Each fan's pushes since the goal was stored: its new totals (points.updated) and, in a big league, its league's leaderboard.updated. */
  private takePushes(): void {
    for (const g of this.open) {
      if (g.recorded === null) continue;
      const since = Math.floor(g.recorded.atMs);
      for (const fan of this.fans) {
        if (g.pushes.has(fan.userId)) continue;
        const seasons = this.allowed(fan, 'season', g.goal.index);
        const gameweeks = this.allowed(fan, 'gameweek', g.goal.index);
        const points = fan.points.find((p) => p.at >= since && seasons.has(p.seasonTotal) && gameweeks.has(p.gameweekTotal));
        if (!points) continue;
        const board = fan.league.members >= BIG_LEAGUE_MEMBERS ? fan.boards.find((at) => at >= since) : points.at;
        if (board === undefined) continue;
        g.pushes.set(fan.userId, Math.max(points.at, board));
      }
    }
  }
}

function stillOpen(g: GoalRun, fans: DayFan[]): string {
  const reads = fans.flatMap((f) => PERIODS.filter((p) => !g.reads.has(`${f.userId}:${p}`)).map((p) => `${f.league.kind} ${f.userId} ${p}`));
  const pushes = fans.filter((f) => !g.pushes.has(f.userId)).map((f) => `${f.league.kind} ${f.userId}`);
  return (
    `stored ${g.recorded ? 'yes' : 'no'}, totals committed ${g.scoredAt ? 'yes' : 'no'}; ` +
    `reads still stale: ${reads.join(', ') || 'none'}; pushes missing: ${pushes.join(', ') || 'none'}`
  );
}

/** Waiting, prioritized and active jobs of every queue. */
async function queuedJobs(ctx: BenchContext): Promise<number> {
  const { QUEUES } = await import('@scoreline/backend/platform/outbox/event-routes');
  const counts = await Promise.all(QUEUES.map((name) => ctx.queue(name).getJobCounts('waiting', 'prioritized', 'active')));
  return counts.reduce((sum, c) => sum + (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.active ?? 0), 0);
}

async function undispatched(ctx: BenchContext): Promise<number> {
  const [{ n }]: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE dispatched_at IS NULL`);
  return n;
}

async function scoresUpdatedCount(ctx: BenchContext, fixtureId: number): Promise<number> {
  const [{ n }]: { n: number }[] = await ctx.db.query(
    `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
    [fixtureId],
  );
  return n;
}

/** Three fans per league (none in two), their picks of the ten matches and what their tables show after each goal of the script. */
async function sampleDayFans(ctx: BenchContext, leagues: LeagueUnderTest[], day: MatchDay, script: ScriptedGoal[]): Promise<DayFan[]> {
  const jwt = ctx.jwt;
  const chosen: { league: LeagueUnderTest; user_id: number; username: string; token_version: number; season_points: number }[] = [];
  for (const league of leagues) {
    const rows: { user_id: number; username: string; token_version: number; season_points: number }[] = await ctx.db.query(
      `SELECT m.user_id, u.username, u.token_version, t.points AS season_points
       FROM league_members m JOIN users u ON u.id = m.user_id JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       WHERE m.league_id = $1 AND m.user_id <> ALL($3::int[])
       ORDER BY hashint4(m.user_id + $1) LIMIT 3`,
      [league.id, day.season_id, chosen.map((c) => c.user_id)],
    );
    chosen.push(...rows.map((r) => ({ ...r, league })));
  }
  const picks: { user_id: number; fixture_id: number; home_score: number; away_score: number; is_banker: boolean }[] = await ctx.db.query(
    `SELECT user_id, fixture_id, home_score, away_score, is_banker FROM predictions WHERE user_id = ANY($1::int[]) AND fixture_id = ANY($2::int[])`,
    [chosen.map((c) => c.user_id), day.fixtures.map((f) => f.fixture_id)],
  );
  const kickOffScores = day.fixtures.map(() => ({ home: 0, away: 0 }));
  return chosen.map((c) => {
    const mine = day.fixtures.map((f) => {
      const p = picks.find((x) => x.user_id === c.user_id && x.fixture_id === f.fixture_id);
      return p ? { home: p.home_score, away: p.away_score, banker: p.is_banker } : null;
    });
    return {
      league: c.league,
      userId: c.user_id,
      token: jwt.sign({ sub: c.user_id, tv: c.token_version, username: c.username }, { expiresIn: '1d' }),
      picks: mine,
      kickOff: expectedAt(c.season_points, mine, kickOffScores),
      expected: script.map((g) => expectedAt(c.season_points, mine, g.scores)),
      socket: null,
      points: [],
      boards: [],
    };
  });
}

/** The sampled fans as checkRanks takes them (it reads their rows and compares the ranks with rank()). */
const dayFansAsFans = (fans: DayFan[]): Fan[] =>
  fans.map((f) => ({ league: f.league, userId: f.userId, token: f.token, expectedPoints: f.kickOff.season, expectedGameweekPoints: f.kickOff.gameweek }));

/** Every fixture live through the feed: its first poll links the teams and matches and records the kick-offs. */
async function waitForKickOff(ctx: BenchContext, day: MatchDay): Promise<void> {
  const ids = day.fixtures.map((f) => f.fixture_id);
  await waitFor(
    async () => {
      const [{ live }]: { live: number }[] = await ctx.db.query(`SELECT count(*)::int AS live FROM fixtures WHERE id = ANY($1::int[]) AND status = 'live'`, [ids]);
      return live === ids.length;
    },
    180_000,
    'the feed to record the ten kick-offs',
    100,
  ).catch(async (error: Error) => {
    const problems: { kind: string; message: string }[] = await ctx.db.query(`SELECT kind, message FROM feed_problems ORDER BY id DESC LIMIT 5`).catch(() => []);
    throw new Error(`${error.message}; the feed's latest problems: ${problems.map((p) => `${p.kind}: ${p.message}`).join(' | ') || 'none'}`);
  });
}

/** Before any goal each sampled table shows the kick-off's points: the script's rule and base agree with the app's. */
async function checkKickOff(ctx: BenchContext, fans: DayFan[]): Promise<void> {
  for (const fan of fans) {
    for (const p of PERIODS) {
      const read = await readOwn(ctx, fan, p);
      if (read?.points !== fan.kickOff[p]) {
        throw new Error(`feed bench: after the kick-offs fan ${fan.userId} (${fan.league.kind}) reads ${read?.points} ${p} points, the scorer's rule gives ${fan.kickOff[p]}`);
      }
    }
  }
}

/** A socket per sampled fan, each in its league's room before the goals. */
async function connectSockets(ctx: BenchContext, fans: DayFan[]): Promise<void> {
  const { LiveGateway } = await import('@scoreline/backend/live/live.gateway');
  const { leagueRoom } = await import('@scoreline/contracts/live');
  const origin = ctx.baseUrl.replace(/\/api$/, '');
  await Promise.all(
    fans.map(
      (fan) =>
        new Promise<void>((resolve, reject) => {
          const socket = io(origin, { path: '/socket.io', transports: ['websocket'], auth: { token: fan.token }, reconnection: false, forceNew: true, timeout: 60_000 });
          fan.socket = socket;
          socket.on('points.updated', (payload: PointsUpdatedPayload) => fan.points.push({ at: epochNow(), seasonTotal: payload.seasonTotal, gameweekTotal: payload.gameweekTotal }));
          socket.on('leaderboard.updated', (payload: LeaderboardUpdatedPayload) => {
            if (payload.leagueId === fan.league.id) fan.boards.push(epochNow());
          });
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`feed bench: fan ${fan.userId}'s socket was refused: ${error.message}`)));
        }),
    ),
  );
  const server = ctx.api.get(LiveGateway, { strict: false }).server;
  await waitFor(
    async () => fans.every((f) => f.socket?.id !== undefined && (server.sockets.adapter.rooms.get(leagueRoom(f.league.id))?.has(f.socket.id) ?? false)),
    30_000,
    'every sampled fan in their league room',
    20,
  );
}

/** A fan's own row of the season table (leaderboard) or the gameweek table. */
async function readOwn(ctx: BenchContext, fan: DayFan, period: Period): Promise<OwnRead | null> {
  const path = period === 'season' ? 'leaderboard/' : 'table/?period=gameweek';
  const res = await fetch(`${ctx.baseUrl}/leagues/${fan.league.id}/${path}`, { headers: { Authorization: `Bearer ${fan.token}` } });
  if (!res.ok) throw new Error(`feed bench: ${path} of league ${fan.league.id} answered ${res.status}`);
  const body = (await res.json()) as { data: { current_user: { total_points?: number; points?: number } | null; updated_at: string | null } };
  const own = body.data.current_user;
  if (!own) return null;
  return { points: own.total_points ?? own.points ?? -1, updatedAt: body.data.updated_at ? Date.parse(body.data.updated_at) : 0 };
}

/**
 * The headline's floor: every member's season and gameweek rank in the five leagues by a plain
 * rank() over the stored totals, one statement, tuned as the app's table statements are; the
 * median of three on the settled system.
 */
async function rankFloor(ctx: BenchContext, leagues: LeagueUnderTest[], day: MatchDay): Promise<number> {
  const once = () =>
    ctx.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      await tx.query(`SET LOCAL jit = off`);
      const t = epochNow();
      // The ranks are summed, not dropped: an unused window column may be planned away.
      await tx.query(
        `SELECT max(season_rank) + max(gameweek_rank) FROM (
           SELECT rank() OVER (PARTITION BY m.league_id ORDER BY coalesce(t.points, 0) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC) AS season_rank,
                  rank() OVER (PARTITION BY m.league_id ORDER BY coalesce(g.points, 0) DESC, coalesce(g.exact, 0) DESC, coalesce(g.correct, 0) DESC) AS gameweek_rank
           FROM league_members m
           LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
           LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
           WHERE m.league_id = ANY($1::int[])) ranks`,
        [leagues.map((l) => l.id), day.season_id, day.gameweek_id],
      );
      return epochNow() - t;
    });
  const runs: number[] = [];
  for (let i = 0; i < 3; i += 1) runs.push(await once());
  return percentile(runs, 0.5);
}

/** Each console read under autocannon between two runs of /api/health (a run between two reads serves both). */
async function consoleReads(ctx: BenchContext): Promise<{ seconds: number; text: string }> {
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
  const auth = { Authorization: `Bearer ${ctx.adminToken}` };
  const health = `${ctx.baseUrl}/health`;
  for (const path of CONSOLE_READS) await autocannon(`${ctx.baseUrl}/admin/${path}`, 2, auth);
  const healthRuns: CannonResult[] = [await autocannon(health, seconds)];
  const parts: string[] = [];
  for (const path of CONSOLE_READS) {
    const read = await autocannon(`${ctx.baseUrl}/admin/${path}`, seconds, auth);
    healthRuns.push(await autocannon(health, seconds));
    if (read.non2xx > 0 || read.errors > 0) throw new Error(`feed bench: GET /api/admin/${path} answered ${read.non2xx} non-2xx and ${read.errors} errors under load`);
    const [before, after] = healthRuns.slice(-2);
    const ratio = againstFloor(read, before, after);
    parts.push(
      `${path} ${round(read.requests.average)} req/s (${ratio.throughput.toFixed(2)} of health), p99 ${read.latency.p99} ms (${ratio.p99.toFixed(2)}× health's)`,
    );
  }
  const rps = healthRuns.map((h) => h.requests.average);
  const p99 = healthRuns.map((h) => h.latency.p99);
  return { seconds, text: `${parts.join('; ')}; health ${round(Math.min(...rps))}–${round(Math.max(...rps))} req/s, p99 ${Math.min(...p99)}–${Math.max(...p99)} ms over its ${healthRuns.length} runs` };
}
