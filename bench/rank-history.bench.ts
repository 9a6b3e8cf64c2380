import type { BenchCase, BenchContext } from './run';
import { BENCH_SEASONS } from './bench-seasons';
import { ms, round } from './timing';

/**
 * Rank over time for one league holding every bench user (100,000 by default): the snapshot a
 * gameweek's completion writes (rank of every member by points, exact scores, correct results,
 * stored in league_rank_history) against its floor, one plain rank() over the same members'
 * season totals (by points alone, and by the table's full order), measured alternately in the
 * same run (median of five each). Also the rewrite
 * after a correction (every row moves) and a replay (nothing changes).
 * Goal: the snapshot within 2× the floor.
 */

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const rankHistoryCase: BenchCase = {
  name: 'rank-history',
  async run(ctx: BenchContext) {
    const { db, users } = ctx;
    const k = users >= 1000 ? `${Math.round(users / 1000)}k` : String(users);
    const { RankHistoryService } = await import('@scoreline/backend/standings/rank-history.service');
    const rankHistory = ctx.workers.get(RankHistoryService, { strict: false });

    // An active season (the score-fixture case's, or one of its own) and a completed gameweek in it.
    let [season]: { id: number }[] = await db.query(`SELECT id FROM seasons WHERE is_active`);
    if (!season) {
      [season] = await db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, 'en.1', true) RETURNING id`, [
        BENCH_SEASONS.rankHistory.name,
        BENCH_SEASONS.rankHistory.label,
      ]);
    }
    const [{ id: gameweekId }]: { id: number }[] = await db.query(
      `WITH g AS (INSERT INTO gameweeks (season_id, number, starts_at, ends_at)
                  SELECT $1, coalesce(max(number), 0) + 1, now() - interval '2 hours', now() - interval '2 hours' FROM gameweeks WHERE season_id = $1 RETURNING id, season_id)
       INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
       SELECT g.season_id, g.id, 'bench-rank', (SELECT min(id) FROM clubs), (SELECT max(id) FROM clubs), now() - interval '2 hours', 'finished', 1, 0 FROM g
       RETURNING gameweek_id AS id`,
      [season.id],
    );
    const [{ id: leagueId }]: { id: number }[] = await db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Bench Rank League', 'Every bench user', 'public', $1, 'en.1') RETURNING id`,
      [ctx.adminId],
    );
    await db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, id, 'member' FROM users WHERE username LIKE 'bench\\_%' ORDER BY id`, [leagueId]);
    // Season totals spread like a real table, with plenty of ties on points broken by exact scores.
    const spreadTotals = () =>
      db.query(
        `INSERT INTO user_season_totals (user_id, season_id, points, predictions, scored, correct, exact)
         SELECT u.id, $1, (random() * 1200)::int, 100, 100, 30 + (random() * 40)::int, (random() * 25)::int FROM users u WHERE u.username LIKE 'bench\\_%' ORDER BY u.id
         ON CONFLICT (user_id, season_id) DO UPDATE SET points = EXCLUDED.points, correct = EXCLUDED.correct, exact = EXCLUDED.exact`,
        [season.id],
      );
    await spreadTotals();
    await db.query(`VACUUM ANALYZE league_members`);
    await db.query(`VACUUM ANALYZE user_season_totals`);

    /**
     * The floors: one plain rank() over the same members' season totals, with the snapshot's
     * session settings — by points alone, and by the table's full order (points, exact, correct).
     */
    const floor = async (orderBy: string): Promise<number> =>
      db.transaction(async (tx) => {
        await tx.query(`SET LOCAL work_mem = '64MB'`);
        await tx.query(`SET LOCAL jit = off`);
        const start = process.hrtime.bigint();
        await tx.query(
          `SELECT count(r) FROM (SELECT rank() OVER (ORDER BY ${orderBy}) AS r
                                 FROM league_members m LEFT JOIN user_season_totals s ON s.user_id = m.user_id AND s.season_id = $2
                                 WHERE m.league_id = $1) x`,
          [leagueId, season.id],
        );
        return ms(start);
      });
    const BY_POINTS = 'coalesce(s.points, 0) DESC';
    const BY_TABLE_ORDER = 'coalesce(s.points, 0) DESC, coalesce(s.exact, 0) DESC, coalesce(s.correct, 0) DESC';
    const snapshot = async (): Promise<{ ms: number; written: number }> => {
      const start = process.hrtime.bigint();
      const write = await rankHistory.writeGameweek(gameweekId, [leagueId]);
      return { ms: ms(start), written: write.written };
    };
    const clear = async () => {
      await db.query(`DELETE FROM league_rank_history WHERE league_id = $1 AND gameweek_id = $2`, [leagueId, gameweekId]);
      await db.query(`DELETE FROM league_rank_snapshots WHERE league_id = $1 AND gameweek_id = $2`, [leagueId, gameweekId]);
      await db.query(`VACUUM ANALYZE league_rank_history`);
    };

    const floors: number[] = [];
    const fullFloors: number[] = [];
    const firsts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await clear();
      floors.push(await floor(BY_POINTS));
      fullFloors.push(await floor(BY_TABLE_ORDER));
      const first = await snapshot();
      if (first.written !== users) throw new Error(`rank-history bench: wrote ${first.written} rows, expected ${users}`);
      firsts.push(first.ms);
    }
    const floorMs = median(floors);
    const fullFloorMs = median(fullFloors);
    const firstMs = median(firsts);
    const replay = await snapshot();
    if (replay.written !== 0) throw new Error('rank-history bench: a replay rewrote rows');
    // A correction: every member's figures move, the stored gameweek is rewritten in place.
    await spreadTotals();
    const rewrite = await snapshot();
    const stored: { n: number }[] = await db.query(
      `SELECT coalesce(sum(cardinality(user_ids)), 0)::int AS n FROM league_rank_history WHERE league_id = $1 AND gameweek_id = $2`,
      [leagueId, gameweekId],
    );
    if (stored[0].n !== users) throw new Error(`rank-history bench: ${stored[0].n} rows stored, expected ${users}`);
    return [
      `rank-history-snapshot-${k}: ${round(firstMs)} ms (one plain rank() over the same rows by points ${round(floorMs)} ms, ratio ${(firstMs / floorMs).toFixed(1)}x; ` +
        `by points, exact, correct ${round(fullFloorMs)} ms, ratio ${(firstMs / fullFloorMs).toFixed(1)}x; goal ≤ 2x; median of 5)`,
      `rank-history-rewrite-${k} (correction, every row moves): ${round(rewrite.ms)} ms; replay (nothing changes) ${round(replay.ms)} ms`,
    ];
  },
};
