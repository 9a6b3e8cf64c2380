import { cpus, loadavg } from 'node:os';
import type { DataSource } from 'typeorm';
import { traceMemory } from '@scoreline/backend/platform/metrics/memory-trace';
import { atOnce, medianOfRuns, type AtOnce } from './at-once';
import { BENCH_SEASONS } from './bench-seasons';
import { againstFloor } from './floor-ratio';
import {
  checkRanks,
  countPlayers,
  firstTables,
  goalsToEveryRank,
  leaderboardBesideHealth,
  memoryText,
  sampleFans,
  sampleMemory,
  scaleLabel,
  scoresUpdatedOf,
  seedLeagues,
  seedSeasonTotals,
  type Fan,
  type LeagueKind,
  type LeagueUnderTest,
  type MemoryPeak,
} from './live-goal';
import { inParts, playsBoth, seedOneFixtureSeason, type BenchPlayers, type OneFixture } from './one-fixture-season';
import { rawScoreUpdate } from './raw-score-update';
import { compareRounds, comparisonText, WORSE_AT_MOST, type FloorFigure } from './round-comparison';
import type { BenchCase, BenchContext } from './run';
import { ms, round } from './timing';
import { waitFor } from './wait-for';

/**
 * Issue 34 §4 (docs/competitions.md): the headline and scoring figures with a
 * second competition live at the same moment, against the same figures with one, each as a ratio
 * to its floor measured in the same round (the machine's speed drifts between rounds).
 *
 * Round one, en.1 alone: a season with one fixture kicking off now, predicted by every bench
 * user, the headline's five leagues (global, country 30%, club 5%, public 1,000, private 20), and
 * every bench user playing en.1 (user_competitions).
 * Round two: a fresh en.1 season (the same leagues and players), and es.1 live beside it: a
 * season with one fixture kicking off now, predicted by the half of the bench users who play both
 * (playsBoth, with their user_competitions rows), and its own global (all of them), country (30%
 * of them) and club (5% of them) leagues.
 *
 * In each round, every live competition's goal and final whistle are sent at the same moment, so
 * the app does the work of all of them at once; each figure is that work until the last
 * competition is done, and its floor is exactly that work in plain SQL, each competition's
 * statement started at the same moment on a connection of its own, until the last is done (in
 * round one, one competition's; in round two, both's: a floor of one competition's work would
 * charge es.1's share to the app):
 * - a goal (1–0, live) → every sampled fan's points and rank readable in every league of every
 *   live competition (as the headline measures it), against a plain rank() of every member of
 *   each competition's leagues, season and gameweek tables, one statement per competition (median
 *   of three, once settled);
 * - the goals' totals committed by the scorer, against the raw UPDATE of each fixture's predictions,
 *   split by user into the scorer's own parts (SCORING_PARTS), as the score-fixture case's split floor;
 * - the final whistles (1–0 finished) → their totals committed, against the raw UPDATEs again;
 * and en.1's global leaderboard under load while the matches are in play, against /api/health
 * (the same requests, on the same server, interleaved with it: leaderboardBesideHealth), before
 * the floors' raw UPDATEs.
 * Last, the ratios of round two against round one, each checked: worse by at most 1.2×. Each
 * competition's own times, and its own statement's within the floor, are printed beside them.
 * The bench process's peak RSS in each round is printed too (the live tables of both
 * competitions' leagues are kept at once): it has no floor, and its goal is its own (< 512 MB
 * each for the API and the workers).
 */

/** The competitions under test: the home competition, and the one half of its fans play too. */
const FIRST = 'en.1';
const SECOND = 'es.1';

const FIRST_LEAGUES: [LeagueKind, number][] = [
  ['global', 1],
  ['country', 0.3],
  ['club', 0.05],
  ['public', 1000],
  ['private', 20],
];
/** Shares of the second competition's players (the half who play both). */
const SECOND_LEAGUES: [LeagueKind, number][] = [
  ['global', 1],
  ['country', 0.3],
  ['club', 0.05],
];

/** A competition live in a round: its one fixture, its leagues and their sampled fans. */
interface Live {
  code: string;
  players: number;
  fixture: OneFixture;
  leagues: LeagueUnderTest[];
}

