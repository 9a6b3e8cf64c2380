import { BIG_LEAGUE } from '@scoreline/backend/platform/common/big-league';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { SMALL_LEAGUES_SWEEP_LOCK, STANDINGS_LOCK, StandingsService } from '@scoreline/backend/standings/standings.service';
import { StandingsJobsService } from '@scoreline/backend/standings/standings-jobs.service';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { connectLive, type LiveClient } from '../support/socket-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Every small league of an event recomputed in one sweep (issue 37): one transaction, one lock for
 * them all (a lock per league would overflow Postgres's shared lock table at 50,000 leagues), a
 * single league's recompute serialised against it, and each changed league still pushed its own
 * table. That the sweep stores and answers what each league recomputed alone would is the
 * property of derived-ranks.property.int-spec.ts.
 */
describe('small leagues swept in one statement', () => {
  let sys: TestSystem;
  let standings: StandingsService;
  let jobs: StandingsJobsService;
  let seasonId: number;
  let owner: FastUser;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    sys = await startTestSystem();
    standings = sys.workers.get(StandingsService, { strict: false });
    jobs = sys.workers.get(StandingsJobsService, { strict: false });
    // The workers' reconciler runs a pass at start; totals without predictions behind them would be "repaired" away beside it.
    await sys.workers.get(ReconcilerService, { strict: false }).runPass({ waitForLock: true });
    // Suites share the run's database: one season may be active, and this one is ours.
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    const [season]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Sweep League 2062/63', '2062/63', 'en.1', true) RETURNING id`,
    );
    seasonId = season.id;
    [owner] = await insertVerifiedUsers(sys, 1, 'sweep', { onboarded: true });
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
    await sys.close();
  });

  const newLeague = async (name: string, members: number[]): Promise<number> => {
    const [{ id }]: { id: number }[] = await sys.db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', 'private', $2, 'en.1') RETURNING id`,
      [name, owner.id],
    );
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [id, members]);
    return id;
  };
  const setPoints = (userId: number, points: number) =>
    sys.db.query(
      `INSERT INTO user_season_totals (user_id, season_id, points, exact, correct, predictions) VALUES ($1, $2, $3, 0, 0, 1)
       ON CONFLICT (user_id, season_id) DO UPDATE SET points = EXCLUDED.points`,
      [userId, seasonId, points],
    );
  /** Whether the promise settles within `ms`. */
  const settlesWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

  it('sweeps more leagues than Postgres has locks for in one go, each with its summary', async () => {
    // 20,000 leagues: one advisory lock each would overflow the default shared lock table (64 × 100 connections).
    const ids: number[] = (
      await sys.db.query(
        `INSERT INTO leagues (name, description, type, owner_id, competition_code)
         SELECT 'Empty sweep league ' || i, '', 'private', $1, 'en.1' FROM generate_series(1, 20000) i RETURNING id`,
        [owner.id],
      )
    ).map((r: { id: number }) => r.id);
    const { alone, batches } = await standings.recomputeGroups(ids);
    expect(alone).toEqual([]);
    expect(batches).toHaveLength(1);
    const results = await standings.recomputeSmallLeagues(batches[0]);
    expect(results).toHaveLength(20000);
    const [{ summaries }]: { summaries: number }[] = await sys.db.query(
      `SELECT count(*)::int AS summaries FROM league_standings_summary WHERE league_id = ANY($1::int[]) AND member_count = 0 AND top = '[]'::jsonb AND season_id = $2`,
      [ids, seasonId],
    );
    expect(summaries).toBe(20000);
    await sys.db.query(`DELETE FROM leagues WHERE id = ANY($1::int[])`, [ids]);
  });

  it("serialises a small league's recompute and a sweep: each waits for the other's lock; a big league's waits for none", async () => {
    const [a, b] = await insertVerifiedUsers(sys, 2, 'sweeplock', { onboarded: true });
    const leagueId = await newLeague('Sweep lock league', [a.id, b.id]);
    const other = await newLeague('Sweep lock league 2', [a.id]);
    const holder = sys.db.createQueryRunner();
    const bigFrom = BIG_LEAGUE.members;
    await holder.connect();
    try {
      // A sweep running: a league's recompute waits for it.
      await holder.query(`SELECT pg_advisory_lock($1, 0)`, [SMALL_LEAGUES_SWEEP_LOCK]);
      const single = standings.recomputeLeague(leagueId);
      expect(await settlesWithin(single, 500)).toBe(false);
      await holder.query(`SELECT pg_advisory_unlock($1, 0)`, [SMALL_LEAGUES_SWEEP_LOCK]);
      expect((await single).members).toBe(2);

      // A league's recompute running: a sweep waits for it.
      await holder.query(`SELECT pg_advisory_lock_shared($1, 0), pg_advisory_lock($2, $3)`, [SMALL_LEAGUES_SWEEP_LOCK, STANDINGS_LOCK, leagueId]);
      const sweep = standings.recomputeSmallLeagues([leagueId, other]);
      expect(await settlesWithin(sweep, 500)).toBe(false);
      await holder.query(`SELECT pg_advisory_unlock_shared($1, 0), pg_advisory_unlock($2, $3)`, [SMALL_LEAGUES_SWEEP_LOCK, STANDINGS_LOCK, leagueId]);
      expect((await sweep).map((r) => r.members)).toEqual([2, 1]);

      // A big league's recompute (a minute at 1M) never waits for a sweep, nor would a sweep queue behind it.
      BIG_LEAGUE.members = 1;
      await holder.query(`SELECT pg_advisory_lock($1, 0)`, [SMALL_LEAGUES_SWEEP_LOCK]);
      expect(await settlesWithin(standings.recomputeLeague(leagueId), 5000)).toBe(true);
    } finally {
      BIG_LEAGUE.members = bigFrom;
      await holder.query(`SELECT pg_advisory_unlock_all()`).catch(() => undefined);
      await holder.release();
    }
  });

  it('pushes each changed league its own rows after the sweep, and nothing to a league that did not change', async () => {
    const fans = await insertVerifiedUsers(sys, 6, 'sweeppush', { onboarded: true });
    for (const [i, fan] of fans.entries()) await setPoints(fan.id, 10 * (i + 1));
    const [first, second, quiet] = [
      await newLeague('Sweep push one', [fans[0].id, fans[1].id]),
      await newLeague('Sweep push two', [fans[2].id, fans[3].id]),
      await newLeague('Sweep push quiet', [fans[4].id, fans[5].id]),
    ];
    await jobs.recomputeSmallLeagues([first, second, quiet]);
    const listeners = await Promise.all([fans[0], fans[2], fans[4]].map((fan) => connectLive(sys.baseUrl, fan.token)));
    sockets.push(...listeners);
    const [inFirst, inSecond, inQuiet] = listeners;

    const versionsOf = async (): Promise<Record<number, string>> =>
      Object.fromEntries(
        (
          await sys.db.query(`SELECT league_id, computed_at::text AS v FROM league_standings_summary WHERE league_id = ANY($1::int[])`, [[first, second, quiet]])
        ).map((r: { league_id: number; v: string }) => [r.league_id, r.v]),
      );
    const before = await versionsOf();

    // The trailing member of each of the first two leagues overtakes the leader.
    await setPoints(fans[0].id, 100);
    await setPoints(fans[2].id, 100);
    expect(await jobs.recomputeSmallLeagues([first, second, quiet])).toBe(3);
    // The quiet league was skipped: its summary, and so its version, are as they were.
    const after = await versionsOf();
    expect(after[quiet]).toBe(before[quiet]);
    expect(after[first]).not.toBe(before[first]);
    expect(after[second]).not.toBe(before[second]);

    const firstPush = await inFirst.waitFor('leaderboard.updated', (p) => p.leagueId === first);
    expect(firstPush.truncated).toBe(false);
    expect(firstPush.changed.map((r) => [r.userId, r.rank, r.previousRank, r.totalPoints])).toEqual([
      [fans[0].id, 1, 2, 100],
      [fans[1].id, 2, 1, 20],
    ]);
    const secondPush = await inSecond.waitFor('leaderboard.updated', (p) => p.leagueId === second);
    expect(secondPush.changed.map((r) => [r.userId, r.rank])).toEqual([
      [fans[2].id, 1],
      [fans[3].id, 2],
    ]);
    await sys.settle();
    expect(inQuiet.received.filter((r) => r.event === 'leaderboard.updated' && (r.payload as { leagueId: number }).leagueId === quiet)).toEqual([]);
    expect(inFirst.received.filter((r) => r.event === 'leaderboard.updated' && (r.payload as { leagueId: number }).leagueId !== first)).toEqual([]);
  });
});
