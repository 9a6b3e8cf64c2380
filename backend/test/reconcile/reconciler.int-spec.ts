import Redis from 'ioredis';
import { Client } from 'pg';
import { tableRanks } from '@scoreline/contracts/game/table-ranking';
import { reconcilerRepairs, reconcilerRuns } from '@scoreline/backend/platform/metrics/metrics';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { RECONCILE_LOCK } from '@scoreline/backend/reconcile/reconcile.sql';
import { storedRank } from '@scoreline/backend/standings/table-ranking.shared-sql';
import type { ReconcileRepairs } from '@scoreline/backend/reconcile/reconcile-report';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { ScoringService } from '@scoreline/backend/scoring/scoring.service';
import { scorePrediction, type PredictionOutcome } from '@scoreline/contracts/game/scoring';
import { createWorkersApp } from '@scoreline/workers/main';
import { ensureCompetition } from '../support/competitions';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, seededRandom, type FastUser } from '../support/game-factories';
import { AppProcess, startAppProcess } from '../support/processes';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { clubsOf, queue } from '../leagues/league-test-helpers';
import { freePort } from '../support/owned-processes';

/**
 * The reconciler on the real system: a season slice with players in global, country, club and
 * public leagues, some matches finished, one live, one postponed. Rows of every kind are then
 * corrupted directly in SQL (or a result is changed behind the scorer's back, as when its job is
 * lost), and one pass must leave every row as the rules say — checked against a recomputation
 * done here from the fixtures alone — and count exactly what it repaired.
 */

// Suites share one database: a label no other suite imports.
const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2096/97');
const PLAYERS = 10;

type Kind = keyof ReconcileRepairs;


async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function metricValues(): Promise<{ repairs: Record<Kind, number>; ok: number; error: number }> {
  const repairs = { predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 };
  for (const v of (await reconcilerRepairs.get()).values) repairs[v.labels.kind as Kind] = v.value;
  const runs = (await reconcilerRuns.get()).values;
  const run = (outcome: string) => runs.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { repairs, ok: run('ok'), error: run('error') };
}

