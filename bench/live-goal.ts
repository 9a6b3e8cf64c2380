import { autocannon, type CannonResult } from './autocannon';
import { mergeSlices } from './floor-ratio';
import { inParts, playsBoth, seedQuery, type BenchPlayers, type OneFixture } from './one-fixture-season';
import { rssMbOf } from './node-process';
import type { BenchContext } from './run';
import { ms, round } from './timing';

/**
 * The headline's way of measuring a goal (issue 12 §1), shared by the headline case (one
 * competition) and the competitions case (one, then two live at once): a competition's leagues
 * seeded set-based from the bench users, three fans sampled per league, the goal recorded through
 * the admin API and every sampled fan's own row read until it shows the goal, then each rank read
 * checked against a plain rank().
 */

export type LeagueKind = 'global' | 'country' | 'club' | 'public' | 'private';

export interface LeagueUnderTest {
  kind: LeagueKind;
  id: number;
  members: number;
  /** The league's competition code. */
  competition: string;
}

export interface Fan {
  league: LeagueUnderTest;
  userId: number;
  token: string;
  expectedPoints: number;
  expectedGameweekPoints: number;
}

/** A fan's own row as a table answers it. */
interface OwnRow {
  points: number;
  rank: number;
  updatedAt: number;
}

/** The bench users as SQL, or the half who play both competitions. */
const playersSql = (players: BenchPlayers, user: string) => `${user}.username LIKE 'bench\\_%'${players === 'both' ? ` AND ${playsBoth(user)}` : ''}`;

/** Season totals spread like a real table at mid-season, ties included, for every predictor of the fixture. */
export function seedSeasonTotals(ctx: BenchContext, fixture: OneFixture): Promise<void> {
  return inParts(
    ctx.db,
    `INSERT INTO user_season_totals (user_id, season_id, points, exact, correct, scored, predictions)
     SELECT user_id, season_id, (random() * 600)::int, (random() * 8)::int, 8 + (random() * 12)::int, 20, 21
     FROM predictions WHERE fixture_id = $1 AND user_id % $2 = $3 ORDER BY user_id`,
    [fixture.fixture_id],
  );
}

/**
 * A competition's leagues, members taken set-based from its players: per kind a share of them
 * (< 1: a fraction; ≥ 1: that many). The automatic ones (global, country, club) are the
 * competition's own when they exist; the country and club are the first club of the competition
 * that has a country. Each league's members are one statement, run at once.
 */
export async function seedLeagues(
  ctx: BenchContext,
  competition: { code: string; players: BenchPlayers; name: string; kinds: [LeagueKind, number][] },
): Promise<LeagueUnderTest[]> {
  const { db, users } = ctx;
  const players = competition.players === 'all' ? users : await countPlayers(ctx, competition.players);
  const [{ country_id, club_id }]: { country_id: number; club_id: number }[] = await db.query(
    `SELECT c.country_id, c.id AS club_id FROM clubs c JOIN competitions k ON k.id = c.competition_id
     WHERE k.code = $1 AND c.country_id IS NOT NULL ORDER BY c.id LIMIT 1`,
    [competition.code],
  );
  const league = async (kind: LeagueKind, share: number): Promise<LeagueUnderTest> => {
    const [existing]: { id: number }[] =
      kind === 'global'
        ? await db.query(`SELECT id FROM leagues WHERE type = 'global' AND competition_code = $1`, [competition.code])
        : kind === 'country'
          ? await db.query(`SELECT id FROM leagues WHERE type = 'country' AND competition_code = $1 AND country_id = $2`, [competition.code, country_id])
          : kind === 'club'
            ? await db.query(`SELECT id FROM leagues WHERE type = 'club' AND competition_code = $1 AND club_id = $2`, [competition.code, club_id])
            : [];
    const id =
      existing?.id ??
      (
        (await db.query(
          `INSERT INTO leagues (name, description, type, owner_id, country_id, club_id, competition_code) VALUES ($1, '', $2, $3, $4, $5, $6) RETURNING id`,
          [
            `${competition.name} ${kind}`,
            kind,
            ['public', 'private'].includes(kind) ? ctx.adminId : null,
            kind === 'country' ? country_id : null,
            kind === 'club' ? club_id : null,
            competition.code,
          ],
        )) as { id: number }[]
      )[0].id;
    const limit = share <= 1 ? Math.round(players * share) : share;
    await seedQuery(
      db,
      `INSERT INTO league_members (league_id, user_id, role)
       SELECT $1, id, 'member' FROM (SELECT u.id FROM users u WHERE ${playersSql(competition.players, 'u')} ORDER BY hashint4(u.id + $1) LIMIT $2) u ORDER BY id
       ON CONFLICT DO NOTHING`,
      [id, limit],
    );
    return { kind, id, members: limit, competition: competition.code };
  };
  return Promise.all(competition.kinds.map(([kind, share]) => league(kind, share)));
}

