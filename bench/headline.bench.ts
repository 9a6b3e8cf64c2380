import { cpus, loadavg } from 'node:os';
import { seedOneFixtureSeason } from './one-fixture-season';
import type { BenchCase, BenchContext } from './run';
import { BENCH_SEASONS } from './bench-seasons';
import { checkRanks, firstTables, goalsToEveryRank, leaderboardBesideHealth, memoryText, sampleFans, sampleMemory, scaleLabel, seedLeagues, seedSeasonTotals } from './live-goal';
import { ms, round } from './timing';

/**
 * The headline figure (issue 12 §1): a goal recorded through the admin API → every affected
 * fan's new points and new rank readable through the API in all five league kinds — global
 * (every bench user), country (30%), club (5%), public (1,000) and private (20) — in the
 * season table (the stored standings) and the gameweek table (ranked on read), measured to
 * the moment the last of them is readable. Goal: ≤ 2 s at 1M players.
 *
 * "Readable" is sampled: per league three fans (an exact 1–0 pick, another home-win pick, a
 * wrong pick) read their own row through the leaderboard and the gameweek table until both
 * show the new points and a table version newer than the goal. Then, untimed, every sampled
 * rank is checked against a plain rank() over the totals (the bench fails when one differs).
 *
 * Last, with the match still in play (the leaderboard answers from the live tables), the global
 * league's leaderboard under autocannon (50 connections) beside /api/health, as the standings
 * case measures it between matches.
 */

const GOAL_MS = 2000;

export const headlineCase: BenchCase = {
  name: 'headline',
  async run(ctx: BenchContext) {
    const { db, users } = ctx;
    const k = scaleLabel(users);
    const lines: string[] = [];
    // RSS, and where it sits at its most: the JS heap, and buffers outside it (sockets, pg).
    const memory = sampleMemory(ctx);

    try {
      // A season of its own with one fixture kicking off now, predicted by every bench user.
      const t = process.hrtime.bigint();
      // How long each step of the seeding took, printed with its total.
      const steps: string[] = [];
      let stepStart = process.hrtime.bigint();
      const step = (what: string) => {
        steps.push(`${what} ${round(ms(stepStart))} ms`);
        stepStart = process.hrtime.bigint();
      };
      const fixture = await seedOneFixtureSeason(db, {
        ...BENCH_SEASONS.headline,
        key: 'headline',
        gameweekStarts: '-1 hour',
        gameweekEnds: '1 hour',
        kicksOff: '-1 minute',
      });
      step('predictions and gameweek totals');
      // The five league kinds; each league's members are one statement; they and the season totals run at once.
      const [leagues] = await Promise.all([
        seedLeagues(ctx, {
          code: 'en.1',
          players: 'all',
          name: 'Headline',
          kinds: [
            ['global', 1],
            ['country', 0.3],
            ['club', 0.05],
            ['public', 1000],
            ['private', 20],
          ],
        }),
        seedSeasonTotals(ctx, fixture),
      ]);
      step('season totals and league members');
      await db.query(`VACUUM ANALYZE predictions`);
      await db.query(`VACUUM ANALYZE user_season_totals`);
      await db.query(`VACUUM ANALYZE user_gameweek_totals`);
      await db.query(`VACUUM ANALYZE league_members`);
      step('vacuum analyze');
      await firstTables(ctx, leagues);
      step('first tables');
      await db.query(`VACUUM ANALYZE league_standings`);
      await ctx.settle(300_000);
      step('settle');
      process.stderr.write(`[bench] headline: ${users} predictions, five leagues and their tables seeded in ${round(ms(t))} ms (${steps.join(', ')})\n`);

      const fans = await sampleFans(ctx, leagues, fixture);
      const { total, goals } = await goalsToEveryRank(ctx, [{ fixture, fans }], 'headline');
      const [goal] = goals;
      await ctx.settle(300_000);
      await checkRanks(ctx, fans, fixture, 'headline');

      // The leaderboard while the match is in play (the live tables answer), against health in the same minute.
      const global = fans.find((f) => f.league.kind === 'global')!;
      const { board: lb, health } = await leaderboardBesideHealth(ctx, global);
      const healthRps = health.requests.average;
      const inPlayLine =
        `leaderboard-while-in-play-${k}: ${round(lb.requests.average)} req/s (p50 ${round(lb.latency.p50)} ms, p99 ${round(lb.latency.p99)} ms) vs health ` +
        `${round(healthRps)} req/s (p99 ${round(health.latency.p99)} ms; interleaved): ${(lb.requests.average / healthRps).toFixed(2)} of health`;

      const perKind = leagues
        .map((l) => `${l.kind} ${l.members} ${round(goal.readable.get(l.id)?.season ?? 0)}/${round(goal.readable.get(l.id)?.gameweek ?? 0)} ms`)
        .join(', ');
      const peak = memory.stop();
      lines.push(
        `headline-goal-to-every-rank-${k}: ${round(total)} ms (goal ≤ ${GOAL_MS} ms at 1m: ${total <= GOAL_MS ? 'met' : 'NOT met'}); ` +
          `admin call ${round(goal.recorded)} ms, totals committed ${round(goal.scoredAt)} ms; season/gameweek readable per league: ${perKind}; ` +
          `${memoryText(peak)}; goal < 512 MB each for the API and the workers; ` +
          `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
      );
      lines.push(inPlayLine);
      // The later cases score fixtures of their own season: these leagues must not recompute beside them.
      await db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [fixture.season_id]);
      await db.query(`DELETE FROM leagues WHERE id = ANY($1::int[])`, [leagues.map((l) => l.id)]);
      return lines;
    } finally {
      memory.stop();
    }
  },
};