describe('the reconciler', () => {
  let sys: TestSystem;
  let reconciler: ReconcilerService;
  let admin: FastUser;
  let players: { id: number; auth: { Authorization: string } }[];
  let seasonId: number;
  let publicLeagueId: number;
  let gameweek2: { id: number; fixtureIds: number[] };
  const rnd = seededRandom(20961);

  /** A pass as an operator runs it: no grace for fresh changes, waiting for any other pass. */
  const pass = () => reconciler.runPass({ graceSeconds: 0, waitForLock: true });

  async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await opsMain(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  async function myLeagueIds(): Promise<number[]> {
    const rows: { league_id: number }[] = await sys.db.query(`SELECT DISTINCT league_id FROM league_members WHERE user_id = ANY($1) ORDER BY 1`, [players.map((p) => p.id)]);
    return rows.map((r) => r.league_id);
  }

  /**
   * Every prediction of the season, both totals tables and the standings of every league our
   * players are in, against what the rules say, recomputed here from the fixtures and the picks.
   */
  async function expectEverythingAsTheRulesSay(): Promise<void> {
    const predictions: {
      user_id: number; gameweek_id: number; home_score: number; away_score: number; is_banker: boolean;
      points: number | null; outcome: PredictionOutcome | null; is_final: boolean; status: string; fh: number | null; fa: number | null;
    }[] = await sys.db.query(
      `SELECT p.user_id, p.gameweek_id, p.home_score, p.away_score, p.is_banker, p.points, p.outcome, p.is_final, f.status, f.home_score AS fh, f.away_score AS fa
       FROM predictions p JOIN fixtures f ON f.id = p.fixture_id WHERE p.season_id = $1`,
      [seasonId],
    );
    expect(predictions.length).toBeGreaterThan(0);
    type T = { points: number; predictions: number; scored: number; correct: number; exact: number; live_scored: number };
    const zero = (): T => ({ points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, live_scored: 0 });
    const perGameweek = new Map<string, T>();
    const perSeason = new Map<number, T>();
    for (const p of predictions) {
      let expected: { points: number | null; outcome: PredictionOutcome | null; is_final: boolean };
      if (p.status === 'scheduled') expected = { points: null, outcome: null, is_final: false };
      else if (p.status === 'postponed') expected = { points: 0, outcome: 'void', is_final: true };
      else {
        const r = scorePrediction({ predictedHome: p.home_score, predictedAway: p.away_score, actualHome: p.fh, actualAway: p.fa, isBanker: p.is_banker });
        expected = { ...r, is_final: p.status === 'finished' };
      }
      expect({ points: p.points, outcome: p.outcome, is_final: p.is_final }).toEqual(expected);
      for (const t of [
        perGameweek.get(`${p.user_id}:${p.gameweek_id}`) ?? perGameweek.set(`${p.user_id}:${p.gameweek_id}`, zero()).get(`${p.user_id}:${p.gameweek_id}`)!,
        perSeason.get(p.user_id) ?? perSeason.set(p.user_id, zero()).get(p.user_id)!,
      ]) {
        const scored = expected.outcome !== null && expected.outcome !== 'void';
        t.points += expected.points ?? 0;
        t.predictions += 1;
        t.scored += scored ? 1 : 0;
        t.correct += expected.outcome === 'exact' || expected.outcome === 'correct' ? 1 : 0;
        t.exact += expected.outcome === 'exact' ? 1 : 0;
        t.live_scored += scored && !expected.is_final ? 1 : 0;
      }
    }
    const gwRows: ({ key: string } & T)[] = await sys.db.query(
      `SELECT user_id || ':' || gameweek_id AS key, points, predictions, scored, correct, exact, live_scored FROM user_gameweek_totals WHERE season_id = $1`,
      [seasonId],
    );
    expect(new Map(gwRows.map(({ key, ...t }) => [key, t]))).toEqual(perGameweek);
    const seasonRows: ({ user_id: number } & T)[] = await sys.db.query(
      `SELECT user_id, points, predictions, scored, correct, exact, live_scored FROM user_season_totals WHERE season_id = $1`,
      [seasonId],
    );
    expect(new Map(seasonRows.map(({ user_id, ...t }) => [user_id, t]))).toEqual(perSeason);

    // Standings: season totals ranked by the table rule (points, exact, correct; full ties share); recent points of the latest
    // gameweek with a live or finished match.
    const [{ recent }]: { recent: number }[] = await sys.db.query(
      `SELECT max(gameweek_id) AS recent FROM fixtures WHERE season_id = $1 AND status IN ('live', 'finished')`,
      [seasonId],
    );
    for (const leagueId of await myLeagueIds()) {
      const members: { user_id: number }[] = await sys.db.query(`SELECT user_id FROM league_members WHERE league_id = $1 ORDER BY user_id`, [leagueId]);
      const totals = members.map((m) => perSeason.get(m.user_id)?.points ?? 0);
      const ranks = tableRanks(members.map((m) => perSeason.get(m.user_id) ?? { points: 0, exact: 0, correct: 0 }));
      const expected = members.map((m, i) => {
        const gw = perGameweek.get(`${m.user_id}:${recent}`);
        return {
          user_id: m.user_id,
          rank: ranks[i],
          total_points: totals[i],
          recent_points: gw?.points ?? 0,
          provisional: (perSeason.get(m.user_id)?.live_scored ?? 0) > 0 || (gw?.live_scored ?? 0) > 0,
        };
      });
      const stored = await sys.db.query(
        // Ranks are derived from the league's histogram of keys: right ranks need a right histogram.
        `SELECT user_id, ${storedRank('s')} AS rank, total_points, recent_points, provisional FROM league_standings s WHERE league_id = $1 ORDER BY user_id`,
        [leagueId],
      );
      expect({ leagueId, rows: stored }).toEqual({ leagueId, rows: expected });
      const [summary]: { member_count: number; leading_score: number; top: { user_id: number; rank: number; total_points: number }[] }[] = await sys.db.query(
        `SELECT member_count, leading_score, top FROM league_standings_summary WHERE league_id = $1`,
        [leagueId],
      );
      const top = [...expected].sort((a, b) => a.rank - b.rank || a.user_id - b.user_id).slice(0, 100);
      expect({ leagueId, member_count: summary.member_count, leading_score: summary.leading_score, top: summary.top.map((r) => [r.user_id, r.rank, r.total_points]) }).toEqual({
        leagueId,
        member_count: members.length,
        leading_score: Math.max(0, ...totals),
        top: top.map((r) => [r.user_id, r.rank, r.total_points]),
      });
    }
  }

  async function fixtureWithStatus(status: string): Promise<number> {
    const [row]: { id: number }[] = await sys.db.query(`SELECT id FROM fixtures WHERE gameweek_id = $1 AND status = $2 ORDER BY id LIMIT 1`, [gameweek2.id, status]);
    return row.id;
  }

  async function seasonTotal(userId: number): Promise<{ points: number; correct: number }> {
    const [row] = await sys.db.query(`SELECT points, correct FROM user_season_totals WHERE user_id = $1 AND season_id = $2`, [userId, seasonId]);
    return row;
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    reconciler = sys.workers.get(ReconcilerService);
    [admin] = await insertVerifiedUsers(sys, 1, 'rcadmin');
    await grantAdminRole(sys, admin.id);
    const real = await createVerifiedUser(sys);
    const fast = await insertVerifiedUsers(sys, PLAYERS - 1, 'rcfan', { onboarded: true });
    players = [{ id: real.id, auth: bearer(real.token) }, ...fast.map((f) => ({ id: f.id, auth: f.auth }))];

    const imported = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season: slice, shift_to_now: true }).expect(201);
    seasonId = imported.body.data.season.id;
    await sys.settle(60000);

    const england = await clubsOf(sys, 'GB-ENG');
    for (const [i, p] of players.entries()) {
      // Onboarding joins the global, country and club leagues.
      await sys.http.post('/api/onboarding/complete/').set(p.auth).send({ country_id: england.countryId, club_id: england.clubIds[i % 2] }).expect(200);
    }
    const league = await sys.http.post('/api/leagues/').set(players[0].auth).send({ name: 'Reconciled', type: 'public' }).expect(201);
    publicLeagueId = league.body.data.id;
    for (const p of players.slice(1, 7)) {
      await sys.http.post('/api/leagues/join/').set(p.auth).send({ type: 'public', league_id: publicLeagueId }).expect(200);
    }

    // Everyone predicts the open gameweek (2) through the API.
    const current = await sys.http.get('/api/fixtures/current/').set(players[0].auth).expect(200);
    const fixtureIds: number[] = current.body.data.fixtures.map((f: { id: number }) => f.id);
    gameweek2 = { id: current.body.data.gameweek.id, fixtureIds };
    for (const p of players) {
      const banker = Math.floor(rnd() * fixtureIds.length);
      const predictions = fixtureIds.map((fixture, k) => ({ fixture, home_score: Math.floor(rnd() * 3), away_score: Math.floor(rnd() * 3), is_banker: k === banker }));
      await sys.http.post('/api/predictions/').set(p.auth).send({ predictions }).expect(200);
    }
    // Four matches finished, one live, one postponed; the rest not started.
    const result = (id: number, body: object) => sys.http.put(`/api/admin/fixtures/${id}/result`).set(admin.auth).send(body).expect(200);
    for (const [k, id] of fixtureIds.slice(0, 4).entries()) await result(id, { home_score: k % 3, away_score: 1, status: 'finished' });
    await result(fixtureIds[4], { home_score: 2, away_score: 2, status: 'live', minute: 55 });
    await sys.http.post(`/api/admin/fixtures/${fixtureIds[5]}/postpone`).set(admin.auth).expect(200);
    await sys.settle(60000);

    // Whatever earlier suites on this database left behind (their season is no longer the active one).
    await pass();
    await sys.settle(60000);
  }, 180000);

  afterAll(async () => {
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('finds nothing to repair on a system the normal path kept consistent', async () => {
    await expectEverythingAsTheRulesSay();
    const report = await pass();
    expect(report).toMatchObject({ ran: true, repairs: { predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 } });
  });

  it('repairs each kind of corrupted row and counts exactly the rows it repaired; a second pass repairs nothing', async () => {
    const [p1, p2, p3, p4, p5, p6, p7] = players;
    const leagues: { league_id: number; type: string }[] = await sys.db.query(
      `SELECT m.league_id, l.type FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE m.user_id = $1`,
      [p1.id],
    );
    const leagueOfType = (type: string) => leagues.find((l) => l.type === type)!.league_id;
    const finished = await fixtureWithStatus('finished');
    // The standings worker waits, so the only recomputes are the pass's own (counts stay exact).
    const standingsQueue = queue(sys, 'standings');
    await standingsQueue.pause();
    try {
      await sys.db.transaction(async (tx) => {
        // a. A prediction with wrong points. Its totals carry the same wrong points, as the scorer
        //    writes them together (otherwise b would count the user's totals too, after a's rescore
        //    moved them by new − old).
        await tx.query(`UPDATE predictions SET points = points + 7 WHERE user_id = $1 AND fixture_id = $2`, [p1.id, finished]);
        await tx.query(`UPDATE user_gameweek_totals SET points = points + 7 WHERE user_id = $1 AND gameweek_id = $2`, [p1.id, gameweek2.id]);
        await tx.query(`UPDATE user_season_totals SET points = points + 7 WHERE user_id = $1 AND season_id = $2`, [p1.id, seasonId]);
        // b. A gameweek total off, a gameweek total missing, a season total off.
        await tx.query(`UPDATE user_gameweek_totals SET points = points + 5 WHERE user_id = $1 AND gameweek_id = $2`, [p2.id, gameweek2.id]);
        await tx.query(`DELETE FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`, [p4.id, gameweek2.id]);
        await tx.query(`UPDATE user_season_totals SET correct = correct + 1 WHERE user_id = $1 AND season_id = $2`, [p3.id, seasonId]);
        // c. Standings: wrong points, a wrong tie-breaker, a missing row, a non-member's row, a stale summary (none of
        //    them moving the histogram, which then disagrees too).
        await tx.query(`UPDATE league_standings SET total_points = total_points + 3 WHERE league_id = $1 AND user_id = $2`, [leagueOfType('global'), p5.id]);
        await tx.query(`UPDATE league_standings SET exact = exact + 1 WHERE league_id = $1 AND user_id = $2`, [leagueOfType('global'), p6.id]);
        await tx.query(`DELETE FROM league_standings WHERE league_id = $1 AND user_id = $2`, [publicLeagueId, p7.id]);
        await tx.query(`INSERT INTO league_standings (league_id, user_id, total_points) VALUES ($1, $2, 500)`, [leagueOfType('club'), admin.id]);
        await tx.query(`UPDATE league_standings_summary SET leading_score = leading_score + 1 WHERE league_id = $1`, [leagueOfType('country')]);
      });

      const before = await metricValues();
      const report = await pass();
      const after = await metricValues();
      expect(report.repairs).toEqual({ predictions: 1, gameweek_totals: 2, season_totals: 1, standings: 5 });
      expect(report.fixtureIds).toEqual([finished]);
      expect(report.leagueIds).toEqual([leagueOfType('global'), leagueOfType('country'), leagueOfType('club'), publicLeagueId].sort((a, b) => a - b));
      expect({
        predictions: after.repairs.predictions - before.repairs.predictions,
        gameweek_totals: after.repairs.gameweek_totals - before.repairs.gameweek_totals,
        season_totals: after.repairs.season_totals - before.repairs.season_totals,
        standings: after.repairs.standings - before.repairs.standings,
      }).toEqual(report.repairs);
      expect(after.ok - before.ok).toBe(1);
      expect(after.error - before.error).toBe(0);
      await expectEverythingAsTheRulesSay();
    } finally {
      await standingsQueue.resume();
    }
    // The rescore raised scores.updated: the normal path follows and finds the tables right.
    await sys.settle(60000);
    await expectEverythingAsTheRulesSay();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it("repairs a table with a missing row and a stranger's row at once (the row count still matches)", async () => {
    await sys.db.query(`DELETE FROM league_standings WHERE league_id = $1 AND user_id = $2`, [publicLeagueId, players[3].id]);
    await sys.db.query(`INSERT INTO league_standings (league_id, user_id, total_points) VALUES ($1, $2, 500)`, [publicLeagueId, admin.id]);
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 2 });
    await expectEverythingAsTheRulesSay();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it('repairs a histogram of keys that no longer counts the stored rows (every row right, every rank off)', async () => {
    const [{ id: global }]: { id: number }[] = await sys.db.query(
      `SELECT l.id FROM leagues l JOIN league_members m ON m.league_id = l.id WHERE l.type = 'global' AND m.user_id = $1`,
      [players[0].id],
    );
    // One bucket too many above everyone and the bucket of a member one short: ranks derived from it are all wrong.
    await sys.db.query(`INSERT INTO league_key_counts (league_id, points, exact, correct, n) VALUES ($1, 100000, 0, 0, 1)`, [global]);
    await sys.db.query(
      `UPDATE league_key_counts k SET n = n - 1 FROM league_standings s
       WHERE s.league_id = $1 AND s.user_id = $2 AND k.league_id = $1 AND (k.points, k.exact, k.correct) = (s.total_points, s.exact, s.correct)`,
      [global, players[0].id],
    );
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 1 });
    await expectEverythingAsTheRulesSay();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it('rescores a result whose job was lost, through the normal path, and the standings follow', async () => {
    const fixtureId = await fixtureWithStatus('scheduled');
    const [{ count }]: { count: number }[] = await sys.db.query(`SELECT count(*)::int AS count FROM predictions WHERE fixture_id = $1`, [fixtureId]);
    // The admin's result was committed, but its result.recorded job never ran (Redis lost it).
    await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = 1, away_score = 0, updated_at = now() WHERE id = $1`, [fixtureId]);
    const report = await pass();
    expect(report.fixtureIds).toEqual([fixtureId]);
    expect(report.repairs.predictions).toBe(count);
    expect(report.repairs.gameweek_totals + report.repairs.season_totals).toBe(0);
    await sys.settle(60000);
    await expectEverythingAsTheRulesSay();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it('leaves a just-changed result to the normal path during the grace', async () => {
    const fixtureId = await fixtureWithStatus('scheduled');
    await sys.db.query(`UPDATE fixtures SET status = 'live', home_score = 0, away_score = 0, minute = 5, updated_at = now() WHERE id = $1`, [fixtureId]);
    const graced = await reconciler.runPass({ graceSeconds: 3600, waitForLock: true });
    expect(graced.repairs.predictions).toBe(0);
    const report = await pass();
    expect(report.fixtureIds).toEqual([fixtureId]);
    await sys.settle(60000);
    await expectEverythingAsTheRulesSay();
  });

  it("leaves a standings row whose member's totals just moved to the normal path, and still checks the league's other rows", async () => {
    const [fresh, settled] = [players[1], players[2]];
    await sys.db.query(`UPDATE user_season_totals SET updated_at = now() WHERE user_id = $1`, [fresh.id]);
    for (const table of ['user_season_totals', 'user_gameweek_totals']) {
      await sys.db.query(`UPDATE ${table} SET updated_at = now() - interval '1 hour' WHERE user_id = $1`, [settled.id]);
    }
    await sys.db.query(`UPDATE league_members SET joined_at = now() - interval '1 hour' WHERE user_id = $1`, [settled.id]);
    await sys.db.query(`UPDATE league_standings SET recent_points = recent_points + 1 WHERE league_id = $1 AND user_id = ANY($2)`, [publicLeagueId, [fresh.id, settled.id]]);
    const graced = await reconciler.runPass({ graceSeconds: 600, waitForLock: true });
    expect(graced.repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 1 });
    const [{ recent_points: freshRecent }] = await sys.db.query(`SELECT recent_points FROM league_standings WHERE league_id = $1 AND user_id = $2`, [publicLeagueId, fresh.id]);
    const [{ points: freshPoints }] = await sys.db.query(`SELECT points FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`, [fresh.id, gameweek2.id]);
    // The league's recompute (for the settled member's row) set the fresh member's row right as well.
    expect(freshRecent).toBe(freshPoints);
    await expectEverythingAsTheRulesSay();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it('runs concurrently with normal scoring of the same fixture: no deadlock, every row right, each prediction rescored once', async () => {
    const scoring = sys.workers.get(ScoringService);
    const scheduled: { id: number }[] = await sys.db.query(`SELECT id FROM fixtures WHERE gameweek_id = $1 AND status = 'scheduled' ORDER BY id LIMIT 2`, [gameweek2.id]);
    const live = await fixtureWithStatus('live');
    for (const [round, fixtureId] of [...scheduled.map((s) => s.id), live].entries()) {
      const [{ count }]: { count: number }[] = await sys.db.query(`SELECT count(*)::int AS count FROM predictions WHERE fixture_id = $1`, [fixtureId]);
      await sys.db.query(`UPDATE fixtures SET status = 'finished', home_score = $2, away_score = 1, minute = NULL, updated_at = now() WHERE id = $1`, [fixtureId, round]);
      // Totals drift too, so the pass takes the season's scoring lock while the scorer wants it.
      await sys.db.query(`UPDATE user_gameweek_totals SET exact = exact + 1 WHERE user_id = $1 AND gameweek_id = $2`, [players[round].id, gameweek2.id]);
      const [report, scored] = await Promise.all([pass(), scoring.scoreFixture(fixtureId)]);
      expect(report.repairs.predictions + scored.changed).toBe(count);
      expect(report.repairs.gameweek_totals).toBe(1);
      await sys.settle(60000);
      await expectEverythingAsTheRulesSay();
    }
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
  });

  it('runs one pass at a time across replicas: a second one skips, or waits when asked', async () => {
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock($1, $2)`, [...RECONCILE_LOCK]);
      expect(await reconciler.runPass()).toMatchObject({ ran: false });
      let done = false;
      const waiting = pass().then((r) => {
        done = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(done).toBe(false);
      await holder.query(`SELECT pg_advisory_unlock($1, $2)`, [...RECONCILE_LOCK]);
      expect(await waiting).toMatchObject({ ran: true });
    } finally {
      await holder.end();
    }
  });

  it('ops reconcile runs one pass and prints what it repaired', async () => {
    await sys.db.query(`UPDATE league_standings SET recent_points = recent_points + 2 WHERE league_id = $1 AND user_id = $2`, [publicLeagueId, players[1].id]);
    const first = await ops('reconcile');
    expect(first).toMatchObject({ code: 0, err: [] });
    expect(first.out).toHaveLength(1);
    expect(first.out[0]).toMatch(new RegExp(`^Reconciler repaired 1 row: standings 1 \\(leagues ${publicLeagueId}\\) in \\d+ ms$`));
    expect((await ops('reconcile')).out).toEqual([expect.stringMatching(/^Reconciler nothing to repair \(\d+ ms\)$/)]);
    expect(await ops('reconcile', 'everything')).toMatchObject({ code: 2, err: ['ops: reconcile: unexpected argument "everything"'] });
    await expectEverythingAsTheRulesSay();
  });

  it('runs when a worker starts and after its Redis connection comes back', async () => {
    const original = await seasonTotal(players[2].id);
    // At start: a second worker replica boots and repairs a season total.
    await sys.db.query(`UPDATE user_season_totals SET points = points + 11 WHERE user_id = $1 AND season_id = $2`, [players[2].id, seasonId]);
    const replica = await createWorkersApp();
    try {
      await replica.init();
      await until('the starting worker to repair the season total', async () => (await seasonTotal(players[2].id)).points === original.points);
    } finally {
      await replica.close();
    }

    // After a Redis reconnect: nothing else runs a pass here (no interval in tests), so the
    // corruption stays until the worker's connection is killed and comes back.
    await sys.db.query(`UPDATE user_season_totals SET correct = correct + 2 WHERE user_id = $1 AND season_id = $2`, [players[2].id, seasonId]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await seasonTotal(players[2].id)).toEqual({ points: original.points, correct: original.correct + 2 });
    const workerRedis = sys.workers.get<Redis>(REDIS);
    const clientId = await workerRedis.client('ID');
    const killer = new Redis(process.env.REDIS_URL!);
    try {
      await killer.client('KILL', 'ID', String(clientId));
    } finally {
      killer.disconnect();
    }
    await until('the reconnected worker to repair the season total', async () => (await seasonTotal(players[2].id)).correct === original.correct);
    await sys.settle(60000);
    await expectEverythingAsTheRulesSay();
  });

  it('runs every RECONCILE_INTERVAL_SECONDS in a worker process, and logs each repair with its counts', async () => {
    const original = await seasonTotal(players[3].id);
    const port = await freePort();
    const worker: AppProcess = startAppProcess('workers', { RECONCILE_INTERVAL_SECONDS: '1', HEALTH_PORT: String(port), LOG_LEVEL: 'warn' });
    try {
      await until('the worker process to be healthy', async () => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false), 60000);
      // Twice: the second repair can only come from the timer (the start pass is long over).
      for (const extra of [4, 6]) {
        await sys.db.query(`UPDATE user_season_totals SET points = points + $3 WHERE user_id = $1 AND season_id = $2`, [players[3].id, seasonId, extra]);
        await until('the scheduled pass to repair the season total', async () => (await seasonTotal(players[3].id)).points === original.points, 20000);
      }
      await until('the repair log lines', async () => worker.output.join('').split('Reconciler repaired 1 row: season_totals 1').length - 1 >= 2, 5000);
    } finally {
      await worker.stop();
    }
  });

  it("checks each active season's leagues against that season only, and leaves a league of a competition not being played alone", async () => {
    await ensureCompetition(sys.db, 'reconcile.cup');
    const [{ id: cupSeasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Reconcile Cup 2096', '2096', 'reconcile.cup', false) RETURNING id`,
    );
    const cupFans = await insertVerifiedUsers(sys, 2, 'rccup', { onboarded: true });
    const [{ id: cupLeagueId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Reconciled Cup', '', 'public', $1, 'reconcile.cup') RETURNING id`,
      [cupFans[0].id],
    );
    await sys.db.query(`INSERT INTO league_members (league_id, user_id) SELECT $1, u FROM unnest($2::int[]) AS u`, [cupLeagueId, cupFans.map((f) => f.id)]);
    const tableOf = (leagueId: number) =>
      sys.db.query(`SELECT user_id, total_points FROM league_standings WHERE league_id = $1 ORDER BY user_id`, [leagueId]) as Promise<{ user_id: number; total_points: number }[]>;
    const summarySeason = async (leagueId: number) =>
      ((await sys.db.query(`SELECT season_id FROM league_standings_summary WHERE league_id = $1`, [leagueId])) as { season_id: number }[])[0]?.season_id ?? null;
    const corrupt = () => sys.db.query(`UPDATE league_standings SET total_points = total_points + 7 WHERE league_id = $1 AND user_id = $2`, [publicLeagueId, players[1].id]);
    const activate = async (id: number) => {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [id]);
    };

    // The league's season is the active one: its drifting table is repaired, the cup's league is not its business.
    await corrupt();
    const leagueSeason = await pass();
    expect(leagueSeason.leagueIds).toContain(publicLeagueId);
    expect(leagueSeason.leagueIds).not.toContain(cupLeagueId);
    expect(await tableOf(cupLeagueId)).toEqual([]);

    // The cup's season active: only its leagues are checked (the league's drift waits for its season).
    await corrupt();
    try {
      await activate(cupSeasonId);
      expect((await pass()).leagueIds).toEqual([cupLeagueId]);
    } finally {
      await activate(seasonId);
    }
    expect(await tableOf(cupLeagueId)).toEqual(cupFans.map((f) => ({ user_id: f.id, total_points: 0 })));
    expect(await summarySeason(cupLeagueId)).toBe(cupSeasonId);

    const again = await pass();
    expect(again.leagueIds).toEqual([publicLeagueId]);
    expect(await summarySeason(cupLeagueId)).toBe(cupSeasonId);
    await expectEverythingAsTheRulesSay();
  });
});