/** How many bench users the players are. */
export async function countPlayers(ctx: BenchContext, players: BenchPlayers): Promise<number> {
  const [{ n }]: { n: number }[] = await ctx.db.query(`SELECT count(*)::int AS n FROM users u WHERE ${playersSql(players, 'u')}`);
  return n;
}

/** The leagues' first tables: in the workers' process when they run apart (a 1M league's first computation holds every row once). */
export async function firstTables(ctx: BenchContext, leagues: LeagueUnderTest[]): Promise<void> {
  if (ctx.workersApart) {
    const { RECOMPUTE_LEAGUE } = await import('@scoreline/backend/standings/standings-jobs.service');
    await ctx.queue('standings').addBulk(leagues.map((l) => ({ name: RECOMPUTE_LEAGUE, data: { leagueId: l.id } })));
    await ctx.settle(600_000);
    return;
  }
  const { StandingsService } = await import('@scoreline/backend/standings/standings.service');
  const standings = ctx.workers.get(StandingsService, { strict: false });
  for (const l of leagues) await standings.recomputeLeague(l.id, { checkEveryRow: true });
}

/** Three fans per league (an exact 1–0 pick, another home-win pick, a wrong one); their points after a 1–0 by the same rule the scorer uses. */
export async function sampleFans(ctx: BenchContext, leagues: LeagueUnderTest[], fixture: OneFixture): Promise<Fan[]> {
  const jwt = ctx.jwt;
  const fans: Fan[] = [];
  for (const l of leagues) {
    const picks: { user_id: number; username: string; season_points: number; fixture_points: number }[] = await ctx.db.query(
      `SELECT DISTINCT ON (pick) p.user_id, u.username, t.points AS season_points,
              (CASE WHEN p.home_score = 1 AND p.away_score = 0 THEN 20 WHEN p.home_score > p.away_score THEN 10 ELSE 0 END)
                * (CASE WHEN p.is_banker THEN 2 ELSE 1 END) AS fixture_points
       FROM league_members m
       JOIN predictions p ON p.user_id = m.user_id AND p.fixture_id = $2
       JOIN users u ON u.id = m.user_id
       JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $3
       CROSS JOIN LATERAL (SELECT CASE WHEN p.home_score = 1 AND p.away_score = 0 THEN 'exact' WHEN p.home_score > p.away_score THEN 'correct' ELSE 'wrong' END AS pick) x
       WHERE m.league_id = $1
       ORDER BY pick, m.user_id`,
      [l.id, fixture.fixture_id, fixture.season_id],
    );
    for (const p of picks) {
      fans.push({
        league: l,
        userId: p.user_id,
        token: jwt.sign({ sub: p.user_id, tv: 0, username: p.username }, { expiresIn: '1h' }),
        expectedPoints: p.season_points + p.fixture_points,
        expectedGameweekPoints: p.fixture_points,
      });
    }
  }
  return fans;
}

