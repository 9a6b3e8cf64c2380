import fc from 'fast-check';
import type { FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import { SCORING_LOCK_NAMESPACE } from '@scoreline/backend/scoring/scoring.shared-sql';
import { packPick, pickContribution, type FixtureScoreState } from '@scoreline/backend/standings/live-table';
import { tableRanks } from '@scoreline/contracts/game/table-ranking';
import { grantAdminRole, importActiveSeason } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';
import { liveTableBaseLoads } from '@scoreline/backend/platform/metrics/metrics';
import { BIG_LEAGUE } from '@scoreline/backend/platform/common/big-league';
import { BIG_TABLE } from '@scoreline/backend/standings/league-tables.service';
import { BIG_TABLE_MEMBERS_RELOAD } from '@scoreline/backend/standings/kept-tables';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { connectLive } from '../support/socket-client';
import { waitFor } from '../support/concurrency';

/**
 * Live tables (live-tables.service.ts) on the real system: a goal, a correction or a
 * postponement is in every rank of the leaderboard and the gameweek and season tables as soon
 * as the admin call returns — read while the scorer is held back by the season's scoring lock,
 * so nothing per fan has been written yet — and the answers stay the same once the scorer and
 * the recomputes have written it. The reference is each fan's picks scored from scratch.
 */

const CLUBS = ['Arsenal FC', 'Chelsea FC', 'Liverpool FC', 'Everton FC'];
const SEASON: FootballJsonSeason = {
  // A name no other suite imports (suites share the run's database).
  name: 'English Premier League 2092/93',
  matches: [
    { round: 'Matchday 1', date: '2092-03-04', time: '15:00', team1: CLUBS[0], team2: CLUBS[1] },
    { round: 'Matchday 1', date: '2092-03-05', time: '15:00', team1: CLUBS[2], team2: CLUBS[3] },
  ],
};

type Pick = [home: number, away: number, banker: boolean] | null;
/** Per player, a pick for each of the two matches: exact-prone, draws, bankers, none. */
const PICKS: Pick[][] = [
  [[1, 0, true], [2, 1, false]],
  [[1, 0, false], [0, 0, true]],
  [[2, 0, false], [1, 1, false]],
  [[0, 0, false], null],
  [[0, 1, false], [2, 1, true]],
  [null, [0, 0, false]],
  [[1, 1, true], [1, 0, false]],
  [[2, 1, false], [0, 2, false]],
  [null, null],
];

type Action = { fixture: 0 | 1; kind: 'result'; home: number; away: number; status: 'live' | 'finished' } | { fixture: 0 | 1; kind: 'postpone' };

interface Figures {
  rank: number;
  points: number;
  exact: number;
  correct: number;
  provisional: boolean;
}

describe('live tables: a goal is in every rank before the scorer writes it', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let players: FastUser[];
  let leagueId: number;
  let seasonId: number;
  let fixtureIds: number[];
  const states: (FixtureScoreState | null)[] = [null, null];

  /** Each player's figures from scratch at the fixtures' current states, ranked by the table rule. */
  function expected(): Map<number, Figures> {
    const figures = players.map((_, p) => {
      const f = { points: 0, exact: 0, correct: 0, live: 0 };
      PICKS[p].forEach((pick, i) => {
        const c = pickContribution(pick ? packPick(...pick) : -1, states[i]);
        f.points += c.points;
        f.exact += c.exact;
        f.correct += c.correct;
        f.live += c.live;
      });
      return f;
    });
    const ranks = tableRanks(figures);
    return new Map(players.map((p, i) => [p.id, { rank: ranks[i], points: figures[i].points, exact: figures[i].exact, correct: figures[i].correct, provisional: figures[i].live > 0 }]));
  }

  /** What the leaderboard and both tables answer, per player, with their exact/correct where shown. */
  async function answered(viewer: FastUser = players[0]) {
    const board = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).query({ page_size: 100 }).set(viewer.auth).expect(200);
    const leaderboard = new Map<number, Omit<Figures, 'exact' | 'correct'> & { recent: number }>(
      (board.body.data.leaderboard as { user_id: number; rank: number; total_points: number; recent_points: number; provisional: boolean }[]).map((r) => [
        r.user_id,
        { rank: r.rank, points: r.total_points, provisional: r.provisional, recent: r.recent_points },
      ]),
    );
    const tables = await Promise.all(
      ['gameweek', 'season'].map(async (period) => {
        const res = await sys.http.get(`/api/leagues/${leagueId}/table/`).query({ period, page_size: 100 }).set(viewer.auth).expect(200);
        return new Map<number, Figures>(
          (res.body.data.rows as ({ user_id: number } & Figures)[]).map((r) => [r.user_id, { rank: r.rank, points: r.points, exact: r.exact, correct: r.correct, provisional: r.provisional }]),
        );
      }),
    );
    const own = new Map(await Promise.all(OWN_SCREENS.map(async (i) => [players[i].id, await ownAnswered(players[i])] as const)));
    return { leaderboard, gameweek: tables[0], season: tables[1], ...(await membersAnswered(viewer)), own, updatedAt: board.body.data.updated_at as string | null };
  }

  /** The players whose own screens are read too: bankers, a draw, no pick at all. */
  const OWN_SCREENS = [0, 1, 4, 8];
  const byFixture = (picks: (readonly [number, number | null])[]) => [...picks].sort(([a], [b]) => a - b);

  /** A fan's own screens: the dashboard, the Results screen and the history (their totals and each pick's points). */
  async function ownAnswered(p: FastUser) {
    const dash = (await sys.http.get('/api/stats/dashboard/').set(p.auth).expect(200)).body.data;
    const results = (await sys.http.get('/api/predictions/gameweek/1/user-stats/').set(p.auth).expect(200)).body.data;
    const history = (await sys.http.get('/api/stats/history/').set(p.auth).expect(200)).body.data;
    const season = dash.current_season_stats;
    const week = results.user_stats;
    type ResultRow = { fixture_id: number; predicted_home_score: number | null; points_earned: number | null };
    type HistoryRow = { fixtureId: number; predictionHome: number | null; points: number | null };
    const gameweek = (history.gameweeks as { number: number; points: number; matches: HistoryRow[] }[]).find((g) => g.number === 1)!;
    return {
      dashboard: { points: season.total_points, exact: season.exact_scores, correct: season.correct_results, provisional: season.provisional, gameweek: dash.recent_gameweeks[0]?.points_earned ?? 0 },
      results: { points: week.total_points, exact: week.exact_scores, correct: week.correct_results, provisional: week.provisional },
      resultPicks: byFixture((results.matches as ResultRow[]).filter((m) => m.predicted_home_score !== null).map((m) => [m.fixture_id, m.points_earned] as const)),
      history: { points: history.summary.totalPoints, exact: history.summary.totalExactScores, correct: history.summary.totalCorrect, gameweek: gameweek.points },
      historyPicks: byFixture(gameweek.matches.filter((m) => m.predictionHome !== null).map((m) => [m.fixtureId, m.points] as const)),
    };
  }

  type MemberLine = { user_id: number; rank: number | null; total_points: number; recent_points: number };
  const lineOf = (m: MemberLine) => ({ rank: m.rank, points: m.total_points, recent: m.recent_points });

  /**
   * The members list (whole, by points, a search by rank, and page by page), the member modal and
   * the player profile: the same ranks and points as the leaderboard, in its order.
   */
  async function membersAnswered(viewer: FastUser) {
    const list = async (query: Record<string, string | number>) =>
      (await sys.http.get(`/api/leagues/${leagueId}/members/enhanced/`).query(query).set(viewer.auth).expect(200)).body.data.members as MemberLine[];
    const byRank = await list({ sort: 'rank', page_size: 100 });
    const orders: Record<string, MemberLine[]> = {
      byPoints: await list({ sort: 'points', page_size: 100 }),
      searchByRank: await list({ sort: 'rank', search: 'live', page_size: 100 }),
      membersRoleByRank: await list({ sort: 'rank', role: 'member', page_size: 100 }),
      pageByPage: [...(await list({ sort: 'rank', page: 1, page_size: 4 })), ...(await list({ sort: 'rank', page: 2, page_size: 4 })), ...(await list({ sort: 'rank', page: 3, page_size: 4 }))],
    };
    const members = new Map(byRank.map((m) => [m.user_id, lineOf(m)]));
    const modal = new Map<number, { rank: number | null; points: number; profileRank: number | null; betterThan: number; profile: { points: number; exact: number; gameweek: number } }>();
    for (const p of [players[1], players[4]]) {
      const detail = (await sys.http.get(`/api/leagues/${leagueId}/members/${p.id}/`).set(viewer.auth).expect(200)).body.data;
      const profile = (await sys.http.get(`/api/leagues/${leagueId}/players/${p.id}/`).set(viewer.auth).expect(200)).body.data;
      modal.set(p.id, {
        rank: detail.member.rank,
        points: detail.member.total_points,
        profileRank: profile.player.rank,
        betterThan: detail.comparison.better_than_percent,
        profile: { points: profile.stats.total_points, exact: profile.stats.correct_scores, gameweek: profile.recent_gameweeks[0]?.points_earned ?? 0 },
      });
    }
    // The picks grid of the gameweek: its order, each row's totals, each pick's points.
    const grid = (await sys.http.get(`/api/leagues/${leagueId}/gameweeks/1/picks/`).query({ page_size: 100 }).set(viewer.auth).expect(200)).body.data;
    type GridRow = Figures & { user_id: number; picks: { fixture_id: number; points: number | null }[] };
    const gridRows = new Map(
      (grid.rows as GridRow[]).map((r) => [
        r.user_id,
        { rank: r.rank, points: r.points, exact: r.exact, correct: r.correct, provisional: r.provisional, picks: r.picks.map((p) => [p.fixture_id, p.points]) },
      ]),
    );
    orders.grid = (grid.rows as GridRow[]).map((r) => ({ user_id: r.user_id }) as MemberLine);
    // The hub: the viewer's own rank in the league.
    const overview = (await sys.http.get('/api/leagues/overview/').set(viewer.auth).expect(200)).body.data;
    const hubRank = (overview.private_leagues.leagues as { league: { id: number }; rank: number | null }[]).find((e) => e.league.id === leagueId)?.rank;
    return { members, gridRows, myGridRank: (grid.my_row as { rank: number | null } | null)?.rank, hub: { viewer: viewer.id, rank: hubRank }, byRank: byRank.map((m) => m.user_id), orders: Object.fromEntries(Object.entries(orders).map(([k, rows]) => [k, rows.map((m) => m.user_id)])), modal };
  }

  function expectAnswers(got: Awaited<ReturnType<typeof answered>>, want: Map<number, Figures>, when: string) {
    for (const p of players) {
      const w = want.get(p.id)!;
      expect([when, p.id, got.gameweek.get(p.id)]).toEqual([when, p.id, w]);
      expect([when, p.id, got.season.get(p.id)]).toEqual([when, p.id, w]);
      expect([when, p.id, got.leaderboard.get(p.id)]).toEqual([when, p.id, { rank: w.rank, points: w.points, provisional: w.provisional, recent: w.points }]);
      expect([when, p.id, got.members.get(p.id)]).toEqual([when, p.id, { rank: w.rank, points: w.points, recent: w.points }]);
      // A pick shows no points before its match has a score, and a postponed match's as void (0).
      const picks = PICKS[players.indexOf(p)].flatMap((pick, i) => {
        if (!pick) return [];
        const state = states[i];
        const scored = state !== null && (state.status === 'postponed' || state.home !== null);
        return [[fixtureIds[i], scored ? pickContribution(packPick(...pick), state).points : null]];
      });
      expect([when, p.id, got.gridRows.get(p.id)]).toEqual([when, p.id, { ...w, picks }]);
      // The fan's own screens count the goal too, each pick at its match's score.
      const own = got.own.get(p.id);
      if (own) {
        const figures = { points: w.points, exact: w.exact, correct: w.correct };
        expect([when, p.id, own]).toEqual([
          when,
          p.id,
          {
            dashboard: { ...figures, provisional: w.provisional, gameweek: w.points },
            results: { ...figures, provisional: w.provisional },
            resultPicks: byFixture(picks as [number, number | null][]),
            history: { ...figures, gameweek: w.points },
            historyPicks: byFixture(picks as [number, number | null][]),
          },
        ]);
      }
    }
    expect([when, got.myGridRank]).toEqual([when, want.get(got.hub.viewer)!.rank]);
    // Every list by rank or points is in the table's order (ties by user id), as the leaderboard is.
    const tableOrder = [...want.entries()].sort(([a, x], [b, y]) => x.rank - y.rank || a - b).map(([id]) => id);
    const nonOwners = tableOrder.filter((id) => id !== players[0].id);
    expect([when, got.byRank]).toEqual([when, tableOrder]);
    expect([when, got.orders]).toEqual([when, { byPoints: tableOrder, searchByRank: tableOrder, membersRoleByRank: nonOwners, pageByPage: tableOrder, grid: tableOrder }]);
    expect([when, got.hub]).toEqual([when, { viewer: got.hub.viewer, rank: want.get(got.hub.viewer)!.rank }]);
    for (const [id, m] of got.modal) {
      const w = want.get(id)!;
      const others = [...want.entries()].filter(([other]) => other !== id);
      const betterThan = Math.round((100 * others.filter(([, o]) => o.points < w.points).length) / others.length);
      expect([when, id, m]).toEqual([when, id, { rank: w.rank, points: w.points, profileRank: w.rank, betterThan, profile: { points: w.points, exact: w.exact, gameweek: w.points } }]);
    }
  }

  /** The season's scoring lock held on a connection of its own: a scorer that starts now waits for it. */
  async function holdScorer(): Promise<() => Promise<void>> {
    const runner = sys.db.createQueryRunner();
    await runner.connect();
    await runner.query(`SELECT pg_advisory_lock($1, $2)`, [SCORING_LOCK_NAMESPACE, seasonId]);
    return async () => {
      await runner.query(`SELECT pg_advisory_unlock($1, $2)`, [SCORING_LOCK_NAMESPACE, seasonId]);
      await runner.release();
    };
  }

  const storedPoints = async (): Promise<{ user_id: number; points: number }[]> =>
    sys.db.query(`SELECT user_id, points FROM user_season_totals WHERE season_id = $1 AND user_id = ANY($2::int[]) ORDER BY user_id`, [seasonId, players.map((p) => p.id)]);

  async function apply(action: Action): Promise<void> {
    const id = fixtureIds[action.fixture];
    if (action.kind === 'postpone') {
      await sys.http.post(`/api/admin/fixtures/${id}/postpone`).set(admin.auth).expect(200);
      states[action.fixture] = { status: 'postponed', home: null, away: null };
    } else {
      await sys.http.put(`/api/admin/fixtures/${id}/result`).set(admin.auth).send({ home_score: action.home, away_score: action.away, status: action.status }).expect(200);
      states[action.fixture] = { status: action.status, home: action.home, away: action.away };
    }
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const rows = await importActiveSeason(sys, admin, SEASON);
    fixtureIds = rows.map((r) => r.id);
    seasonId = rows[0].season_id;

    players = [];
    for (let i = 0; i < PICKS.length; i++) players.push(await fastUser(sys, `Live${i}`, 'Tables'));
    const created = await sys.http.post('/api/leagues/').set(players[0].auth).send({ name: 'Live Wire', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    for (const p of players.slice(1)) {
      await sys.http.post('/api/leagues/join/').set(p.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
      await sys.http.post(`/api/leagues/${leagueId}/approve-request/${p.id}/`).set(players[0].auth).expect(200);
    }
    for (const [p, picks] of PICKS.entries()) {
      const predictions = picks.flatMap((pick, i) => (pick ? [{ fixture: fixtureIds[i], home_score: pick[0], away_score: pick[1], is_banker: pick[2] }] : []));
      if (predictions.length > 0) await sys.http.post('/api/predictions/').set(players[p].auth).send({ predictions }).expect(200);
    }
    // Both matches kick off: the picks are final, the tables' bases hold them before the first goal.
    for (const id of fixtureIds) {
      await sys.http.patch(`/api/admin/fixtures/${id}`).set(admin.auth).send({ match_time: new Date(Date.now() - 60_000).toISOString() }).expect(200);
    }
    await sys.settle(60000);
  }, 120000);

  afterAll(async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys.close();
  });

  it('answers each goal, correction and postponement at once, and the same after the scorer has written it', async () => {
    expectAnswers(await answered(), expected(), 'kicked off');
    const action: fc.Arbitrary<Action> = fc.oneof(
      { weight: 5, arbitrary: fc.record({ fixture: fc.constantFrom<0 | 1>(0, 1), kind: fc.constant('result' as const), home: fc.nat(3), away: fc.nat(3), status: fc.constantFrom<'live' | 'finished'>('live', 'finished') }) },
      { weight: 1, arbitrary: fc.record({ fixture: fc.constantFrom<0 | 1>(0, 1), kind: fc.constant('postpone' as const) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 4 }), async (actions) => {
        for (const a of actions) {
          // Read once first, as fans keep the tables open: the API holds each table's base.
          await answered();
          const before = await storedPoints();
          const release = await holdScorer();
          try {
            await apply(a);
            const got = await answered();
            expectAnswers(got, expected(), `${JSON.stringify(a)}, scorer held`);
            // Nothing per fan was written yet: the answers came from the live tables.
            expect(await storedPoints()).toEqual(before);
          } finally {
            await release();
          }
          await sys.settle(60000);
          expectAnswers(await answered(), expected(), `${JSON.stringify(a)}, scored`);
        }
      }),
      { numRuns: 6 },
    );
  }, 300000);

  it("orders a big league's live members lists the same way (its shared pages, its filtered pages ordered within themselves)", async () => {
    const bigFrom = BIG_LEAGUE.members;
    // The league's nine members make it big, and its filtered lists (eight or nine matches) too many to order in full.
    BIG_LEAGUE.members = 3;
    const release = await holdScorer();
    try {
      await answered();
      await apply({ fixture: 1, kind: 'result', home: 2, away: 1, status: 'live' });
      expectAnswers(await answered(), expected(), 'a big league, scorer held');
    } finally {
      await release();
      BIG_LEAGUE.members = bigFrom;
    }
    await sys.settle(60000);
  }, 120000);

  it("tells a big league's members at the goal that its table moved, and not again when the stored table follows; a minute tick tells nothing", async () => {
    const bigFrom = BIG_LEAGUE.members;
    BIG_LEAGUE.members = 3;
    const socket = await connectLive(sys.baseUrl, players[1].token);
    const boards = () => socket.received.filter((r) => r.event === 'leaderboard.updated' && (r.payload as { leagueId: number }).leagueId === leagueId);
    try {
      const home = (states[1]?.home ?? 0) + 1;
      const release = await holdScorer();
      try {
        await apply({ fixture: 1, kind: 'result', home, away: 0, status: 'live' });
        // The scorer is held: nothing is stored yet, the push came with the goal.
        await expect(socket.waitFor('leaderboard.updated', (p) => p.leagueId === leagueId)).resolves.toEqual({ leagueId, changed: [], truncated: true });
        expectAnswers(await answered(), expected(), 'a big league told at the goal, scorer held');
      } finally {
        await release();
      }
      await sys.settle(60000);
      await sys.http.put(`/api/admin/fixtures/${fixtureIds[1]}/result`).set(admin.auth).send({ home_score: home, away_score: 0, status: 'live', minute: 77 }).expect(200);
      await socket.waitFor('fixture.updated', (p) => p.fixtureId === fixtureIds[1] && p.minute === 77);
      await sys.settle(60000);
      expect(boards()).toHaveLength(1);
    } finally {
      BIG_LEAGUE.members = bigFrom;
      socket.close();
    }
  }, 120000);

  it('answers the stored table while a scorer writes and no base is held yet (never a half-written one)', async () => {
    // A league the API has never read: no base.
    const created = await sys.http.post('/api/leagues/').set(players[1].auth).send({ name: 'Cold Start', type: 'private' }).expect(201);
    const coldId = created.body.data.id;
    await sys.http.post('/api/leagues/join/').set(players[2].auth).send({ type: 'private', code: created.body.data.code }).expect(200);
    await sys.http.post(`/api/leagues/${coldId}/approve-request/${players[2].id}/`).set(players[1].auth).expect(200);
    await sys.http.put(`/api/admin/fixtures/${fixtureIds[0]}/result`).set(admin.auth).send({ home_score: 0, away_score: 0, status: 'live' }).expect(200);
    states[0] = { status: 'live', home: 0, away: 0 };
    await sys.settle(60000);
    const read = async () =>
      (await sys.http.get(`/api/leagues/${coldId}/leaderboard/`).set(players[1].auth).expect(200)).body.data.current_user as { total_points: number; rank: number };
    const stored = expected().get(players[1].id)!;

    const release = await holdScorer();
    try {
      await apply({ fixture: 0, kind: 'result', home: 1, away: 0, status: 'live' });
      // The base cannot be read while the scorer may be half way: the stored (older, whole) table answers.
      expect(await read()).toMatchObject({ total_points: stored.points });
    } finally {
      await release();
    }
    await sys.settle(60000);
    expect(await read()).toMatchObject({ total_points: expected().get(players[1].id)!.points });
  }, 120000);

  it("keeps a league's live tables while a match day's many other leagues are read around it", async () => {
    const loads = async () => (await liveTableBaseLoads.get()).values.reduce((sum, v) => sum + v.value, 0);
    const readBoard = (id: number, viewer: FastUser) => sys.http.get(`/api/leagues/${id}/leaderboard/`).set(viewer.auth).expect(200);
    await readBoard(leagueId, players[0]);
    const others: { id: number; owner: FastUser }[] = [];
    for (let i = 0; i < 30; i++) {
      const owner = players[i % players.length];
      const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: `Side League ${i}`, type: 'private' }).expect(201);
      others.push({ id: created.body.data.id, owner });
    }
    // Each read of the league itself loads nothing: its bases stayed while the others' loaded.
    const readOwn = async () => {
      const before = await loads();
      await readBoard(leagueId, players[0]);
      expect(await loads()).toBe(before);
    };
    const before = await loads();
    for (const [i, other] of others.entries()) {
      await readBoard(other.id, other.owner);
      if (i % 10 === 9) await readOwn();
    }
    // Each other league loaded its bases (the season's, and the recent gameweek's once one is scored).
    expect(await loads()).toBeGreaterThanOrEqual(before + others.length);
  }, 120000);

  it("reloads a big table's live base for joins and leaves only once it is due, and after a recompute at once, answering the same meanwhile", async () => {
    const bigLoads = async () => (await liveTableBaseLoads.get()).values.filter((v) => v.labels.size === 'big').reduce((sum, v) => sum + v.value, 0);
    const board = async () =>
      ((await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).query({ page_size: 100 }).set(players[0].auth).expect(200)).body.data.leaderboard as {
        user_id: number;
        rank: number;
        total_points: number;
      }[]).map((r) => [r.user_id, r.rank, r.total_points]);
    const settled = async (what: string, above: number) => {
      await waitFor(what, async () => (await bigLoads()) > above, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return bigLoads();
    };
    const standings = sys.workers.get(StandingsService, { strict: false });
    // What a join or a leave ranked in place writes: a new version of the table, no recompute (standings.queries.ts).
    const movedInPlace = () => sys.db.query(`UPDATE league_standings_summary SET computed_at = clock_timestamp() WHERE league_id = $1`, [leagueId]);
    const expected = await board();
    const [bigFrom, reloadMs] = [BIG_TABLE.members, BIG_TABLE_MEMBERS_RELOAD.ms];
    BIG_TABLE.members = 1;
    BIG_TABLE_MEMBERS_RELOAD.ms = 60_000;
    try {
      // A recompute: the bases reload behind the reads (the old ones answer every score exactly meanwhile).
      let loaded = await bigLoads();
      await standings.recomputeLeague(leagueId);
      expect(await board()).toEqual(expected);
      loaded = await settled('the bases to reload after a recompute', loaded);
      // A join in place: the bases answer on, and nothing reloads.
      await movedInPlace();
      expect(await board()).toEqual(expected);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await board()).toEqual(expected);
      expect(await bigLoads()).toBe(loaded);
      // Once due, they reload behind the reads.
      BIG_TABLE_MEMBERS_RELOAD.ms = 0;
      expect(await board()).toEqual(expected);
      await settled('the bases to reload once due', loaded);
      expect(await board()).toEqual(expected);
    } finally {
      BIG_TABLE.members = bigFrom;
      BIG_TABLE_MEMBERS_RELOAD.ms = reloadMs;
    }
  }, 60000);
});
