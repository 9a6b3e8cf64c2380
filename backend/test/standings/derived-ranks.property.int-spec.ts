import fc from 'fast-check';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { BIG_LEAGUE } from '@scoreline/backend/platform/common/big-league';
import { TOP_ROWS } from '@scoreline/backend/standings/standings.shared-sql';
import { SMALL_LEAGUE_BATCH, STANDINGS_LOCK, StandingsService } from '@scoreline/backend/standings/standings.service';
import { tableRanks } from '@scoreline/contracts/game/table-ranking';
import type { LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The ranks the standings answer (derived from the league's histogram of keys, and the
 * leaderboard API, the viewer's own row included) equal a plain SQL rank() over the members' season totals — written out here by
 * hand, not through table-ranking.shared-sql.ts — and the contracts' pure `tableRanks`, for random
 * leagues: sizes, scores drawn from a narrow range so ties on points, exact and correct are
 * common, members without any totals, corrections of some members' totals (up and down), joins
 * and leaves, and replays (a second recompute writes nothing and changes no rank). The
 * histogram itself holds exactly the members' keys after every step.
 */

interface Figures {
  points: number;
  exact: number;
  correct: number;
}

type Step =
  | { kind: 'correct'; changes: { member: number; figures: Figures | null }[] }
  | { kind: 'join'; figures: Figures | null }
  | { kind: 'leave'; member: number }
  | { kind: 'replay' };

// Narrow ranges: most leagues have full ties (same points, exact and correct) and partial ones.
const figuresArb: fc.Arbitrary<Figures | null> = fc.option(
  fc.record({ points: fc.integer({ min: 0, max: 6 }).map((p) => p * 10), exact: fc.integer({ min: 0, max: 2 }), correct: fc.integer({ min: 0, max: 3 }) }),
  { freq: 6 },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('correct' as const), changes: fc.array(fc.record({ member: fc.nat(), figures: figuresArb }), { minLength: 1, maxLength: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), figures: figuresArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), member: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'replay' as const }) },
);

const scenarioArb = fc.record({
  members: fc.array(figuresArb, { minLength: 1, maxLength: 25 }),
  steps: fc.array(stepArb, { maxLength: 4 }),
});