async function readOwn(ctx: BenchContext, fan: Fan, path: string): Promise<OwnRow | null> {
  const res = await fetch(`${ctx.baseUrl}/leagues/${fan.league.id}/${path}`, { headers: { Authorization: `Bearer ${fan.token}` } });
  if (!res.ok) throw new Error(`bench: ${path} of league ${fan.league.id} answered ${res.status}`);
  const body = (await res.json()) as {
    data: { current_user: { rank: number; total_points?: number; points?: number } | null; updated_at: string | null };
  };
  const own = body.data.current_user;
  if (!own) return null;
  return { points: own.total_points ?? own.points ?? -1, rank: own.rank, updatedAt: body.data.updated_at ? Date.parse(body.data.updated_at) : 0 };
}
const seasonRead = (ctx: BenchContext, fan: Fan) => readOwn(ctx, fan, 'leaderboard/');
const gameweekRead = (ctx: BenchContext, fan: Fan) => readOwn(ctx, fan, 'table/?period=gameweek');

/** A fixture whose 1–0 is recorded, and the fans who read their rows until they show it. */
export interface Goal {
  fixture: OneFixture;
  fans: Fan[];
}

/** One goal's way, in ms from the moment the goals were sent. */
export interface GoalTimes {
  /** The admin call answered. */
  recorded: number;
  /** The scorer committed the new totals (its scores.updated row is in the same transaction). */
  scoredAt: number;
  /** The last of its fans' season and gameweek rows showed the goal. */
  everyRank: number;
  /** Per league id: when its season and its gameweek table showed the goal to every sampled fan. */
  readable: Map<number, { season: number; gameweek: number }>;
}

/** How many scores.updated rows the fixture has raised (the outbox keeps them). */
export async function scoresUpdatedOf(ctx: BenchContext, fixtureId: number): Promise<number> {
  const [{ n }]: { n: number }[] = await ctx.db.query(
    `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
    [fixtureId],
  );
  return n;
}

/**
 * Every goal's 1–0 (live) recorded through the admin API at the same moment, then every sampled
 * read until all show it. Before the goals every table has been read, as on match day (fans keep
 * them open): the API holds each at its current version, and the figure is the goal's way, not a
 * cold start. `total`: when the last read of all showed its goal.
 */
export async function goalsToEveryRank(ctx: BenchContext, goals: Goal[], label: string): Promise<{ total: number; goals: GoalTimes[] }> {
  const fans = goals.flatMap((g) => g.fans);
  for (const fan of fans) await Promise.all([seasonRead(ctx, fan), gameweekRead(ctx, fan)]);

  const goalAt = Date.now();
  const t = process.hrtime.bigint();
  // On the monotonic clock V8's CPU profiles use (µs): the goal's window in a --cpu-prof profile.
  process.stderr.write(`[bench] ${label} goal at ${t / 1000n} µs (monotonic)\n`);
  const recorded = await Promise.all(
    goals.map(async (goal) => {
      const put = await fetch(`${ctx.baseUrl}/admin/fixtures/${goal.fixture.fixture_id}/result`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ home_score: 1, away_score: 0, status: 'live' }),
      });
      if (!put.ok) throw new Error(`${label} bench: the goal answered ${put.status} ${await put.text()}`);
      return ms(t);
    }),
  );
  const times: GoalTimes[] = goals.map((_, i) => ({ recorded: recorded[i], scoredAt: 0, everyRank: 0, readable: new Map() }));
  const timesOf = new Map(goals.flatMap((goal, i) => goal.fans.map((fan) => [fan, times[i]] as const)));
  const pending = new Set(fans.flatMap((f) => [`${f.userId}:${f.league.id}:season`, `${f.userId}:${f.league.id}:gameweek`]));
  const ready = (fan: Fan, period: 'season' | 'gameweek') => {
    const at = ms(t);
    const goal = timesOf.get(fan)!;
    const league = goal.readable.get(fan.league.id) ?? { season: 0, gameweek: 0 };
    league[period] = Math.max(league[period], at);
    goal.readable.set(fan.league.id, league);
    goal.everyRank = Math.max(goal.everyRank, at);
  };
  const scored = async () => {
    for (const [i, goal] of goals.entries()) {
      if (times[i].scoredAt === 0 && (await scoresUpdatedOf(ctx, goal.fixture.fixture_id)) > 0) times[i].scoredAt = ms(t);
    }
  };
  while (pending.size > 0) {
    if (ms(t) > 300_000) throw new Error(`${label} bench: ${pending.size} reads still stale after 300 s`);
    await scored();
    await Promise.all(
      fans.map(async (fan) => {
        const seasonKey = `${fan.userId}:${fan.league.id}:season`;
        if (pending.has(seasonKey)) {
          const own = await seasonRead(ctx, fan);
          // The stored table's version is set when its recompute starts: newer than the goal means it ran after the scores.
          if (own && own.points === fan.expectedPoints && own.updatedAt >= goalAt) {
            pending.delete(seasonKey);
            ready(fan, 'season');
          }
        }
        const gameweekKey = `${fan.userId}:${fan.league.id}:gameweek`;
        if (pending.has(gameweekKey)) {
          const own = await gameweekRead(ctx, fan);
          if (own && own.points === fan.expectedGameweekPoints) {
            pending.delete(gameweekKey);
            ready(fan, 'gameweek');
          }
        }
      }),
    );
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 10));
  }
  const total = ms(t);
  process.stderr.write(`[bench] ${label} every rank readable at ${process.hrtime.bigint() / 1000n} µs (monotonic)\n`);
  // The ranks can be readable before the scorer commits (the live tables apply the score): its time too.
  while (times.some((g) => g.scoredAt === 0)) {
    if (ms(t) > 600_000) throw new Error(`${label} bench: the goal's totals not committed after 600 s`);
    await scored();
    if (times.some((g) => g.scoredAt === 0)) await new Promise((r) => setTimeout(r, 10));
  }
  return { total, goals: times };
}