/** A competition's own times in a round, each beside its own statement's within the floor (ms from the same moment). */
interface CompetitionFigures {
  code: string;
  players: number;
  leagues: LeagueUnderTest[];
  recorded: number;
  everyRank: number;
  readable: Map<number, { season: number; gameweek: number }>;
  rankFloor: number;
  scored: number;
  goalFloor: number;
  whistle: number;
  whistleFloor: number;
}

/** A figure of a round: the work of every live competition until the last is done, and its floor, the same work in plain SQL (ms). */
interface Timed {
  time: number;
  floor: number;
}

interface RoundFigures {
  competitions: CompetitionFigures[];
  everyRank: Timed;
  scored: Timed;
  whistle: Timed;
  leaderboard: { rps: number; p99: number; healthRps: number; healthP99: number; share: number; p99Ratio: number };
  memory: MemoryPeak;
}

export const competitionsCase: BenchCase = {
  name: 'competitions',
  async run(ctx: BenchContext) {
    const { db, users } = ctx;
    const k = scaleLabel(users);
    // A final whistle reaches every member's table and feed: downstream of it grows with them.
    const settleMs = Math.max(300_000, users * 0.6);
    // joined_at of the rows this case adds to user_competitions, to take exactly those away at the end.
    const [{ joined }]: { joined: string }[] = await db.query(`SELECT now()::text AS joined`);
    let seeding = seedingSteps();

    // Round one: en.1 alone.
    const firstAlone = await seedOneFixtureSeason(db, { ...BENCH_SEASONS.competitionsAlone, key: 'competitions-alone', ...underWay, leagueCode: FIRST });
    seeding.step('en.1 predictions');
    const [firstLeagues] = await Promise.all([
      seedLeagues(ctx, { code: FIRST, players: 'all', name: 'Competitions en.1', kinds: FIRST_LEAGUES }),
      seedSeasonTotals(ctx, firstAlone),
      seedPlayers(db, FIRST, 'all', joined),
    ]);
    seeding.step('en.1 season totals, members and players');
    await readyToPlay(ctx, firstLeagues, settleMs);
    seeding.step('first tables');
    process.stderr.write(`[bench] competitions, round one seeded: ${seeding.done()}\n`);
    const one = await measureRound(ctx, [{ code: FIRST, players: users, fixture: firstAlone, leagues: firstLeagues }], 'competitions round one', settleMs);
    await db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [firstAlone.season_id]);

    // Round two: a fresh en.1 season, and es.1 beside it, played by half of en.1's fans.
    seeding = seedingSteps();
    const first = await seedOneFixtureSeason(db, { ...BENCH_SEASONS.competitionsFirst, key: 'competitions-first', ...underWay, leagueCode: FIRST });
    const second = await seedOneFixtureSeason(db, {
      ...BENCH_SEASONS.competitionsSecond,
      key: 'competitions-second',
      ...underWay,
      leagueCode: SECOND,
      players: 'both',
    });
    seeding.step('en.1 and es.1 predictions');
    const [secondLeagues] = await Promise.all([
      seedLeagues(ctx, { code: SECOND, players: 'both', name: 'Competitions es.1', kinds: SECOND_LEAGUES }),
      seedSeasonTotals(ctx, first),
      seedSeasonTotals(ctx, second),
      seedPlayers(db, SECOND, 'both', joined),
    ]);
    seeding.step('season totals, es.1 members and players');
    await readyToPlay(ctx, [...firstLeagues, ...secondLeagues], settleMs);
    seeding.step('tables');
    process.stderr.write(`[bench] competitions, round two seeded: ${seeding.done()}\n`);
    const bothPlayers = await countPlayers(ctx, 'both');
    const two = await measureRound(
      ctx,
      [
        { code: FIRST, players: users, fixture: first, leagues: firstLeagues },
        { code: SECOND, players: bothPlayers, fixture: second, leagues: secondLeagues },
      ],
      'competitions round two',
      settleMs,
    );

    // The later cases score fixtures of their own en.1 season: these leagues must not recompute beside them.
    await db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1::int[])`, [[first.season_id, second.season_id]]);
    await db.query(`DELETE FROM leagues WHERE id = ANY($1::int[])`, [[...firstLeagues, ...secondLeagues].map((l) => l.id)]);
    await db.query(`DELETE FROM user_competitions WHERE joined_at = $1::timestamptz`, [joined]);

    const comparisons = compareRounds(floorFigures(one), floorFigures(two));
    const lines = [
      `competitions-one-${k} (en.1 alone, ${users} players): ${roundText(one)}`,
      `competitions-two-${k} (en.1 ${users} players and es.1 ${bothPlayers}, all of them in both, goals and whistles at the same moment): ${roundText(two)}`,
      `competitions-two-over-one-${k} (each round's ratios to their floors, the work of every live competition against the same work in plain SQL; goal: none worse than ${WORSE_AT_MOST}×): ` +
        `${comparisons.map(comparisonText).join('; ')}; ${comparisons.every((c) => c.pass) ? 'PASS' : 'FAIL'}; ` +
        `peak RSS ${one.memory.rssMb} → ${two.memory.rssMb} MB (${(two.memory.rssMb / one.memory.rssMb).toFixed(2)}×; ${one.memory.of}; no floor, goal < 512 MB each for the API and the workers); ` +
        `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
    ];
    return lines;
  },
};

/** Gameweek and fixture of a match under way: kicked off a minute ago. */
const underWay = { gameweekStarts: '-1 hour', gameweekEnds: '1 hour', kicksOff: '-1 minute' };

/** The players of a competition (user_competitions), as joined at `joined`. */
function seedPlayers(db: DataSource, code: string, players: BenchPlayers, joined: string): Promise<void> {
  return inParts(
    db,
    `INSERT INTO user_competitions (user_id, competition_code, joined_at)
     SELECT u.id, $1, $2::timestamptz FROM users u
     WHERE u.username LIKE 'bench\\_%' AND ${players === 'both' ? playsBoth('u') : 'true'} AND u.id % $3 = $4 ORDER BY u.id
     ON CONFLICT DO NOTHING`,
    [code, joined],
  );
}

/** Statistics fresh, the leagues' tables computed and the system settled, as the headline has them before its goal. */
async function readyToPlay(ctx: BenchContext, leagues: LeagueUnderTest[], settleMs: number): Promise<void> {
  for (const table of ['predictions', 'user_season_totals', 'user_gameweek_totals', 'league_members', 'user_competitions']) {
    await ctx.db.query(`VACUUM ANALYZE ${table}`);
  }
  traceMemory('phase first tables');
  await firstTables(ctx, leagues);
  await ctx.db.query(`VACUUM ANALYZE league_standings`);
  traceMemory('phase first tables settling');
  await ctx.settle(settleMs);
  traceMemory('phase first tables settled');
}

/** One round: the goals, the floors, the leaderboard in play, the final whistles. */
async function measureRound(ctx: BenchContext, live: Live[], label: string, settleMs: number): Promise<RoundFigures> {
  const memory = sampleMemory(ctx);
  try {
    const fans = await Promise.all(live.map((c) => sampleFans(ctx, c.leagues, c.fixture)));
    traceMemory(`phase ${label}: goals`);
    const { goals } = await goalsToEveryRank(
      ctx,
      live.map((c, i) => ({ fixture: c.fixture, fans: fans[i] })),
      label,
    );
    await ctx.settle(settleMs);
    for (const [i, c] of live.entries()) await checkRanks(ctx, fans[i], c.fixture, label);

    // en.1's global leaderboard while every match is in play, before the floors: their raw UPDATEs
    // (1M rows in round one, 1.5M in round two) leave autovacuum work that weighed on the read alone.
    const global = fans[0].find((f: Fan) => f.league.kind === 'global')!;
    const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
    traceMemory(`phase ${label}: leaderboard`);
    const { board, health } = await leaderboardBesideHealth(ctx, global, seconds);
    const ratio = againstFloor(board, health, health);

    // The floors on the settled system: each the goals' work in plain SQL, every competition's at once.
    traceMemory(`phase ${label}: floors`);
    const rankFloors = await rankFloor(ctx.db, live);
    // The parts the scorer splits a big fixture into, as the app parsed them (SCORING_PARTS).
    const parts = ctx.env.scoringSplit.parts;
    const goalFloors = await rawScoreUpdates(ctx.db, live, parts);

    // The final whistles, at the same moment.
    traceMemory(`phase ${label}: whistles`);
    const whistles = await finalWhistles(ctx, live, label);
    traceMemory(`phase ${label}: whistles scored, settling`);
    await ctx.settle(settleMs);
    traceMemory(`phase ${label}: settled after whistles`);
    const whistleFloors = await rawScoreUpdates(ctx.db, live, parts);

    // All timed from the same moment: the round's figure is its last competition's.
    const last = (times: number[]) => Math.max(...times);
    return {
      competitions: live.map((c, i) => ({
        code: c.code,
        players: c.players,
        leagues: c.leagues,
        recorded: goals[i].recorded,
        everyRank: goals[i].everyRank,
        readable: goals[i].readable,
        rankFloor: rankFloors.each[i],
        scored: goals[i].scoredAt,
        goalFloor: goalFloors.each[i],
        whistle: whistles[i],
        whistleFloor: whistleFloors.each[i],
      })),
      everyRank: { time: last(goals.map((g) => g.everyRank)), floor: rankFloors.all },
      scored: { time: last(goals.map((g) => g.scoredAt)), floor: goalFloors.all },
      whistle: { time: last(whistles), floor: whistleFloors.all },
      leaderboard: {
        rps: board.requests.average,
        p99: board.latency.p99,
        healthRps: health.requests.average,
        healthP99: health.latency.p99,
        share: ratio.throughput,
        p99Ratio: ratio.p99,
      },
      memory: memory.stop(),
    };
  } finally {
    memory.stop();
  }
}

/**
 * The floor of the goals' every rank: every member's season and gameweek rank in every league of
 * every live competition by a plain rank() over the stored totals (the ranks the goals make, once
 * scored), one statement per competition, all started at the same moment, tuned as the app's
 * table statements are; the median of three.
 */
async function rankFloor(db: DataSource, live: Live[]): Promise<AtOnce> {
  const once = (c: Live) =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      await tx.query(`SET LOCAL jit = off`);
      // The ranks are summed, not dropped: an unused window column may be planned away.
      await tx.query(
        `SELECT max(season_rank) + max(gameweek_rank) FROM (
           SELECT rank() OVER (PARTITION BY m.league_id ORDER BY coalesce(t.points, 0) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC) AS season_rank,
                  rank() OVER (PARTITION BY m.league_id ORDER BY coalesce(g.points, 0) DESC, coalesce(g.exact, 0) DESC, coalesce(g.correct, 0) DESC) AS gameweek_rank
           FROM league_members m
           LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
           LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
           WHERE m.league_id = ANY($1::int[])) ranks`,
        [c.leagues.map((l) => l.id), c.fixture.season_id, c.fixture.gameweek_id],
      );
    });
  const runs: AtOnce[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await atOnce(live.map((c) => () => once(c))));
  return medianOfRuns(runs);
}

/**
 * The floor of the goals' and the whistles' scoring: the raw UPDATE of every live fixture's
 * predictions, all at the same moment, each split by user into the parts the scorer splits it into
 * (SCORING_PARTS), each part on a connection of its own. Unsplit, round one's floor used one core
 * while its scorer used two, and round two (two fixtures, both cores busy for both) was charged for
 * the core round one's floor left idle.
 */
function rawScoreUpdates(db: DataSource, live: Live[], parts: number): Promise<AtOnce> {
  return atOnce(live.map((c) => () => rawScoreUpdate(db, c.fixture.fixture_id, parts)));
}


/** Every live fixture's final whistle (1–0) sent at the same moment; per fixture, ms until its totals are committed. */
async function finalWhistles(ctx: BenchContext, live: Live[], label: string): Promise<number[]> {
  const before = await Promise.all(live.map((c) => scoresUpdatedOf(ctx, c.fixture.fixture_id)));
  const t = process.hrtime.bigint();
  return Promise.all(
    live.map(async (c, i) => {
      const put = await fetch(`${ctx.baseUrl}/admin/fixtures/${c.fixture.fixture_id}/result`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ctx.adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ home_score: 1, away_score: 0, status: 'finished' }),
      });
      if (!put.ok) throw new Error(`${label} bench: the final whistle answered ${put.status} ${await put.text()}`);
      await waitFor(async () => (await scoresUpdatedOf(ctx, c.fixture.fixture_id)) > before[i], 600_000, `${label}: ${c.code}'s final whistle scored`);
      return ms(t);
    }),
  );
}