describe('derived ranks equal a plain rank() recomputation (property)', () => {
  let sys: TestSystem;
  let standings: StandingsService;
  let seasonId: number;
  let owner: FastUser;

  beforeAll(async () => {
    sys = await startTestSystem();
    standings = sys.workers.get(StandingsService, { strict: false });
    // The workers' reconciler runs a pass at start; the totals below have no predictions behind them, so a pass
    // running beside the property would "repair" them away. Wait for it (its lock) before writing any.
    await sys.workers.get(ReconcilerService, { strict: false }).runPass({ waitForLock: true });
    // Suites share the run's database: one season may be active, and this one is ours.
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    const [season]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Property League 2087/88', '2087/88', 'en.1', true) RETURNING id`,
    );
    seasonId = season.id;
    [owner] = await insertVerifiedUsers(sys, 1, 'prop', { onboarded: true });
  });

  afterAll(async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
    await sys.close();
  });

  async function setFigures(userId: number, figures: Figures | null): Promise<void> {
    if (figures === null) {
      await sys.db.query(`DELETE FROM user_season_totals WHERE user_id = $1 AND season_id = $2`, [userId, seasonId]);
      return;
    }
    await sys.db.query(
      `INSERT INTO user_season_totals (user_id, season_id, points, exact, correct, predictions) VALUES ($1, $2, $3, $4, $5, 1)
       ON CONFLICT (user_id, season_id) DO UPDATE SET points = EXCLUDED.points, exact = EXCLUDED.exact, correct = EXCLUDED.correct`,
      [userId, seasonId, figures.points, figures.exact, figures.correct],
    );
  }

  /** The oracle: rank() over the members' totals (none: zeros), written out by hand. */
  async function plainRanks(leagueId: number): Promise<Map<number, number>> {
    const rows: { user_id: number; rank: number }[] = await sys.db.query(
      `SELECT m.user_id, rank() OVER (ORDER BY coalesce(t.points, 0) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC)::int AS rank
       FROM league_members m LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       WHERE m.league_id = $1`,
      [leagueId, seasonId],
    );
    return new Map(rows.map((r) => [r.user_id, r.rank]));
  }

  /**
   * The stored table's ranks: nothing stores a rank any more, so this is the derivation written
   * out by hand — 1 + the members the league's histogram counts at a better key (more points;
   * equal points and more exact; equal both and more correct).
   */
  async function storedRanks(leagueId: number): Promise<Map<number, number>> {
    const rows: { user_id: number; rank: number }[] = await sys.db.query(
      `SELECT s.user_id, (1 + coalesce((SELECT sum(k.n) FROM league_key_counts k WHERE k.league_id = s.league_id
                AND (k.points > s.total_points
                     OR (k.points = s.total_points AND (k.exact > s.exact OR (k.exact = s.exact AND k.correct > s.correct))))), 0))::int AS rank
       FROM league_standings s WHERE s.league_id = $1`,
      [leagueId],
    );
    return new Map(rows.map((r) => [r.user_id, r.rank]));
  }

  /** The histogram holds exactly the members' keys (totals, none: zeros), each with its count, and no empty bucket. */
  async function expectHistogramCountsMembers(leagueId: number): Promise<void> {
    const key = (r: { points: number; exact: number; correct: number; n: number }) => `${r.points}/${r.exact}/${r.correct}:${r.n}`;
    const kept: { points: number; exact: number; correct: number; n: number }[] = await sys.db.query(
      `SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1`,
      [leagueId],
    );
    const expected: { points: number; exact: number; correct: number; n: number }[] = await sys.db.query(
      `SELECT coalesce(t.points, 0) AS points, coalesce(t.exact, 0) AS exact, coalesce(t.correct, 0) AS correct, count(*)::int AS n
       FROM league_members m LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
       WHERE m.league_id = $1 GROUP BY 1, 2, 3`,
      [leagueId, seasonId],
    );
    expect(kept.map(key).sort()).toEqual(expected.map(key).sort());
  }

  async function leaderboard(leagueId: number, viewer: FastUser): Promise<LeaderboardResponse> {
    const res = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).query({ page_size: 100 }).set(viewer.auth);
    expect(res.status).toBe(200);
    return res.body.data as LeaderboardResponse;
  }

  /** Every way the ranks are read agrees with the oracle and with the contracts' rule. */
  async function expectRanksAgree(leagueId: number, members: FastUser[], figures: Map<number, Figures | null>): Promise<void> {
    const oracle = await plainRanks(leagueId);
    const zero: Figures = { points: 0, exact: 0, correct: 0 };
    const pure = tableRanks(members.map((m) => figures.get(m.id) ?? zero));
    expect(Object.fromEntries(members.map((m, i) => [m.id, pure[i]]))).toEqual(Object.fromEntries(oracle));
    expect(Object.fromEntries(await storedRanks(leagueId))).toEqual(Object.fromEntries(oracle));
    await expectHistogramCountsMembers(leagueId);

    const viewer = members[members.length - 1];
    const board = await leaderboard(leagueId, viewer);
    expect(board.total_count).toBe(members.length);
    expect(board.leaderboard.map((r) => [r.user_id, r.rank])).toEqual(
      [...oracle].sort(([ua, ra], [ub, rb]) => ra - rb || ua - ub).map(([u, r]) => [u, r]),
    );
    expect(board.current_user?.rank).toBe(oracle.get(viewer.id));
    for (const row of board.leaderboard) expect(row.total_points).toBe(figures.get(row.user_id)?.points ?? 0);
  }

  /** What a recompute would write to the summary, beside the table's version. */
  async function summaryOf(leagueId: number): Promise<{ member_count: number; leading_score: number; top: unknown; version: string }> {
    const [row] = await sys.db.query(
      `SELECT member_count, leading_score, top, (extract(epoch FROM computed_at) * 1000000)::bigint::text AS version FROM league_standings_summary WHERE league_id = $1`,
      [leagueId],
    );
    return row;
  }

  const joined = (leagueId: number, userId: number) =>
    standings.leaguesAffectedBy({ id: 0, name: 'member.joined', payload: { leagueId, userId, leagueType: 'public', via: 'public' }, occurredAt: new Date().toISOString() });
  const left = (leagueId: number, userId: number) =>
    standings.leaguesAffectedBy({ id: 0, name: 'member.left', payload: { leagueId, userId, leagueType: 'public', via: 'left' }, occurredAt: new Date().toISOString() });

  it("ranks a join or a leave below a big league's leading rows in place, leaving what a recompute would (property)", async () => {
    const bigFrom = BIG_LEAGUE.members;
    BIG_LEAGUE.members = 100;
    let inPlace = 0;
    let recomputed = 0;
    const pool = await insertVerifiedUsers(sys, 170, 'bigprop', { onboarded: true });
    try {
      const membershipStep = fc.oneof(
        // A newcomer mostly has no points yet (a signup), so most joins land below the leading rows.
        { weight: 3, arbitrary: fc.record({ kind: fc.constant('join' as const), figures: fc.oneof(fc.constant(null), figuresArb) }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('leave' as const), member: fc.nat() }) },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(figuresArb, { minLength: 101, maxLength: 160 }), fc.array(membershipStep, { minLength: 1, maxLength: 6 }), async (initial, steps) => {
          const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
            `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Big property league', '', 'public', $1, 'en.1') RETURNING id`,
            [owner.id],
          );
          // Each run's league from one pool of users (the run's figures are set afresh): thousands of verified users would
          // slow the suites that mail every one of them.
          const members = pool.slice(0, initial.length);
          let joiners = initial.length;
          const figures = new Map<number, Figures | null>();
          for (const [i, m] of members.entries()) {
            figures.set(m.id, initial[i]);
            await setFigures(m.id, initial[i]);
          }
          await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [leagueId, members.map((m) => m.id)]);
          await standings.recomputeLeague(leagueId);
          const zero: Figures = { points: 0, exact: 0, correct: 0 };
          // The oracle of "below the leading rows": the table's order (key, then user id) over the members before the change.
          const leadingIds = () =>
            members
              .map((m) => ({ id: m.id, f: figures.get(m.id) ?? zero }))
              .sort((a, b) => b.f.points - a.f.points || b.f.exact - a.f.exact || b.f.correct - a.f.correct || a.id - b.id)
              .slice(0, TOP_ROWS)
              .map((r) => r.id);

          for (const step of steps) {
            const before = await summaryOf(leagueId);
            let expectInPlace: boolean;
            let again: number[];
            if (step.kind === 'join') {
              const user = pool[joiners++];
              await setFigures(user.id, step.figures);
              await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, user.id]);
              figures.set(user.id, step.figures);
              members.push(user);
              expectInPlace = members.length - 1 >= 100 && !leadingIds().includes(user.id);
              again = await joined(leagueId, user.id);
            } else {
              const leading = leadingIds();
              const [user] = members.splice(step.member % members.length, 1);
              expectInPlace = members.length + 1 >= 100 && !leading.includes(user.id);
              await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, user.id]);
              again = await left(leagueId, user.id);
            }
            expect(again).toEqual(expectInPlace ? [] : [leagueId]);
            if (again.length > 0) {
              recomputed += 1;
              await standings.recomputeLeague(leagueId);
            } else {
              inPlace += 1;
              // The table's version moved, so every cache keyed by it takes the change.
              expect((await summaryOf(leagueId)).version).not.toBe(before.version);
            }
            // The same event again (a redelivery) changes nothing.
            if (step.kind === 'join') {
              const kept = await summaryOf(leagueId);
              expect(await joined(leagueId, members[members.length - 1].id)).toEqual([]);
              expect(await summaryOf(leagueId)).toEqual(kept);
            }
            // What a full recompute, checking every row, would have left: it writes and removes nothing, and the summary is the same.
            const { version: _v, ...kept } = await summaryOf(leagueId);
            const check = await standings.recomputeLeague(leagueId, { checkEveryRow: true });
            expect([check.written, check.removed]).toEqual([0, 0]);
            const { version: _w, ...after } = await summaryOf(leagueId);
            expect(after).toEqual(kept);
            expect(Object.fromEntries(await storedRanks(leagueId))).toEqual(Object.fromEntries(await plainRanks(leagueId)));
            await expectHistogramCountsMembers(leagueId);
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      BIG_LEAGUE.members = bigFrom;
    }
    // Both paths ran: the property saw joins and leaves below the leading rows and among them.
    expect(inPlace).toBeGreaterThan(10);
    expect(recomputed).toBeGreaterThan(3);
  });

  it("queues the recompute instead when the league's lock is held (a recompute running), and a join after it is ranked in place", async () => {
    const bigFrom = BIG_LEAGUE.members;
    BIG_LEAGUE.members = 100;
    const holder = sys.db.createQueryRunner();
    try {
      const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Locked big league', '', 'public', $1, 'en.1') RETURNING id`,
        [owner.id],
      );
      const members = await insertVerifiedUsers(sys, 120, 'locked', { onboarded: true });
      await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [leagueId, members.map((m) => m.id)]);
      await standings.recomputeLeague(leagueId);
      const [first, second] = await insertVerifiedUsers(sys, 2, 'locked', { onboarded: true });
      await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member'), ($1, $3, 'member')`, [leagueId, first.id, second.id]);

      await holder.connect();
      await holder.query(`SELECT pg_advisory_lock($1, $2)`, [STANDINGS_LOCK, leagueId]);
      const before = await summaryOf(leagueId);
      expect(await joined(leagueId, first.id)).toEqual([leagueId]);
      expect(await summaryOf(leagueId)).toEqual(before);
      await holder.query(`SELECT pg_advisory_unlock($1, $2)`, [STANDINGS_LOCK, leagueId]);

      expect(await joined(leagueId, second.id)).toEqual([]);
      expect((await summaryOf(leagueId)).member_count).toBe(before.member_count + 1);
      await standings.recomputeLeague(leagueId); // the queued one: ranks the first newcomer too
      expect((await summaryOf(leagueId)).member_count).toBe(122);
      expect(Object.fromEntries(await storedRanks(leagueId))).toEqual(Object.fromEntries(await plainRanks(leagueId)));
    } finally {
      await holder.release();
      BIG_LEAGUE.members = bigFrom;
    }
  });

  it('the live payload lists the rows that moved, up to 100; more say refetch and carry none', async () => {
    const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Payload league', '', 'public', $1, 'en.1') RETURNING id`,
      [owner.id],
    );
    const members = await insertVerifiedUsers(sys, 150, 'payload', { onboarded: true });
    for (const [i, m] of members.entries()) await setFigures(m.id, { points: i * 10, exact: 0, correct: 0 });
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [leagueId, members.map((m) => m.id)]);
    expect(await standings.recomputeLeague(leagueId)).toMatchObject({ truncated: true, changed: [] }); // 150 new rows

    // The last member (1,490 points, first) loses 5 points: only their row moves.
    await setFigures(members[149].id, { points: 1485, exact: 0, correct: 0 });
    const few = await standings.recomputeLeague(leagueId);
    expect(few.truncated).toBe(false);
    expect(few.changed).toEqual([expect.objectContaining({ userId: members[149].id, rank: 1, totalPoints: 1485 })]);

    // The first member jumps from last to first: all 150 ranks move.
    await setFigures(members[0].id, { points: 5000, exact: 0, correct: 0 });
    expect(await standings.recomputeLeague(leagueId)).toMatchObject({ truncated: true, changed: [] });
  });

  let gameweekNumber = 0;
  /** A new gameweek with a finished match: the leagues' recent gameweek moves on, so previous ranks roll. */
  const nextGameweek = async (recent: (Figures | null)[], pool: FastUser[]) => {
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    gameweekNumber += 1;
    const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, $2, now(), now()) RETURNING id`,
      [seasonId, gameweekNumber],
    );
    await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
       VALUES ($1, $2, $3, $4, now(), 'finished', 1, 0)`,
      [seasonId, gameweekId, home.id, away.id],
    );
    for (const [i, f] of recent.entries()) {
      if (f === null) continue;
      await sys.db.query(`INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, points, exact, correct) VALUES ($1, $2, $3, $4, $5, $6)`, [
        pool[i].id,
        gameweekId,
        seasonId,
        f.points,
        f.exact,
        f.correct,
      ]);
    }
  };

  it('for random leagues, ties, corrections, joins, leaves and replays', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ members: initial, steps }) => {
        const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
          `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Property league', '', 'public', $1, 'en.1') RETURNING id`,
          [owner.id],
        );
        const members = await insertVerifiedUsers(sys, initial.length, 'prop', { onboarded: true });
        const figures = new Map<number, Figures | null>();
        for (const [i, m] of members.entries()) {
          figures.set(m.id, initial[i]);
          await setFigures(m.id, initial[i]);
        }
        await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [
          leagueId,
          members.map((m) => m.id),
        ]);
        await standings.recomputeLeague(leagueId);
        await expectRanksAgree(leagueId, members, figures);

        for (const step of steps) {
          if (step.kind === 'correct') {
            for (const { member, figures: next } of step.changes) {
              const user = members[member % members.length];
              figures.set(user.id, next);
              await setFigures(user.id, next);
            }
          } else if (step.kind === 'join') {
            const [user] = await insertVerifiedUsers(sys, 1, 'prop', { onboarded: true });
            members.push(user);
            figures.set(user.id, step.figures);
            await setFigures(user.id, step.figures);
            await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, user.id]);
          } else if (step.kind === 'leave') {
            if (members.length < 2) continue;
            const [user] = members.splice(step.member % members.length, 1);
            await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, user.id]);
            await standings.leaguesAffectedBy({
              id: 0,
              name: 'member.left',
              payload: { leagueId, userId: user.id, leagueType: 'public', via: 'left' },
              occurredAt: new Date().toISOString(),
            });
          }
          const result = await standings.recomputeLeague(leagueId);
          if (step.kind === 'replay') expect(result.written).toBe(0);
          await expectRanksAgree(leagueId, members, figures);
        }
        // A replay after any history converges: nothing written, the same ranks.
        const replay = await standings.recomputeLeague(leagueId);
        expect([replay.written, replay.removed]).toEqual([0, 0]);
        await expectRanksAgree(leagueId, members, figures);
      }),
      { numRuns: 60 },
    );
  });
  it('small leagues recomputed in one batch store and answer what each recomputed alone would (property)', async () => {
    const pool = await insertVerifiedUsers(sys, 30, 'batchprop', { onboarded: true });
    const leagueSpec = fc.record({ offset: fc.nat({ max: 29 }), size: fc.integer({ min: 0, max: 12 }) });
    const change = fc.record({ member: fc.nat({ max: 29 }), figures: figuresArb });

    /** What a recompute left of a league: its rows (no ids), its histogram and its summary. */
    const storedOf = async (leagueId: number) => ({
      rows: await sys.db.query(
        `SELECT user_id, total_points, exact, correct, recent_points, provisional, previous_rank FROM league_standings WHERE league_id = $1 ORDER BY user_id`,
        [leagueId],
      ),
      histogram: await sys.db.query(`SELECT points, exact, correct, n FROM league_key_counts WHERE league_id = $1 ORDER BY 1, 2, 3`, [leagueId]),
      summary: await sys.db.query(
        `SELECT season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top FROM league_standings_summary WHERE league_id = $1`,
        [leagueId],
      ),
    });

    const limits = { ...SMALL_LEAGUE_BATCH };
    SMALL_LEAGUE_BATCH.leagues = 3;
    let batched = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(figuresArb, { minLength: 30, maxLength: 30 }),
          fc.array(leagueSpec, { minLength: 2, maxLength: 4 }),
          fc.array(change, { maxLength: 8 }),
          fc.array(figuresArb, { minLength: 30, maxLength: 30 }),
          fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean()), { maxLength: 3 }),
          async (initial, specs, changes, recent, memberships) => {
            for (const [i, f] of initial.entries()) await setFigures(pool[i].id, f);
            // Each league twice with the same members: one of each pair in a batch, its twin alone.
            const pairs: { batch: number; alone: number }[] = [];
            for (const { offset, size } of specs) {
              const members = Array.from({ length: size }, (_, i) => pool[(offset + i) % pool.length].id);
              const pair = { batch: 0, alone: 0 };
              for (const side of ['batch', 'alone'] as const) {
                const [{ id }]: { id: number }[] = await sys.db.query(
                  `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Batch property league', '', 'public', $1, 'en.1') RETURNING id`,
                  [owner.id],
                );
                await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [id, members]);
                pair[side] = id;
              }
              pairs.push(pair);
            }

            const recomputeBoth = async () => {
              const leagueIds = pairs.map((p) => p.batch);
              // Batches of at most three; the leagues the grouping leaves alone go in one more batch here.
              const { alone, batches } = await standings.recomputeGroups(leagueIds);
              const batchResults = (await Promise.all([alone.length > 0 ? standings.recomputeSmallLeagues(alone) : [], ...batches.map((b) => standings.recomputeSmallLeagues(b))])).flat();
              batched += batches.length;
              for (const { batch, alone: twin } of pairs) {
                const inBatch = batchResults.find((r) => r.leagueId === batch);
                const single = await standings.recomputeLeague(twin);
                expect(inBatch).toBeDefined();
                const { leagueId: _b, activities: _ab, ...batchAnswer } = inBatch!;
                const { leagueId: _s, activities: _as, ...singleAnswer } = single;
                expect(batchAnswer).toEqual(singleAnswer);
                expect(await storedOf(batch)).toEqual(await storedOf(twin));
                expect(Object.fromEntries(await storedRanks(batch))).toEqual(Object.fromEntries(await plainRanks(batch)));
              }
              return batchResults;
            };

            await recomputeBoth();
            // Corrections, a new gameweek (previous ranks roll), and members joining or leaving. A leave's row goes with
            // its event, or stays a stranger's row for the recompute to find, beside a join too (as many rows as members:
            // alone, the league finds the stranger only after a first pass, which it undoes).
            for (const { member, figures } of changes) await setFigures(pool[member].id, figures);
            await nextGameweek(recent, pool);
            for (const [pick, joins, withEvent] of memberships) {
              const pair = pairs[pick % pairs.length];
              // A join from the pool; a leave by one of the league's members (the twins have the same ones).
              const current: { user_id: number }[] = await sys.db.query(`SELECT user_id FROM league_members WHERE league_id = $1 ORDER BY user_id`, [pair.batch]);
              if (!joins && current.length === 0) continue;
              const user = joins ? pool[pick % pool.length].id : current[pick % current.length].user_id;
              for (const leagueId of [pair.batch, pair.alone]) {
                if (joins) await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING`, [leagueId, user]);
                else {
                  await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, user]);
                  if (withEvent) await left(leagueId, user);
                }
              }
            }
            await recomputeBoth();
            // A replay writes nothing.
            for (const result of await recomputeBoth()) expect([result.written, result.removed]).toEqual([0, 0]);
          },
        ),
        { numRuns: 15, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
    } finally {
      Object.assign(SMALL_LEAGUE_BATCH, limits);
    }
    // The batches ran (not every league alone).
    expect(batched).toBeGreaterThan(10);
  });

  it("keeps a leaver whose row hid behind a joiner's (no leave event, equal counts) out of the previous ranks, alone as in a batch", async () => {
    const [first, second, third, joiner] = await insertVerifiedUsers(sys, 4, 'hidden', { onboarded: true });
    await setFigures(first.id, { points: 30, exact: 1, correct: 1 });
    await setFigures(second.id, { points: 20, exact: 1, correct: 1 });
    await setFigures(third.id, { points: 10, exact: 1, correct: 1 });
    await setFigures(joiner.id, null);
    const leagues: number[] = [];
    for (const name of ['Hidden stranger alone', 'Hidden stranger batched']) {
      const [{ id }]: { id: number }[] = await sys.db.query(`INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', 'public', $2, 'en.1') RETURNING id`, [
        name,
        owner.id,
      ]);
      await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [id, [first.id, second.id, third.id]]);
      leagues.push(id);
    }
    const [alone, batched] = leagues;
    await nextGameweek([], []);
    await standings.recomputeLeague(alone);
    await standings.recomputeSmallLeagues([batched]);
    // The gameweek moves on; the leader leaves (their row stays: no event) and a newcomer joins: three rows, three members.
    await nextGameweek([], []);
    for (const leagueId of leagues) {
      await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, first.id]);
      await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, joiner.id]);
    }
    const single = await standings.recomputeLeague(alone);
    const [inBatch] = await standings.recomputeSmallLeagues([batched]);
    expect([single.removed, inBatch.removed]).toEqual([1, 1]);
    // As if the leave's event had removed the row at once: the previous ranks are among today's members.
    const previous = { [second.id]: 1, [third.id]: 2, [joiner.id]: null };
    for (const leagueId of leagues) {
      const rows: { user_id: number; previous_rank: number | null }[] = await sys.db.query(`SELECT user_id, previous_rank FROM league_standings WHERE league_id = $1`, [leagueId]);
      expect(Object.fromEntries(rows.map((r) => [r.user_id, r.previous_rank]))).toEqual(previous);
      expect(Object.fromEntries(await storedRanks(leagueId))).toEqual(Object.fromEntries(await plainRanks(leagueId)));
      await expectHistogramCountsMembers(leagueId);
    }
    const { leagueId: _s, activities: _as, ...singleAnswer } = single;
    const { leagueId: _b, activities: _ab, ...batchAnswer } = inBatch;
    expect(singleAnswer).toEqual(batchAnswer);
  });
});
