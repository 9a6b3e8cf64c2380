import type { PredictionInput } from '@scoreline/contracts/api/predictions';
import type { Side } from '@scoreline/contracts/game/knockout';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { knockoutAdvancedSql } from '@scoreline/backend/scoring/knockout.shared-sql';
import { ScoringService } from '@scoreline/backend/scoring/scoring.service';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { ensureCompetition } from '../support/competitions';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { advancedSides, countMismatches, describeMismatches, NO_MISMATCHES, type KnockoutFixtureRow } from '../faults/support/expected';

/**
 * Knockout predictions and scoring end to end on the real system, with an active season built in
 * SQL (a tournament cannot be the active season through the import yet): a league round, the two
 * legs of a tie, and a round of single knockout matches (one still "W1 v W2"). Fans predict
 * through the API with "who goes through" picks; results (extra time, penalties) are recorded
 * through the admin API and the ops CLI and scored by the worker. Every prediction and total is
 * checked against the contracts' rules (the fault suite's independent checker), the scorer's SQL
 * form of who went through against matchWinner/tieWinner, and a reconciler pass finds nothing.
 */

const DAY = 24 * 3600 * 1000;

interface KnockoutSeason {
  seasonId: number;
  gameweeks: number[];
  clubs: number[];
  /** league round: G; tie: L1 (C1 v C2), L2 (C2 v C1); single matches: F (C3 v C4), P (C5 v C6), X (W1 v W2). */
  fixtures: { G: number; L1: number; L2: number; F: number; P: number; X: number };
}

/** An active season of four rounds, written in SQL; the season that was active is returned to restore. */
async function insertKnockoutSeason(sys: TestSystem): Promise<KnockoutSeason & { previouslyActive: number[] }> {
  const tag = Date.now().toString(36);
  const previous: { id: number }[] = await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`);
  const code = await ensureCompetition(sys.db, `ko${tag}`.slice(0, 16), 'Knockout Cup');
  const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
    `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2098', $2, true) RETURNING id`,
    [`Knockout Cup ${tag}`, code],
  );
  const clubs: number[] = (
    await sys.db.query(
      `INSERT INTO clubs (name, short_name) SELECT 'KO Club ' || $1 || ' ' || i, 'KO' || i FROM generate_series(1, 6) AS i ORDER BY i RETURNING id`,
      [tag],
    )
  ).map((r: { id: number }) => r.id);
  const now = Date.now();
  const rounds: { number: number; name: string | null; kind: string; twoLegged: boolean; at: number }[] = [
    { number: 1, name: null, kind: 'league', twoLegged: false, at: now + 2 * DAY },
    { number: 2, name: 'Quarter-finals', kind: 'knockout', twoLegged: true, at: now + 3 * DAY },
    { number: 3, name: 'Quarter-finals', kind: 'knockout', twoLegged: true, at: now + 4 * DAY },
    { number: 4, name: 'Final', kind: 'knockout', twoLegged: false, at: now + 5 * DAY },
  ];
  const gameweeks: number[] = [];
  for (const r of rounds) {
    const [{ id }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, name, kind, two_legged, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [seasonId, r.number, r.name, r.kind, r.twoLegged, new Date(r.at)],
    );
    gameweeks.push(id);
  }
  const [c1, c2, c3, c4, c5, c6] = clubs;
  const fixture = async (gw: number, home: number | string, away: number | string, extra: { tie?: [string, 1 | 2]; minutes?: number } = {}) => {
    const [{ id }]: { id: number }[] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, home_placeholder, away_placeholder, kickoff_at, tie_key, tie_leg)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        seasonId, gameweeks[gw - 1], `${gw}-${home}-${away}`,
        typeof home === 'number' ? home : null, typeof away === 'number' ? away : null,
        typeof home === 'string' ? home : null, typeof away === 'string' ? away : null,
        new Date(rounds[gw - 1].at + (extra.minutes ?? 0) * 60_000), extra.tie?.[0] ?? null, extra.tie?.[1] ?? null,
      ],
    );
    return id;
  };
  const fixtures = {
    G: await fixture(1, c5, c6),
    L1: await fixture(2, c1, c2, { tie: ['qf1', 1] }),
    L2: await fixture(3, c2, c1, { tie: ['qf1', 2] }),
    F: await fixture(4, c3, c4),
    P: await fixture(4, c5, c6, { minutes: 30 }),
    X: await fixture(4, 'W1', 'W2', { minutes: 60 }),
  };
  return { seasonId, gameweeks, clubs, fixtures, previouslyActive: previous.map((r) => r.id) };
}