/** Untimed: the ranks read equal a plain rank() over the totals (season) and the gameweek's figures; throws on the first that differs. */
export async function checkRanks(ctx: BenchContext, fans: Fan[], fixture: OneFixture, label: string): Promise<void> {
  for (const fan of fans) {
    const [oracle]: { season_rank: number; gameweek_rank: number }[] = await ctx.db.query(
      `WITH s AS (SELECT m.user_id, rank() OVER (ORDER BY coalesce(t.points, 0) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC) AS r
                  FROM league_members m LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2 WHERE m.league_id = $1),
            g AS (SELECT m.user_id, rank() OVER (ORDER BY coalesce(t.points, 0) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC) AS r
                  FROM league_members m LEFT JOIN user_gameweek_totals t ON t.user_id = m.user_id AND t.gameweek_id = $3 WHERE m.league_id = $1)
       SELECT (SELECT r FROM s WHERE user_id = $4)::int AS season_rank, (SELECT r FROM g WHERE user_id = $4)::int AS gameweek_rank`,
      [fan.league.id, fixture.season_id, fixture.gameweek_id, fan.userId],
    );
    const [season, gameweek] = [await seasonRead(ctx, fan), await gameweekRead(ctx, fan)];
    if (season?.rank !== oracle.season_rank || gameweek?.rank !== oracle.gameweek_rank) {
      throw new Error(
        `${label} bench: ${fan.league.competition} ${fan.league.kind} league, fan ${fan.userId}: API ranks ${season?.rank}/${gameweek?.rank}, rank() ${oracle.season_rank}/${oracle.gameweek_rank}`,
      );
    }
  }
}

/**
 * A league's leaderboard under load (50 connections) beside /api/health, interleaved: health,
 * board, health, board, health, board, health, each a third of `seconds` (at least 2 s), so the
 * floor is taken in the same moments as the read. Work in the background that starts or ends
 * within the window (autovacuum after the floors' big UPDATEs, a recompute) weighs on both sides;
 * one health run before and one after did not see it when it fell in the board's run alone.
 * `board` and `health`: each one's slices merged (mergeSlices).
 */
