import { GlobalLeagueVerifiedOnly1765800000000 } from '@scoreline/backend/platform/database/migrations/1765800000000-global-league-verified-only';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { SeasonsService } from '@scoreline/backend/seasons/seasons.service';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { createVerifiedUser, newUserInput } from '../support/factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The global league holds verified fans only. A sign-up joins it when its email is verified; an
 * account left in it unverified from before (what migration 1765800000000 cleans) leaves it, and
 * the reconciler's next pass takes its row out of the league's table, histogram and summary.
 */
describe('the global league: verified fans only', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  // The global league of the competition played (another suite's active competition may have one too).
  const globalLeagueId = async (): Promise<number> =>
    (await sys.db.query(`SELECT id FROM leagues WHERE type = 'global' AND competition_code = $1`, [await sys.api.get(SeasonsService).activeCompetitionCode()]))[0].id;
  const isMember = async (leagueId: number, userId: number): Promise<boolean> =>
    (await sys.db.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId])).length > 0;
  const hasRow = async (leagueId: number, userId: number): Promise<boolean> =>
    (await sys.db.query(`SELECT 1 FROM league_standings WHERE league_id = $1 AND user_id = $2`, [leagueId, userId])).length > 0;

  it('takes in a fan whose address a password reset proved (a reset code counts as verification)', async () => {
    await createVerifiedUser(sys); // the global league exists from its first verified fan
    const input = newUserInput();
    await sys.http.post('/api/auth/register/').send({ ...input, password_confirm: input.password }).expect(201);
    const [{ id }]: { id: number }[] = await sys.db.query(`SELECT id FROM users WHERE email = $1`, [input.email]);
    const leagueId = await globalLeagueId();
    expect(await isMember(leagueId, id)).toBe(false);

    // The verification mail first: two mails queued at once may arrive in either order, and the reset must use the reset code.
    await sys.smtp.waitForCode(input.email, 1);
    await sys.http.post('/api/auth/forgot-password/').send({ email: input.email }).expect(200);
    const otp_code = await sys.smtp.waitForCode(input.email, 2);
    expect(sys.smtp.mailsTo(input.email)[1].subject).toContain('password reset code');
    const password = 'Another-Pass-2026!';
    await sys.http.post('/api/auth/reset-password/').send({ email: input.email, otp_code, new_password: password, new_password_confirm: password }).expect(200);
    expect(await isMember(leagueId, id)).toBe(true);
    await sys.http.post('/api/auth/login/').send({ email: input.email, password }).expect(200);
  });

  it('takes an unverified account left in it out, and the reconciler repairs the table after it', async () => {
    const verified = await createVerifiedUser(sys);
    const leagueId = await globalLeagueId();
    expect(await isMember(leagueId, verified.id)).toBe(true);

    // An unverified sign-up is in no league now; one from before this change was in the global league.
    const input = newUserInput();
    await sys.http.post('/api/auth/register/').send({ ...input, password_confirm: input.password }).expect(201);
    const [{ id: ghostId }]: { id: number }[] = await sys.db.query(`SELECT id FROM users WHERE email = $1`, [input.email]);
    expect(await isMember(leagueId, ghostId)).toBe(false);
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, ghostId]);
    await sys.workers.get(StandingsService, { strict: false }).recomputeLeague(leagueId);
    expect(await hasRow(leagueId, ghostId)).toBe(true);

    const runner = sys.db.createQueryRunner();
    try {
      await new GlobalLeagueVerifiedOnly1765800000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await isMember(leagueId, ghostId)).toBe(false);
    expect(await isMember(leagueId, verified.id)).toBe(true);

    await sys.workers.get(ReconcilerService, { strict: false }).runPass({ graceSeconds: 0, waitForLock: true });
    expect(await hasRow(leagueId, ghostId)).toBe(false);
    expect(await hasRow(leagueId, verified.id)).toBe(true);
    // The histogram counts the stored rows, and the summary the members.
    const [{ counted, stored }]: { counted: number; stored: number }[] = await sys.db.query(
      `SELECT (SELECT coalesce(sum(n), 0) FROM league_key_counts WHERE league_id = $1)::int AS counted,
              (SELECT count(*) FROM league_standings WHERE league_id = $1)::int AS stored`,
      [leagueId],
    );
    expect(counted).toBe(stored);
    const [{ members, summarised }]: { members: number; summarised: number }[] = await sys.db.query(
      `SELECT (SELECT count(*) FROM league_members WHERE league_id = $1)::int AS members,
              (SELECT member_count FROM league_standings_summary WHERE league_id = $1) AS summarised`,
      [leagueId],
    );
    expect(summarised).toBe(members);
  });
});