type Pick = { home: number; away: number; banker: boolean; advance: Side | null };

describe('knockout predictions and scoring', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fans: { id: number; auth: { Authorization: string } }[];
  let season: Awaited<ReturnType<typeof insertKnockoutSeason>>;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'koadmin');
    await grantAdminRole(sys, admin.id);
    const signedUp = await createVerifiedUser(sys);
    const fast = await insertVerifiedUsers(sys, 3, 'kofan', { onboarded: true });
    fans = [{ id: signedUp.id, auth: bearer(signedUp.token) }, ...fast.map((f) => ({ id: f.id, auth: f.auth }))];
    season = await insertKnockoutSeason(sys);
  }, 90_000);

  afterAll(async () => {
    if (season) {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [season.seasonId]);
      if (season.previouslyActive.length > 0) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = ANY($1)`, [season.previouslyActive]);
    }
    await sys?.close();
  });

  const save = (fan: number, predictions: PredictionInput[]) => sys.http.post('/api/predictions/').set(fans[fan].auth).send({ predictions });
  const result = (fixtureId: number, body: Record<string, unknown>) =>
    sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(admin.auth).send(body);
  const finish = async (fixtureId: number, body: Record<string, unknown>) => {
    const res = await result(fixtureId, { status: 'finished', ...body });
    expect({ status: res.status, body: res.body.errors }).toEqual({ status: 200, body: undefined });
    await sys.settle();
    return res.body.data;
  };
  async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await opsMain(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  async function pointsOf(fixtureId: number): Promise<Map<number, { points: number | null; outcome: string | null; is_final: boolean; advance: Side | null }>> {
    const rows: { user_id: number; points: number | null; outcome: string | null; is_final: boolean; advance: Side | null }[] = await sys.db.query(
      `SELECT user_id, points, outcome, is_final, advance FROM predictions WHERE fixture_id = $1`,
      [fixtureId],
    );
    return new Map(rows.map(({ user_id, ...r }) => [user_id, r]));
  }

  async function seasonTotal(userId: number): Promise<number> {
    const [row]: { points: number }[] = await sys.db.query(`SELECT points FROM user_season_totals WHERE user_id = $1 AND season_id = $2`, [userId, season.seasonId]);
    return row.points;
  }

  /**
   * The scorer's SQL form of who went through (knockout.shared-sql.ts) against the contracts' matchWinner
   * and tieWinner (through the fault checker's advancedSides) over the season's knockout fixtures.
   */
  async function expectWhoWentThroughAsTheRulesSay(): Promise<void> {
    const rows: KnockoutFixtureRow[] = await sys.db.query(
      `SELECT f.id, f.status, f.home_score, f.away_score, g.kind, f.tie_key, f.tie_leg, f.home_club_id, f.away_club_id,
              f.et_home, f.et_away, f.pen_home, f.pen_away
       FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id WHERE f.season_id = $1 AND g.kind = 'knockout'`,
      [season.seasonId],
    );
    const sql: { fixture_id: number; advanced: Side | null }[] = await sys.db.query(`${knockoutAdvancedSql('g.season_id = $1')}`, [season.seasonId]);
    const fromSql = new Map(sql.filter((r) => r.advanced !== null).map((r) => [r.fixture_id, r.advanced]));
    expect(fromSql).toEqual(advancedSides(rows));
  }

  /** Every prediction, totals row and standing of the active season against the independent checker, and the fan's live totals. */
  async function expectEverythingAsTheRulesSay(): Promise<void> {
    await expectWhoWentThroughAsTheRulesSay();
    expect(describeMismatches(await countMismatches(sys.db))).toBe(NO_MISMATCHES);
    const scoring = sys.api.get(ScoringService);
    for (const fan of fans) {
      const live = await scoring.liveTotals(fan.id, season.seasonId);
      expect(live.season?.points).toBe(await seasonTotal(fan.id));
    }
  }

  it('refuses a "who goes through" pick on a league fixture, and records its result with no extra time', async () => {
    const { G } = season.fixtures;
    const refused = await save(0, [{ fixture: G, home_score: 1, away_score: 0, is_banker: false, advance: 'home' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'predictions[0].advance': [`Fixture ${G} takes no "who goes through" pick: only a knockout match has one.`] });
    const badValue = await save(0, [{ fixture: G, home_score: 1, away_score: 0, is_banker: false, advance: 'draw' as Side }]);
    expect(badValue.status).toBe(400);
    expect(Object.keys(badValue.body.errors)[0]).toMatch(/advance/);
    expect(await pointsOf(G)).toEqual(new Map());

    for (const fan of [0, 1, 2, 3]) expect((await save(fan, [{ fixture: G, home_score: fan, away_score: 1, is_banker: fan === 1 }])).status).toBe(200);
    const current = await sys.http.get('/api/predictions/current/').set(fans[0].auth).expect(200);
    expect(current.body.data.predictions).toEqual([expect.objectContaining({ fixture: G, advance: null })]);

    const onLeague = await result(G, { home_score: 1, away_score: 1, status: 'finished', extra_time: { home: 2, away: 1 } });
    expect(onLeague.status).toBe(400);
    expect(onLeague.body.errors).toEqual({ extra_time: ['extra_time is only for a knockout match; this fixture is not one.'] });
    await finish(G, { home_score: 1, away_score: 1 });
    const points = await pointsOf(G);
    // 1–1: fan 1's exact draw with the banker (30 × 2); 0–1, 2–1 and 3–1 wrong.
    expect(fans.map((f) => points.get(f.id)!.points)).toEqual([0, 60, 0, 0]);
    await expectEverythingAsTheRulesSay();
  });

  it('takes no pick on a first leg, and records no extra time there', async () => {
    const { L1 } = season.fixtures;
    const refused = await save(0, [{ fixture: L1, home_score: 1, away_score: 0, is_banker: false, advance: 'away' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'predictions[0].advance': [`Fixture ${L1} takes no "who goes through" pick: in a two-legged tie who goes through is picked with the second leg.`],
    });
    for (const fan of [0, 1, 2, 3]) expect((await save(fan, [{ fixture: L1, home_score: 1, away_score: 0, is_banker: false }])).status).toBe(200);
    const extra = await result(L1, { home_score: 1, away_score: 1, status: 'finished', extra_time: { home: 1, away: 1 } });
    expect(extra.status).toBe(400);
    expect(Object.keys(extra.body.errors)).toEqual(['extra_time']);
    expect(extra.body.message).toMatch(/first leg has no extra time/);
    await finish(L1, { home_score: 1, away_score: 0 }); // C1 1–0 C2
    await expectEverythingAsTheRulesSay();
  });

  it('scores a tie on its second leg by the aggregate, and rescores it when the first leg is corrected', async () => {
    const { L1, L2 } = season.fixtures;
    // L2 is C2 (home) v C1 (away). Fan 0: 2–0 banker, C2 through; fan 1: 2–0, C1 through; fan 2: 0–1, C1; fan 3: no pick.
    const picks: Pick[] = [
      { home: 2, away: 0, banker: true, advance: 'home' },
      { home: 2, away: 0, banker: false, advance: 'away' },
      { home: 0, away: 1, banker: false, advance: 'away' },
      { home: 2, away: 0, banker: false, advance: null },
    ];
    for (const [fan, p] of picks.entries()) {
      const res = await save(fan, [{ fixture: L2, home_score: p.home, away_score: p.away, is_banker: p.banker, advance: p.advance }]);
      expect(res.status).toBe(200);
      expect(res.body.data.predictions).toEqual([expect.objectContaining({ fixture: L2, advance: p.advance })]);
    }

    // 2–0 to C2 after 90 minutes: 2–1 on aggregate to C2 (L2's home side), so no extra time can be.
    const decided = await result(L2, { home_score: 2, away_score: 0, status: 'finished', extra_time: { home: 2, away: 0 } });
    expect(decided.status).toBe(400);
    expect(decided.body.errors).toEqual({ extra_time: ['extra_time: no extra time after an aggregate decided in 90 minutes.'] });

    // Live: the score's points only, provisional; who goes through is not known yet.
    expect((await result(L2, { home_score: 2, away_score: 0, status: 'live', minute: 80 })).status).toBe(200);
    await sys.settle();
    const live = await pointsOf(L2);
    expect(fans.map((f) => [live.get(f.id)!.points, live.get(f.id)!.is_final])).toEqual([[40, false], [20, false], [0, false], [20, false]]);

    await finish(L2, { home_score: 2, away_score: 0 });
    const after = await pointsOf(L2);
    expect(fans.map((f) => after.get(f.id)!.points)).toEqual([50, 20, 0, 20]); // 40 + 10 never doubled; wrong side; wrong both; no pick
    await expectEverythingAsTheRulesSay();
    const before = await Promise.all(fans.map((f) => seasonTotal(f.id)));

    // The first leg corrected to C1 3–0 C2: 3–2 on aggregate to C1, L2's away side. Only L1's result changes.
    await finish(L1, { home_score: 3, away_score: 0 });
    const corrected = await pointsOf(L2);
    expect(fans.map((f) => corrected.get(f.id)!.points)).toEqual([40, 30, 10, 20]);
    // Each fan's 1–0 on the first leg goes from exact (20) to correct (10); the second leg's picks move by ±10.
    const l1 = await pointsOf(L1);
    expect(fans.map((f) => l1.get(f.id)!.points)).toEqual([10, 10, 10, 10]);
    expect(await Promise.all(fans.map((f) => seasonTotal(f.id)))).toEqual(before.map((t, i) => t - 10 + [-10, 10, 10, 0][i]));
    const events: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`,
      [L2],
    );
    expect(events[0].n).toBeGreaterThanOrEqual(3); // live, full time, and the first leg's correction
    await expectEverythingAsTheRulesSay();
  });

  it('refuses a prediction of a match whose teams are not known', async () => {
    const { X } = season.fixtures;
    const res = await save(0, [{ fixture: X, home_score: 1, away_score: 0, is_banker: false, advance: 'home' }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'predictions[0].fixture': [`Fixture ${X} is not open for predictions yet: its teams are not known (W1 v W2).`] });
    const noResult = await result(X, { home_score: 1, away_score: 0, status: 'finished' });
    expect(noResult.status).toBe(409);
    expect(noResult.body.message).toMatch(/teams are not known \(W1 v W2\)/);
    expect(await pointsOf(X)).toEqual(new Map());
  });

  it('scores a single knockout match from the 90 minutes, plus 10 for who went through after extra time and penalties', async () => {
    const { F, P } = season.fixtures;
    // F is C3 v C4: fan 0 1–1 banker, C3 through; fan 1 1–1, C4; fan 2 2–1, C3; fan 3 0–0, no pick.
    const picks: Pick[] = [
      { home: 1, away: 1, banker: true, advance: 'home' },
      { home: 1, away: 1, banker: false, advance: 'away' },
      { home: 2, away: 1, banker: false, advance: 'home' },
      { home: 0, away: 0, banker: false, advance: null },
    ];
    for (const [fan, p] of picks.entries()) {
      const res = await save(fan, [
        { fixture: F, home_score: p.home, away_score: p.away, is_banker: p.banker, advance: p.advance },
        { fixture: P, home_score: 1, away_score: 0, is_banker: false, advance: 'home' },
      ]);
      expect(res.status).toBe(200);
    }

    // What no knockout result can be, each named by its field.
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ penalties: { home: 4, away: 3 } }, 'penalties', /need extra_time/],
      [{ extra_time: { home: 1, away: 1 }, penalties: { home: 4, away: 4 } }, 'penalties', /always has a winner/],
      [{ extra_time: { home: 0, away: 1 } }, 'extra_time', /below the full-time score/],
      [{ home_score: 2, extra_time: { home: 3, away: 1 } }, 'extra_time', /decided 90 minutes/],
      [{ extra_time: { home: 2, away: 1 }, penalties: { home: 4, away: 3 } }, 'penalties', /decided extra time/],
      [{ extra_time: { home: -1, away: 1 } }, 'extra_time.home', /0 to 99/],
      [{ extra_time: [1, 1] }, 'extra_time', /must be an object/],
    ];
    for (const [body, field, message] of refusals) {
      const res = await result(F, { home_score: 1, away_score: 1, status: 'finished', ...body });
      expect({ status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ status: 400, fields: [field] });
      expect(res.body.message).toMatch(message);
    }
    const [{ n: untouched }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM fixtures WHERE id = $1 AND status = 'scheduled'`, [F]);
    expect(untouched).toBe(1);

    // 1–1 after 90, 1–1 after extra time, 4–3 on penalties: C3 (home) through. Through the ops CLI.
    const cli = await ops('result', String(F), '1', '1', '--et', '1-1', '--pen', '4-3');
    expect({ code: cli.code, err: cli.err }).toEqual({ code: 0, err: [] });
    expect(cli.out[0]).toMatch(/finished {2}1-1 \(aet 1-1, pens 4-3\)$/);
    await sys.settle();
    const scored = await pointsOf(F);
    expect(fans.map((f) => [scored.get(f.id)!.points, scored.get(f.id)!.outcome])).toEqual([
      [70, 'exact'], // 30 × 2 (banker) + 10, not doubled
      [30, 'exact'],
      [10, 'wrong'],
      [15, 'correct'],
    ]);
    const listed = await sys.http.get('/api/admin/fixtures/?gameweek=4').set(admin.auth).expect(200);
    expect(listed.body.data.find((f: { id: number }) => f.id === F)).toMatchObject({ extra_time: { home: 1, away: 1 }, penalties: { home: 4, away: 3 } });
    await expectEverythingAsTheRulesSay();

    // The shoot-out corrected to 3–4: C4 through. The advance points flip and the totals follow.
    const before = await Promise.all(fans.map((f) => seasonTotal(f.id)));
    const corrected = await finish(F, { home_score: 1, away_score: 1, extra_time: { home: 1, away: 1 }, penalties: { home: 3, away: 4 } });
    expect(corrected).toMatchObject({ penalties: { home: 3, away: 4 } });
    const flipped = await pointsOf(F);
    expect(fans.map((f) => flipped.get(f.id)!.points)).toEqual([60, 40, 0, 15]);
    // The Results screen and the gameweeks history show each match's points as stored: with the
    // goes-through points, which the match's score alone does not give.
    for (const fan of fans) {
      const results = await sys.http.get('/api/predictions/gameweek/4/user-stats/').set(fan.auth).expect(200);
      const row = results.body.data.matches.find((m: { fixture_id: number }) => m.fixture_id === F);
      const history = await sys.http.get('/api/stats/history/?page_size=38').set(fan.auth).expect(200);
      const match = history.body.data.gameweeks
        .flatMap((g: { matches: { fixtureId: number; points: number | null }[] }) => g.matches)
        .find((m: { fixtureId: number }) => m.fixtureId === F);
      expect([row.points_earned, match.points]).toEqual([flipped.get(fan.id)!.points, flipped.get(fan.id)!.points]);
    }
    expect(await Promise.all(fans.map((f) => seasonTotal(f.id)))).toEqual(before.map((t, i) => t + [-10, 10, -10, 0][i]));
    const [event]: { payload: { scoreMoved: boolean } }[] = await sys.db.query(
      `SELECT payload FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int = $1 ORDER BY id DESC LIMIT 1`,
      [F],
    );
    expect(event.payload.scoreMoved).toBe(true);
    await expectEverythingAsTheRulesSay();
  });

  it('scores a postponed knockout match 0, pick or not', async () => {
    const { P } = season.fixtures;
    await sys.http.post(`/api/admin/fixtures/${P}/postpone`).set(admin.auth).expect(200);
    await sys.settle();
    const voided = await pointsOf(P);
    expect([...voided.values()]).toEqual(fans.map(() => ({ points: 0, outcome: 'void', is_final: true, advance: 'home' })));
    await expectEverythingAsTheRulesSay();
  });

  it('leaves the reconciler nothing to repair, and has it repair a knockout pick scored wrong', async () => {
    const reconciler = sys.workers.get(ReconcilerService);
    const pass = () => reconciler.runPass({ graceSeconds: 0, waitForLock: true });
    // Nothing of this season to repair. (Suites that ran before may leave predictions of their own
    // seasons written behind the scorer's back: those are repaired here, and their totals after.)
    const first = await pass();
    const ours: number[] = Object.values(season.fixtures);
    expect(first.fixtureIds.filter((id) => ours.includes(id))).toEqual([]);
    await sys.settle();
    await pass();
    await sys.settle();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });

    // The advance points taken off a second leg's prediction behind the scorer's back (as a lost job would leave it).
    const { L2 } = season.fixtures;
    await sys.db.query(`UPDATE predictions SET points = points - 10 WHERE fixture_id = $1 AND user_id = $2`, [L2, fans[1].id]);
    const repaired = await pass();
    // The prediction rescored (its totals then move by +10, and the totals check puts them back).
    expect(repaired.repairs.predictions).toBe(1);
    expect(repaired.fixtureIds).toEqual([L2]);
    await sys.settle();
    expect((await pass()).repairs).toEqual({ predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 });
    await expectEverythingAsTheRulesSay();
  });
});

