import { Client } from 'pg';
import { RECONCILE_LOCK } from '@scoreline/backend/reconcile/reconcile.sql';
import { RankHistoryService } from '@scoreline/backend/standings/rank-history.service';
import { ensureCompetition } from '../support/competitions';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The rank history backfill (the reconciler's and the demo's) walks every active season and writes
 * a completed gameweek's history for the leagues of its competition only: a league of another
 * competition, whose own season is completed just the same but not active, gets none.
 */
describe('the rank history backfill, per competition', () => {
  let sys: TestSystem;
  let fans: FastUser[];
  const seasons = new Map<string, { seasonId: number; gameweekId: number }>();
  const leagues = new Map<string, number>();

  beforeAll(async () => {
    sys = await startTestSystem();
    fans = await insertVerifiedUsers(sys, 3, 'backfill', { onboarded: true });
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    for (const code of ['backfill.league', 'backfill.cup']) {
      await ensureCompetition(sys.db, code);
      const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2114/15', $2, false) RETURNING id`,
        [`${code} 2114/15`, code],
      );
      // One gameweek, completed a day ago (outside any grace).
      const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() - interval '2 days', now() - interval '2 days') RETURNING id`,
        [seasonId],
      );
      await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score, updated_at)
         VALUES ($1, $2, $3, $4, now() - interval '2 days', 'finished', 1, 0, now() - interval '1 day')`,
        [seasonId, gameweekId, home.id, away.id],
      );
      seasons.set(code, { seasonId, gameweekId });
      const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', 'public', $2, $3) RETURNING id`,
        [`Backfilled ${code}`, fans[0].id, code],
      );
      await sys.db.query(`INSERT INTO league_members (league_id, user_id) SELECT $1, u FROM unnest($2::int[]) AS u`, [leagueId, fans.map((f) => f.id)]);
      leagues.set(code, leagueId);
    }
  });

  afterAll(async () => {
    await sys?.close();
  });

  const snapshots = async (leagueId: number): Promise<number[]> =>
    ((await sys.db.query(`SELECT gameweek_id FROM league_rank_snapshots WHERE league_id = $1 ORDER BY gameweek_id`, [leagueId])) as { gameweek_id: number }[]).map(
      (r) => r.gameweek_id,
    );

  it("writes the active season's completed gameweek for the leagues of its competition only", async () => {
    const league = seasons.get('backfill.league')!;
    // The test system's workers run a reconciler pass at start (it may still be going), and a pass
    // backfills too: holding the pass lock keeps one from writing this history first.
    const passLock = new Client({ connectionString: process.env.DATABASE_URL });
    await passLock.connect();
    await passLock.query(`SELECT pg_advisory_lock($1, $2)`, [...RECONCILE_LOCK]);
    const before: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE is_active`);
    try {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [league.seasonId]);
      const writes = await sys.workers.get(RankHistoryService, { strict: false }).backfillMissing(0);
      expect(writes).toEqual([{ gameweekId: league.gameweekId, leagues: 1, written: fans.length }]);
    } finally {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [league.seasonId]);
      for (const { id } of before) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [id]);
      await passLock.end();
    }
    expect(await snapshots(leagues.get('backfill.league')!)).toEqual([league.gameweekId]);
    expect(await snapshots(leagues.get('backfill.cup')!)).toEqual([]);
  });
});