/** A round's figures that have floors: the ones round two is held to (named alike in both rounds, as they pair by name). */
function floorFigures(r: RoundFigures): FloorFigure[] {
  return [
    { name: 'the goals → every rank readable in every live competition / rank() of all their leagues at once', ratio: r.everyRank.time / r.everyRank.floor, worse: 'higher' },
    { name: "the goals' totals committed / raw UPDATEs of every live fixture at once, in the scorer's parts", ratio: r.scored.time / r.scored.floor, worse: 'higher' },
    { name: "the final whistles scored / raw UPDATEs of every live fixture at once, in the scorer's parts", ratio: r.whistle.time / r.whistle.floor, worse: 'higher' },
    { name: 'leaderboard in play req/s / health', ratio: r.leaderboard.share, worse: 'lower' },
    { name: 'leaderboard in play p99 / health', ratio: r.leaderboard.p99Ratio, worse: 'higher' },
  ];
}

/** A round's figures as printed: the round's figures against their floors, each competition's own times, then the leaderboard's and the memory. */
function roundText(r: RoundFigures): string {
  const codes = r.competitions.map((c) => c.code).join(' and ');
  const against = (t: Timed, floor: string) => `${round(t.time)} ms, ${(t.time / t.floor).toFixed(2)}× ${floor} (${round(t.floor)} ms)`;
  const competition = (c: CompetitionFigures) => {
    const perLeague = c.leagues
      .map((l) => `${l.kind} ${l.members} ${round(c.readable.get(l.id)?.season ?? 0)}/${round(c.readable.get(l.id)?.gameweek ?? 0)} ms`)
      .join(', ');
    return (
      `${c.code}'s own times: every rank readable ${round(c.everyRank)} ms (its rank() statement ${round(c.rankFloor)} ms), ` +
      `the goal's totals committed ${round(c.scored)} ms (its raw UPDATE ${round(c.goalFloor)} ms), ` +
      `the final whistle scored ${round(c.whistle)} ms (its raw UPDATE ${round(c.whistleFloor)} ms), ` +
      `admin call ${round(c.recorded)} ms; season/gameweek readable per league: ${perLeague}`
    );
  };
  const lb = r.leaderboard;
  return (
    `${codes}, until the last is done: the goals → every rank readable ${against(r.everyRank, `the rank() of all their leagues at once`)}; ` +
    `the goals' totals committed ${against(r.scored, `the raw UPDATEs of ${codes}'s fixtures at once`)}; ` +
    `the final whistles scored ${against(r.whistle, `the raw UPDATEs of ${codes}'s fixtures at once`)}; ` +
    `${r.competitions.map(competition).join('; ')}; ` +
    `en.1's global leaderboard in play ${round(lb.rps)} req/s, ${lb.share.toFixed(2)} of health (${round(lb.healthRps)} req/s), ` +
    `p99 ${round(lb.p99)} ms, ${lb.p99Ratio.toFixed(2)}× health's (${round(lb.healthP99)} ms; interleaved); ` +
    memoryText(r.memory)
  );
}

/** How long each seeding step took from now, printed with their total. */
function seedingSteps(): { step(what: string): void; done(): string } {
  const steps: string[] = [];
  const start = process.hrtime.bigint();
  let stepStart = start;
  return {
    step(what) {
      traceMemory(`phase seeded: ${what}`);
      steps.push(`${what} ${round(ms(stepStart))} ms`);
      stepStart = process.hrtime.bigint();
    },
    done: () => `${round(ms(start))} ms (${steps.join(', ')})`,
  };
}
