import type { FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import { BIG_TABLE } from '@scoreline/backend/standings/league-tables.service';
import { BIG_TABLE_MEMBERS_RELOAD } from '@scoreline/backend/standings/kept-tables';
import { leagueTableLoads } from '@scoreline/backend/platform/metrics/metrics';
import { PeriodWinnersService, WINNERS_LOCK } from '@scoreline/backend/standings/period-winners.service';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import type { LeagueTableResponse, LeagueWinnersResponse } from '@scoreline/contracts/api/tables';
import { someoneWaitsOnLock, waitFor } from '../support/concurrency';
import { grantAdminRole } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { choosePreferences, clubsOf, fastUser, type FastUser } from '../leagues/league-test-helpers';

/**
 * Gameweek and monthly tables and their winners on the real system (API, workers, Postgres,
 * Redis): a made-up season of three gameweeks of two matches (gameweeks 1–2 start in January
 * 2086, gameweek 3 in February), four players whose picks are chosen so that every tie-breaker
 * decides something: points, then exact scores, then correct results, then a shared rank.
 *
 *            GW1 (2–1, 0–0)   GW2 (1–1, 3–0)   Jan (GW1+2)      GW3 (1–1, 0–0)   season
 *   Ana      20 e1 c1         25 e0 c2         45 e1 c3         30 e0 c1         75 e1 c4
 *   Ben      20 e0 c1 (bkr)   30 e1 c1         50 e1 c2         30 e0 c2         80 e1 c4
 *   Cat      20 e1 c1         30 e1 c1         50 e2 c2          0 e0 c0         50 e2 c2
 *   Dan       0 (no picks)    25 e0 c2         25 e0 c2          0 (no picks)    25 e0 c2
 */

const CLUBS = ['Arsenal FC', 'Chelsea FC', 'Liverpool FC', 'Everton FC'];
const match = (round: number, date: string, team1: number, team2: number) => ({ round: `Matchday ${round}`, date, time: '15:00', team1: CLUBS[team1], team2: CLUBS[team2] });
const SEASON: FootballJsonSeason = {
  // A name no other suite imports: suites share the run's database, and a re-import of the same
  // season would carry this suite's results into theirs.
  name: 'English Premier League 2086/87',
  matches: [
    match(1, '2086-01-12', 0, 1),
    match(1, '2086-01-13', 2, 3),
    match(2, '2086-01-26', 1, 2),
    match(2, '2086-01-27', 3, 0),
    match(3, '2086-02-09', 0, 2),
    match(3, '2086-02-10', 1, 3),
  ],
};

type Pick = [home: number, away: number, banker?: boolean] | null;

describe('league tables: gameweek and monthly tables, tie-breakers, winners', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let ana: FastUser, ben: FastUser, cat: FastUser, dan: FastUser, stranger: FastUser;
  let leagueId: number;
  let globalId: number;
  /** fixture ids by gameweek number, in kick-off order. */
  const fixtures = new Map<number, number[]>();

  const table = async (query: Record<string, unknown>, who: FastUser = ana): Promise<LeagueTableResponse> =>
    (await sys.http.get(`/api/leagues/${leagueId}/table/`).query(query).set(who.auth).expect(200)).body.data;
  const order = (t: LeagueTableResponse) => t.rows.map((r) => [r.full_name.split(' ')[0], r.rank, r.points, r.exact, r.correct]);
  const winners = async (id = leagueId): Promise<LeagueWinnersResponse> => (await sys.http.get(`/api/leagues/${id}/winners/`).set(ana.auth).expect(200)).body.data;
  const names = (w: { winners: { full_name: string }[] }) => w.winners.map((x) => x.full_name.split(' ')[0]).sort();
  const wonEntries = async (id = leagueId): Promise<{ kind: string; actor: string; message: string }[]> =>
    sys.db.query(
      `SELECT a.kind, u.first_name AS actor, a.message FROM league_activities a JOIN users u ON u.id = a.actor_user_id
       WHERE a.league_id = $1 AND a.kind IN ('gameweek_won', 'month_won') AND u.last_name = 'Tables' ORDER BY a.kind, a.message`,
      [id],
    );

  async function predict(player: FastUser, gameweek: number, picks: Pick[]) {
    const predictions = fixtures
      .get(gameweek)!
      .map((fixture, i) => (picks[i] ? { fixture, home_score: picks[i]![0], away_score: picks[i]![1], is_banker: picks[i]![2] === true } : null))
      .filter((p) => p !== null);
    const saved = await sys.http.post('/api/predictions/').set(player.auth).send({ predictions });
    if (saved.status !== 200) throw new Error(`predictions: ${saved.status} ${JSON.stringify(saved.body)}`);
  }

  async function result(fixture: number, home: number, away: number, status: 'live' | 'finished' = 'finished') {
    await sys.http.put(`/api/admin/fixtures/${fixture}/result`).set(admin.auth).send({ home_score: home, away_score: away, status }).expect(200);
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const imported = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season: SEASON, activate: true });
    expect([imported.status, imported.body.message, imported.body.errors]).toEqual([201, expect.anything(), undefined]);
    const rows: { id: number; number: number }[] = await sys.db.query(
      `SELECT f.id, g.number FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN seasons s ON s.id = f.season_id AND s.is_active
       ORDER BY g.number, f.kickoff_at`,
    );
    for (const r of rows) fixtures.set(r.number, [...(fixtures.get(r.number) ?? []), r.id]);

    ana = await fastUser(sys, 'Ana', 'Tables');
    ben = await fastUser(sys, 'Ben', 'Tables');
    cat = await fastUser(sys, 'Cat', 'Tables');
    dan = await fastUser(sys, 'Dan', 'Tables');
    stranger = await fastUser(sys, 'Stan', 'Stranger');
    const england = await clubsOf(sys, 'GB-ENG');
    for (const p of [ana, ben, cat, dan]) await choosePreferences(sys, p, england.countryId, england.clubIds[0]);
    const created = await sys.http.post('/api/leagues/').set(ana.auth).send({ name: 'Table Talk', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    for (const p of [ben, cat, dan]) {
      await sys.http.post('/api/leagues/join/').set(p.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
      await sys.http.post(`/api/leagues/${leagueId}/approve-request/${p.id}/`).set(ana.auth).expect(200);
    }
    [{ id: globalId }] = await sys.db.query(`SELECT id FROM leagues WHERE type = 'global' AND competition_code = 'en.1'`);

    await predict(ana, 1, [[2, 1], [2, 0]]);
    await predict(ben, 1, [[1, 0, true], [1, 2]]);
    await predict(cat, 1, [[2, 1], [2, 0]]);
  }, 120000);

  afterAll(async () => {
    // Suites share the run's database: leave no active season behind.
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys.close();
  });

  it('ranks a finished gameweek by points, then exact scores, and lets full ties share the rank and the win', async () => {
    const [f1, f2] = fixtures.get(1)!;
    await result(f1, 2, 1);
    await result(f2, 0, 0);
    await sys.settle();

    const gw1 = await table({ period: 'gameweek', gameweek: 1 });
    // Ben has Ana's and Cat's points but no exact score; Ana and Cat are equal on all three.
    expect(order(gw1)).toEqual([
      ['Ana', 1, 20, 1, 1],
      ['Cat', 1, 20, 1, 1],
      ['Ben', 3, 20, 0, 1],
      ['Dan', 4, 0, 0, 0],
    ]);
    expect(gw1).toMatchObject({ period: 'gameweek', gameweek: 1, completed: true, live: false, total_count: 4 });
    expect(gw1.rows.filter((r) => r.is_winner).map((r) => r.full_name)).toEqual(['Ana Tables', 'Cat Tables']);
    expect(gw1.current_user).toMatchObject({ user_id: ana.id, is_current_user: true });

    // The winners: one entry each, in the private league and in the global one.
    expect(await wonEntries()).toEqual([
      { kind: 'gameweek_won', actor: 'Ana', message: 'Ana Tables won Gameweek 1 with 20 points' },
      { kind: 'gameweek_won', actor: 'Cat', message: 'Cat Tables won Gameweek 1 with 20 points' },
    ]);
    expect((await wonEntries(globalId)).map((e) => e.actor)).toEqual(['Ana', 'Cat']);
    const w = await winners();
    expect(w.gameweeks.map((g) => [g.gameweek, g.points, names(g)])).toEqual([[1, 20, ['Ana', 'Cat']]]);
    // January is not over (gameweek 2 starts in it too): no month winner yet.
    expect(w.months).toEqual([]);
  }, 60000);

  it('moves the gameweek table while a match is live, provisional, with no winner yet', async () => {
    // Only the open gameweek takes predictions: gameweek 2 opened when gameweek 1 ended.
    await predict(ana, 2, [[0, 0], [1, 0]]);
    await predict(ben, 2, [[1, 1], [0, 3]]);
    await predict(cat, 2, [[1, 1], [0, 2]]);
    await predict(dan, 2, [[0, 0], [2, 0]]);
    const [f3] = fixtures.get(2)!;
    await result(f3, 1, 1, 'live');
    await sys.settle();
    const live = await table({ period: 'gameweek', gameweek: 2 });
    expect(live).toMatchObject({ completed: false, live: true });
    expect(order(live)).toEqual([
      ['Ben', 1, 30, 1, 1],
      ['Cat', 1, 30, 1, 1],
      ['Ana', 3, 15, 0, 1],
      ['Dan', 3, 15, 0, 1],
    ]);
    expect(live.rows.every((r) => !r.is_winner)).toBe(true);
    expect(live.rows.find((r) => r.full_name === 'Ben Tables')?.provisional).toBe(true);
    expect((await winners()).gameweeks).toHaveLength(1);
  }, 60000);

  it('ranks the month (gameweeks whose first match is in it) by the same rule and crowns its winner when its last gameweek ends', async () => {
    const [f3, f4] = fixtures.get(2)!;
    await result(f3, 1, 1);
    await result(f4, 3, 0);
    await sys.settle();

    const january = await table({ period: 'month', month: '2086-01' });
    expect(january).toMatchObject({ period: 'month', month: '2086-01', month_gameweeks: [1, 2], completed: true });
    // Ben and Cat both have 50: Cat's second exact score puts her first.
    expect(order(january)).toEqual([
      ['Cat', 1, 50, 2, 2],
      ['Ben', 2, 50, 1, 2],
      ['Ana', 3, 45, 1, 3],
      ['Dan', 4, 25, 0, 2],
    ]);
    expect(january.months).toEqual(['2086-01', '2086-02']);

    // The season table (all gameweeks so far) agrees, and so does the stored leaderboard.
    const season = await table({ period: 'season' });
    expect(order(season)).toEqual(order(january));
    const board = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).set(ana.auth).expect(200);
    expect(board.body.data.leaderboard.map((r: { name: string; rank: number }) => [r.name.split(' ')[0], r.rank])).toEqual([
      ['Cat', 1],
      ['Ben', 2],
      ['Ana', 3],
      ['Dan', 4],
    ]);

    const w = await winners();
    expect(w.gameweeks.map((g) => [g.gameweek, g.points, names(g)])).toEqual([
      [2, 30, ['Ben', 'Cat']],
      [1, 20, ['Ana', 'Cat']],
    ]);
    expect(w.months.map((m) => [m.month, m.points, names(m)])).toEqual([['2086-01', 50, ['Cat']]]);
    expect(await wonEntries()).toContainEqual({ kind: 'month_won', actor: 'Cat', message: 'Cat Tables won January 2086 with 50 points' });
  }, 60000);

  it('writes each winner entry once however often the events are replayed', async () => {
    const before = await sys.db.query(`SELECT id, league_id, dedupe_key, message FROM league_activities WHERE kind IN ('gameweek_won', 'month_won') ORDER BY id`);
    const settle = sys.workers.get(PeriodWinnersService, { strict: false });
    const gw2 = (await sys.db.query(`SELECT gameweek_id FROM fixtures WHERE id = $1`, [fixtures.get(2)![0]]))[0].gameweek_id;
    const again = await Promise.all([settle.settle(gw2), settle.settle(gw2)]);
    expect(again.flat()).toEqual([]);
    expect(await sys.db.query(`SELECT id, league_id, dedupe_key, message FROM league_activities WHERE kind IN ('gameweek_won', 'month_won') ORDER BY id`)).toEqual(before);
  }, 60000);

  it('breaks a tie on points and exact scores by correct results', async () => {
    await predict(ana, 3, [[2, 2, true], [1, 0]]);
    await predict(ben, 3, [[0, 0], [1, 1]]);
    await predict(cat, 3, [[3, 0], [2, 1]]);
    const [f5, f6] = fixtures.get(3)!;
    await result(f5, 1, 1);
    await result(f6, 0, 0);
    await sys.settle();
    const gw3 = await table({ period: 'gameweek', gameweek: 3 });
    expect(order(gw3)).toEqual([
      ['Ben', 1, 30, 0, 2],
      ['Ana', 2, 30, 0, 1],
      ['Cat', 3, 0, 0, 0],
      ['Dan', 3, 0, 0, 0],
    ]);
    const w = await winners();
    expect(w.gameweeks[0]).toMatchObject({ gameweek: 3, points: 30 });
    expect(names(w.gameweeks[0])).toEqual(['Ben']);
    expect(w.months.map((m) => [m.month, names(m)])).toEqual([
      ['2086-02', ['Ben']],
      ['2086-01', ['Cat']],
    ]);
  }, 60000);

  it('moves the win when a correction after the end changes the winner', async () => {
    const [f1] = fixtures.get(1)!;
    // 1–0 instead of 2–1: Ben's banker is now an exact score (40); Ana and Cat drop to 10.
    await result(f1, 1, 0);
    await sys.settle();
    const gw1 = await table({ period: 'gameweek', gameweek: 1 });
    expect(order(gw1)[0]).toEqual(['Ben', 1, 40, 1, 1]);
    const w = await winners();
    expect(w.gameweeks.find((g) => g.gameweek === 1)).toMatchObject({ points: 40 });
    expect(names(w.gameweeks.find((g) => g.gameweek === 1)!)).toEqual(['Ben']);
    // January: Ben 70 (2 exact), Cat 40, Ana 35.
    expect(w.months.find((m) => m.month === '2086-01')).toMatchObject({ points: 70 });
    expect(names(w.months.find((m) => m.month === '2086-01')!)).toEqual(['Ben']);
    const entries = await wonEntries();
    expect(entries.filter((e) => e.message.includes('Gameweek 1 ')).map((e) => e.actor)).toEqual(['Ben']);
    expect(entries.filter((e) => e.message.includes('January')).map((e) => e.actor)).toEqual(['Ben']);
    expect((await wonEntries(globalId)).filter((e) => e.message.includes('Gameweek 1 ')).map((e) => e.actor)).toEqual(['Ben']);
  }, 60000);

  it('settles on what it reads once it holds the lock: a settlement that waited behind another does not withdraw a win', async () => {
    const [, f6] = fixtures.get(3)!;
    const [{ gameweek_id: gw3, season_id: seasonId }] = await sys.db.query(`SELECT gameweek_id, season_id FROM fixtures WHERE id = $1`, [f6]);
    // Re-open gameweek 3: its win is withdrawn until it ends again.
    await result(f6, 0, 0, 'live');
    await sys.settle();
    expect((await winners()).gameweeks.map((g) => g.gameweek)).not.toContain(3);

    // A settlement starts while the gameweek is open and has to wait for the lock...
    const holder = sys.db.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock($1, $2)`, [WINNERS_LOCK, seasonId]);
      const settling = sys.workers.get(PeriodWinnersService, { strict: false }).settle(gw3);
      await waitFor('the settlement to wait for the lock', () => someoneWaitsOnLock(sys.db, 'pg_advisory_xact_lock'));
      // ...while the match ends and is scored for good (by hand, so no worker settles in between).
      await sys.db.query(`UPDATE fixtures SET status = 'finished' WHERE id = $1`, [f6]);
      await sys.db.query(`UPDATE predictions SET is_final = true WHERE fixture_id = $1`, [f6]);
      await holder.query(`SELECT pg_advisory_unlock($1, $2)`, [WINNERS_LOCK, seasonId]);
      const written = await settling;
      expect(written.map((e) => e.league_id)).toContain(leagueId);
    } finally {
      await holder.release();
    }
    expect(names((await winners()).gameweeks.find((g) => g.gameweek === 3)!)).toEqual(['Ben']);
    // The scorer catches up with the hand-made end (same points): the win stays.
    await result(f6, 0, 0);
    await sys.settle();
    expect(names((await winners()).gameweeks.find((g) => g.gameweek === 3)!)).toEqual(['Ben']);
  }, 60000);

  it('answers bad input with 400, unknown periods with 404, and hides a private league from non-members', async () => {
    const get = (query: Record<string, unknown>, who: FastUser = ana) => sys.http.get(`/api/leagues/${leagueId}/table/`).query(query).set(who.auth);
    expect((await get({ period: 'week' }).expect(400)).body.message).toBeDefined();
    await get({ period: 'month', month: '2086-13' }).expect(400);
    await get({ period: 'gameweek', gameweek: 'x' }).expect(400);
    await get({ page_size: 101 }).expect(400);
    await get({ period: 'gameweek', gameweek: 99 }).expect(404);
    await get({ period: 'month', month: '2095-05' }).expect(404);
    await get({ period: 'season' }, stranger).expect(404);
    await sys.http.get(`/api/leagues/${leagueId}/winners/`).set(stranger.auth).expect(404);
    // The global league is open to everyone, and pages with the caller's row always there.
    const page = (await sys.http.get(`/api/leagues/${globalId}/table/`).query({ period: 'gameweek', gameweek: 1, page_size: 1 }).set(dan.auth).expect(200)).body.data;
    expect(page.rows[0]).toMatchObject({ full_name: 'Ben Tables', rank: 1 });
    expect(page.current_user).toMatchObject({ user_id: dan.id });
  }, 60000);

  it('answers the same tables when every league counts as big (whole-table loads one at a time), read all at once across a new version', async () => {
    const queries = [{ period: 'season' }, { period: 'gameweek', gameweek: 1 }, { period: 'gameweek', gameweek: 2 }, { period: 'month', month: '2086-01' }];
    const read = (id: number, query: Record<string, unknown>) =>
      sys.http.get(`/api/leagues/${id}/table/`).query(query).set(ana.auth).then((res) => [res.status, order(res.body.data), res.body.data.total_count]);
    const readAll = () => Promise.all([leagueId, globalId].flatMap((id) => queries.map((q) => read(id, q))));
    const expected = await readAll();
    const before = BIG_TABLE.members;
    BIG_TABLE.members = 1;
    try {
      // Each league's standings recomputed while the reads run: a new version for every table.
      const standings = sys.workers.get(StandingsService, { strict: false });
      const [first, , second] = await Promise.all([readAll(), Promise.all([standings.recomputeLeague(leagueId), standings.recomputeLeague(globalId)]), readAll()]);
      expect(first).toEqual(expected);
      expect(second).toEqual(expected);
      expect(await readAll()).toEqual(expected);
    } finally {
      BIG_TABLE.members = before;
    }
  }, 60000);

  it("keeps a league's stored table while many small leagues' tables load (kept by members, not 24 by count)", async () => {
    const loads = async () => (await leagueTableLoads.get()).values.reduce((sum, v) => sum + v.value, 0);
    const owners = [ana, ben, cat, dan];
    const others: { id: number; owner: FastUser }[] = [];
    for (let i = 0; i < 30; i++) {
      const owner = owners[i % owners.length];
      const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: `Table Side ${i}`, type: 'private' }).expect(201);
      others.push({ id: created.body.data.id, owner });
    }
    await sys.settle(60000);
    await table({ period: 'season' });
    const before = await loads();
    for (const other of others) await sys.http.get(`/api/leagues/${other.id}/table/`).query({ period: 'season' }).set(other.owner.auth).expect(200);
    // Each small league's table loaded (so the stored tables answer here), and the first one stayed.
    expect(await loads()).toBe(before + others.length);
    await table({ period: 'season' });
    expect(await loads()).toBe(before + others.length);
  }, 120000);

  it("answers a big league's kept table across joins and leaves for a while, never across a recompute, and loads a fresh one once due", async () => {
    const bigLoads = async () => (await leagueTableLoads.get()).values.filter((v) => v.labels.size === 'big').reduce((sum, v) => sum + v.value, 0);
    const query = { period: 'gameweek', gameweek: 1 };
    const expected = order(await table(query));
    const standings = sys.workers.get(StandingsService, { strict: false });
    // What a join or a leave ranked in place writes: a new version of the table, no recompute (standings.queries.ts).
    const movedInPlace = () => sys.db.query(`UPDATE league_standings_summary SET computed_at = clock_timestamp() WHERE league_id = $1`, [leagueId]);
    const [bigFrom, reloadMs] = [BIG_TABLE.members, BIG_TABLE_MEMBERS_RELOAD.ms];
    BIG_TABLE.members = 1;
    BIG_TABLE_MEMBERS_RELOAD.ms = 60_000;
    try {
      // A recompute: the read waits for a fresh table.
      let before = await bigLoads();
      await standings.recomputeLeague(leagueId);
      expect(order(await table(query))).toEqual(expected);
      expect(await bigLoads()).toBe(before + 1);
      // A join in place: the kept table answers, and nothing loads, not even behind it.
      await movedInPlace();
      expect(order(await table(query))).toEqual(expected);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await bigLoads()).toBe(before + 1);
      // Once due, the kept table still answers and a fresh one loads behind it.
      BIG_TABLE_MEMBERS_RELOAD.ms = 0;
      expect(order(await table(query))).toEqual(expected);
      await waitFor('a fresh table behind the kept one', async () => (await bigLoads()) === before + 2, 10_000);
      // After a join, a recompute: the kept table no longer answers.
      BIG_TABLE_MEMBERS_RELOAD.ms = 60_000;
      await movedInPlace();
      before = await bigLoads();
      await standings.recomputeLeague(leagueId);
      expect(order(await table(query))).toEqual(expected);
      expect(await bigLoads()).toBe(before + 1);
    } finally {
      BIG_TABLE.members = bigFrom;
      BIG_TABLE_MEMBERS_RELOAD.ms = reloadMs;
    }
  }, 60000);
});