export async function leaderboardBesideHealth(ctx: BenchContext, fan: Fan, seconds = 10): Promise<{ board: CannonResult; health: CannonResult }> {
  const board = `${ctx.baseUrl}/leagues/${fan.league.id}/leaderboard/`;
  const auth = { Authorization: `Bearer ${fan.token}` };
  const health = `${ctx.baseUrl}/health`;
  const slice = Math.max(2, Math.round(seconds / 3));
  await autocannon(board, 2, auth);
  const boards: CannonResult[] = [];
  const healths: CannonResult[] = [await autocannon(health, slice)];
  for (let i = 0; i < 3; i += 1) {
    boards.push(await autocannon(board, slice, auth));
    healths.push(await autocannon(health, slice));
  }
  const lb = mergeSlices(boards);
  if (lb.non2xx > 0 || lb.errors > 0) throw new Error(`bench: the leaderboard of league ${fan.league.id} answered ${lb.non2xx} non-2xx and ${lb.errors} errors`);
  return { board: lb, health: mergeSlices(healths) };
}

/** The API's most resident memory while sampled, and whose it is (the API alone, or the bench process holding it). */
export interface MemoryPeak {
  rssMb: number;
  /** The JS heap and external buffers at that moment: known only when the API runs in this process. */
  heapUsedMb: number | null;
  externalMb: number | null;
  of: string;
}

/**
 * The API's resident memory, sampled every 100 ms until stopped (again: no change): its most. With
 * BENCH_API=process the API process's own (VmRSS), else this process's, which holds the API and the
 * bench's driver (and the workers, unless they run apart), with its JS heap and external buffers.
 */
export function sampleMemory(ctx: Pick<BenchContext, 'apiProcess' | 'workersApart'>): { stop(): MemoryPeak } {
  const apiProcess = ctx.apiProcess;
  const of = apiProcess
    ? 'the API process alone'
    : `the bench process: the API and the bench's driver${ctx.workersApart ? '; the workers run apart' : ', and the workers'}`;
  let samples = 0;
  /** In MB; the heap and external buffers at the peak's moment are known only for this process. */
  let peak: Omit<MemoryPeak, 'of'> = { rssMb: 0, heapUsedMb: null, externalMb: null };
  const mb = (bytes: number) => round(bytes / 2 ** 20);
  const sampler = setInterval(() => {
    samples += 1;
    if (apiProcess) {
      const rssMb = round(rssMbOf(apiProcess.pid));
      if (rssMb > peak.rssMb) peak = { rssMb, heapUsedMb: null, externalMb: null };
      return;
    }
    const m = process.memoryUsage();
    if (mb(m.rss) > peak.rssMb) peak = { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) };
    if (process.env.BENCH_TRACE_MEMORY && samples % 10 === 0) {
      process.stderr.write(
        `[mem] ${samples / 10}s rss ${Math.round(m.rss / 2 ** 20)} heapTotal ${Math.round(m.heapTotal / 2 ** 20)} heapUsed ${Math.round(m.heapUsed / 2 ** 20)} ext ${Math.round(m.external / 2 ** 20)} ab ${Math.round(m.arrayBuffers / 2 ** 20)}\n`,
      );
    }
  }, 100);
  return {
    stop() {
      clearInterval(sampler);
      return { ...peak, of };
    },
  };
}

/** A MemoryPeak as the figures print it. */
export function memoryText(peak: MemoryPeak): string {
  const moment = peak.heapUsedMb === null ? '' : ` (JS heap ${peak.heapUsedMb} MB, external ${peak.externalMb} MB at that moment)`;
  return `peak RSS ${peak.rssMb} MB, ${peak.of}${moment}`;
}

/** A user count as the figures' names print it: 20k, 1m. */
export const scaleLabel = (users: number): string =>
  users >= 1_000_000 ? `${users / 1_000_000}m` : users >= 1000 ? `${Math.round(users / 1000)}k` : String(users);
