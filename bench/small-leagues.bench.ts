import { waitFor } from './wait-for';
import type { BenchCase, BenchContext } from './run';
import { ms, round } from './timing';

/**
 * Many small leagues (issue 12: a million fans are mostly in leagues of friends): every bench user
 * in one league of 20 (5,000 leagues at 100k, 50,000 at 1M). Each goal recomputes every league
 * with a predictor of the match. Measured:
 * - a league recomputed alone (its own transaction and statement), over a sample of 300;
 * - the rest as the standings worker runs them (StandingsService.recomputeGroups: since issue 37
 *   every small league of an event in one sweep, one statement and transaction);
 * - the floor: the raw UPDATE of the rows whose figures changed in those leagues, one statement, no ranks;
 * - a scores.updated through the outbox and the worker until every small league's table is stored,
 *   beside its floor: the same raw UPDATE over all of those leagues, measured just before the event.
 */

const LEAGUE_SIZE = 20;
const ALONE_SAMPLE = 300;

export const smallLeaguesCase: BenchCase = {
  name: 'small-leagues',
  async run(ctx: BenchContext) {
    const { db, users } = ctx;
    const k = users >= 1000 ? `${Math.round(users / 1000)}k` : String(users);
    const { StandingsService } = await import('@scoreline/backend/standings/standings.service');
    const { OutboxService } = await import('@scoreline/backend/platform/outbox/outbox.service');
    const standings = ctx.workers.get(StandingsService, { strict: false });
    const [season]: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active`);
    if (!season) throw new Error('small-leagues bench: no active season (the score-fixture case seeds it)');
    const lines: string[] = [];

    let t = process.hrtime.bigint();
    const count = Math.floor(users / LEAGUE_SIZE);
    const leagueIds: number[] = (
      await db.query(
        `INSERT INTO leagues (name, description, type, owner_id, competition_code)
         SELECT 'Friends ' || i, 'A bench league of ${LEAGUE_SIZE}', 'private', $1, 'en.1' FROM generate_series(1, $2::int) AS i RETURNING id`,
        [ctx.adminId, count],
      )
    ).map((r: { id: number }) => r.id);
    await db.query(
      `INSERT INTO league_members (league_id, user_id, role)
       SELECT ($1::int[])[(u.n - 1) / ${LEAGUE_SIZE} + 1], u.id, 'member'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'bench\\_%') u
       WHERE u.n <= $2::int`,
      [leagueIds, count * LEAGUE_SIZE],
    );
    await db.query(
      `INSERT INTO user_season_totals (user_id, season_id, points, exact, correct, predictions)
       SELECT u.id, $1, (random() * 300)::int, (random() * 10)::int, (random() * 30)::int, 1 FROM users u WHERE u.username LIKE 'bench\\_%' ORDER BY u.id
       ON CONFLICT (user_id, season_id) DO UPDATE SET points = EXCLUDED.points, exact = EXCLUDED.exact, correct = EXCLUDED.correct`,
      [season.id],
    );
    await db.query(`VACUUM ANALYZE league_members`);
    await db.query(`VACUUM ANALYZE user_season_totals`);
    process.stderr.write(`[bench] small-leagues: ${count} leagues of ${LEAGUE_SIZE} seeded in ${round(ms(t))} ms\n`);

    const inBatches = async (ids: number[]): Promise<{ ms: number; batches: number; written: number }> => {
      const start = process.hrtime.bigint();
      const { alone, batches } = await standings.recomputeGroups(ids);
      let written = 0;
      for (const leagueId of alone) written += (await standings.recomputeLeague(leagueId)).written;
      for (const batch of batches) for (const r of await standings.recomputeSmallLeagues(batch)) written += r.written;
      return { ms: ms(start), batches: batches.length, written };
    };
    // The first recompute stores every row and summary.
    const first = await inBatches(leagueIds);
    const second = await inBatches(leagueIds);
    await db.query(`VACUUM ANALYZE league_standings`);
    lines.push(`small-leagues-${k} (${count} leagues of ${LEAGUE_SIZE}): first recompute ${round(first.ms)} ms (${first.written} rows), a replay (nothing changed) ${round(second.ms)} ms`);

    // A scored fixture: 60% of the members gain 10–30 points, so most ranks move.
    await db.query(
      `UPDATE user_season_totals SET points = points + 10 * (1 + (random() * 2)::int), updated_at = now()
       WHERE season_id = $1 AND random() < 0.6 AND user_id IN (SELECT user_id FROM league_members WHERE league_id = ANY($2::int[]))`,
      [season.id, leagueIds],
    );
    const sample = leagueIds.slice(0, Math.min(ALONE_SAMPLE, count));
    const rest = leagueIds.slice(sample.length);
    // The floor: the raw UPDATE of the rows whose figures changed, in the rest's leagues, no ranks (rolled back).
    const floorMs = await rawUpdateOfChangedRows(ctx, rest, season.id);
    t = process.hrtime.bigint();
    for (const leagueId of sample) await standings.recomputeLeague(leagueId);
    const alonePer = ms(t) / sample.length;
    const batched = await inBatches(rest);
    const batchedPer = batched.ms / Math.max(1, rest.length);
    const floorPer = floorMs / Math.max(1, rest.length);
    lines.push(
      `small-leagues-${k} after a fixture: alone ${alonePer.toFixed(2)} ms a league (${sample.length} in a row), as the worker runs them ${batchedPer.toFixed(3)} ms a league ` +
        `(${rest.length} in ${batched.batches} statement${batched.batches === 1 ? '' : 's'}, ${round(batched.ms)} ms, ${batched.written} rows); floor (the raw UPDATE of the changed rows, no ranks, one statement) ` +
        `${round(floorMs)} ms; the worker's way ${(batched.ms / floorMs).toFixed(1)}× the floor (goal ≤ 3×), alone ${(alonePer / floorPer).toFixed(1)}×; ` +
        `all ${count} leagues: alone ~${round((alonePer * count) / 1000)} s, the worker's way ~${round((batchedPer * count) / 1000)} s`,
    );

    // The event's way: scores.updated through the outbox, the standings queue and the batched jobs.
    await ctx.settle(300_000);
    const [fixture]: { id: number; gameweek_id: number }[] = await db.query(
      `SELECT f.id, f.gameweek_id FROM fixtures f WHERE f.season_id = $1 AND EXISTS (SELECT 1 FROM predictions p WHERE p.fixture_id = f.id)
       ORDER BY f.id LIMIT 1`,
      [season.id],
    );
    if (!fixture) throw new Error('small-leagues bench: no predicted fixture (the score-fixture case seeds one)');
    const affected: number[] = (
      await db.query(
        `SELECT DISTINCT m.league_id FROM predictions p JOIN league_members m ON m.user_id = p.user_id
         WHERE p.fixture_id = $1 AND m.league_id = ANY($2::int[])`,
        [fixture.id, leagueIds],
      )
    ).map((r: { league_id: number }) => r.league_id);
    const predictors = affected.length;
    await db.query(`UPDATE user_season_totals SET points = points + 10 WHERE season_id = $1 AND user_id % 3 = 0`, [season.id]);
    // The event's floor: one statement over all of its small leagues (the raw UPDATE of the changed rows, rolled back).
    const eventFloorMs = await rawUpdateOfChangedRows(ctx, affected, season.id);
    const [{ before }]: { before: Date }[] = await db.query(`SELECT now() AS before`);
    t = process.hrtime.bigint();
    const outbox = ctx.api.get(OutboxService, { strict: false });
    await db.transaction((tx) => outbox.publish(tx, 'scores.updated', { fixtureId: fixture.id, seasonId: season.id, gameweekId: fixture.gameweek_id, status: 'finished', final: true }));
    await waitFor(
      async () => {
        const [{ behind }]: { behind: number }[] = await db.query(
          `SELECT count(*)::int AS behind FROM league_standings_summary WHERE league_id = ANY($1::int[]) AND computed_at < $2`,
          [affected, before],
        );
        return behind === 0;
      },
      600_000,
      'scores.updated to reach every small league',
      200,
    );
    const eventMs = ms(t);
    lines.push(
      `small-leagues-event-to-tables-${k} (scores.updated → ${predictors} small leagues stored, in the worker): ${round(eventMs)} ms; ` +
        `floor (the raw UPDATE of their changed rows, one statement, no ranks) ${round(eventFloorMs)} ms: ${(eventMs / eventFloorMs).toFixed(1)}× (goal ≤ 2×)`,
    );
    // The rest of the event: every queue idle, the activity entries (exact scores, gameweek points) included.
    const settled = await ctx.settle(600_000).then(
      () => `${round(ms(t))} ms`,
      (error: Error) => `not within 600 s (${error.message})`,
    );
    lines.push(`small-leagues-event-settled-${k} (scores.updated → every queue idle, the activity entries in every league included): ${settled}`);
    return lines;
  },
};

/** The raw UPDATE of the standings rows whose figures differ from the totals in the leagues given: one statement, no ranks, rolled back; answers its ms. */
async function rawUpdateOfChangedRows(ctx: BenchContext, leagueIds: number[], seasonId: number): Promise<number> {
  const runner = ctx.db.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const t = process.hrtime.bigint();
    await runner.query(
      `UPDATE league_standings s SET total_points = coalesce(t.points, 0), exact = coalesce(t.exact, 0), correct = coalesce(t.correct, 0), updated_at = now()
       FROM league_members m LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       WHERE m.league_id = ANY($1::int[]) AND s.league_id = m.league_id AND s.user_id = m.user_id
         AND (s.total_points, s.exact, s.correct) IS DISTINCT FROM (coalesce(t.points, 0), coalesce(t.exact, 0), coalesce(t.correct, 0))`,
      [leagueIds, seasonId],
    );
    return ms(t);
  } finally {
    await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}
