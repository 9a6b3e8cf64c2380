import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { CrowdFixture, GameweekCrowd, GameweekPicksPage } from '@scoreline/contracts/api/picks';
import { CrowdService } from '@scoreline/backend/picks/crowd.service';
import { BIG_TABLE } from '@scoreline/backend/standings/league-tables.service';
import { BIG_TABLE_MEMBERS_RELOAD } from '@scoreline/backend/standings/kept-tables';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { waitFor } from '../support/concurrency';
import { connectLive, type LiveClient } from '../support/socket-client';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { sleep } from '../support/owned-processes';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Everyone's picks and the crowd on the real system. Bruno predicts 87-13 on every match, a
 * score nobody else names, so any answer that carries his picks is recognisable. Before the
 * deadline every GET the OpenAPI document lists (and every socket push) is walked as another
 * member and as a non-member and must not carry them; after the deadline the picks grid does.
 */

const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2085/86'); // a season no other suite imports
const SECRET: [number, number] = [87, 13];

/** True when the value carries the secret pair: one object with both numbers, or the two in a row in an array. */
function carriesSecret(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i + 1 < value.length; i++) if (value[i] === SECRET[0] && value[i + 1] === SECRET[1]) return true;
    return value.some(carriesSecret);
  }
  if (value !== null && typeof value === 'object') {
    const leaves = Object.values(value);
    if (leaves.includes(SECRET[0]) && leaves.includes(SECRET[1])) return true;
    return leaves.some(carriesSecret);
  }
  return false;
}

describe('everyone\'s picks and the crowd', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let alice: FastUser; // league owner, 2-1 banker on the first match
  let bruno: FastUser; // 87-13 everywhere, no banker
  let dana: FastUser; // 2-1 on the first match
  let eve: FastUser; // 1-1 banker on the first match
  let carl: FastUser; // not in the league: 0-2 banker on the first match
  let leagueId: number;
  let gameweekId: number;
  let fixtureIds: number[];
  const GW = 2;

  const get = (path: string, user: FastUser) => sys.http.get(path).set(user.auth);
  const grid = async (user: FastUser, query = ''): Promise<GameweekPicksPage> =>
    (await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, user).expect(200)).body.data;

  /** Every GET of the OpenAPI document a player can call, with its path filled in for this test. */
  async function playerGets(): Promise<string[]> {
    const docs = await sys.http.get('/api/docs-json').expect(200);
    const paths = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path)
      .filter((p) => !/^\/api\/(admin|docs|health|metrics|queue-board)/.test(p));
    const params: Record<string, string> = {
      n: String(GW),
      userId: String(bruno.id),
      player: String(bruno.id),
      leagueId: String(leagueId),
      // Invite previews and calendar feeds name no predictions; an unknown code or feed answers 404.
      code: 'NOSUCH99',
      file: 'no-such-feed.ics',
    };
    const queries: Record<string, string> = {
      '/api/stats/history': `?player=${bruno.id}`,
      '/api/crowd/gameweek/{n}': `?league_id=${leagueId}`,
    };
    return paths.flatMap((path) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        // {id} is a league everywhere except the predictions of a gameweek by id.
        if (name === 'id') return path.startsWith('/api/predictions/gameweek/') ? String(gameweekId) : String(leagueId);
        if (!(name in params)) throw new Error(`A new door: teach this test what ${name} is in ${path}`);
        return params[name];
      });
      // The history is walked both for the caller and for Bruno.
      return queries[path] ? [filled, filled + queries[path]] : [filled];
    });
  }

  /** Paths as the OpenAPI document writes them: no trailing slash before the query. */
  function bare(path: string): string {
    return path.replace(/\/(\?|$)/, '$1');
  }

  async function save(user: FastUser, scores: (i: number) => [number, number], bankerOnFirst: boolean): Promise<void> {
    const predictions = fixtureIds.map((fixture, i) => ({ fixture, home_score: scores(i)[0], away_score: scores(i)[1], is_banker: bankerOnFirst && i === 0 }));
    await sys.http.post('/api/predictions/').set(user.auth).send({ predictions }).expect(200);
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'pkadmin');
    await grantAdminRole(sys, admin.id);
    [alice] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Alice', last: 'Picker', onboarded: true });
    [bruno] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Bruno', last: 'Secret', onboarded: true });
    [dana] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Dana', last: 'Level', onboarded: true });
    [eve] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Eve', last: 'Draw', onboarded: true });
    [carl] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Carl', last: 'Outside', onboarded: true });

    await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: slice, shift_to_now: true }).expect(201);
    const listed: AdminFixture[] = (await sys.http.get(`/api/admin/fixtures/?gameweek=${GW}`).set(bearer(admin.token)).expect(200)).body.data;
    const ordered = [...listed].sort((a, b) => Date.parse(a.match_time) - Date.parse(b.match_time) || a.id - b.id);
    fixtureIds = ordered.map((f) => f.id);
    gameweekId = ordered[0].gameweek_id;

    const created = await sys.http.post('/api/leagues/').set(alice.auth).send({ name: 'Picks Club', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    for (const member of [bruno, dana, eve]) {
      await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
      await sys.http.post(`/api/leagues/${leagueId}/approve-request/${member.id}/`).set(alice.auth).expect(200);
    }
    await sys.settle();
  }, 120_000);

  afterAll(async () => {
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  describe('before the deadline', () => {
    let aliceSocket: LiveClient;
    let carlSocket: LiveClient;

    beforeAll(async () => {
      aliceSocket = await connectLive(sys.baseUrl, alice.token);
      carlSocket = await connectLive(sys.baseUrl, carl.token);
      await save(alice, (i) => (i === 0 ? [2, 1] : [1, 0]), true);
      await save(bruno, () => SECRET, false);
      await save(dana, (i) => (i === 0 ? [2, 1] : [0, 0]), false);
      await save(eve, (i) => (i === 0 ? [1, 1] : [3, 3]), true);
      await save(carl, (i) => (i === 0 ? [0, 2] : [1, 2]), true);
      await sys.settle();
    });

    afterAll(() => {
      aliceSocket?.close();
      carlSocket?.close();
    });

    it('no listed GET shows Bruno\'s picks to another member or to a non-member', async () => {
      const doors = await playerGets();
      // The walk covers the doors that carry predictions (a renamed route must not silently drop out).
      for (const door of [
        `/api/leagues/${leagueId}/gameweeks/${GW}/picks/`,
        `/api/crowd/gameweek/${GW}/?league_id=${leagueId}`,
        `/api/stats/history/?player=${bruno.id}`,
        `/api/leagues/${leagueId}/players/${bruno.id}/`,
        `/api/leagues/${leagueId}/members/${bruno.id}/`,
        `/api/leagues/${leagueId}/head-to-head/${bruno.id}/`,
        `/api/leagues/${leagueId}/activity/`,
        `/api/account/export/`,
        `/api/predictions/gameweek/${gameweekId}/`,
        `/api/predictions/gameweek/${GW}/user-stats/`,
      ]) {
        expect(doors).toContain(bare(door));
      }
      for (const viewer of [alice, carl]) {
        for (const door of doors) {
          const res = await get(door, viewer);
          expect(res.status).toBeLessThan(500);
          if (carriesSecret(res.body)) throw new Error(`${door} shows Bruno's picks to user ${viewer.id} before the deadline`);
        }
      }
      // Bruno himself sees them, so the detector does find them.
      expect(carriesSecret((await get(`/api/predictions/gameweek/${gameweekId}/`, bruno).expect(200)).body)).toBe(true);
    });

    it('the grid says not revealed and shows the caller only their own row', async () => {
      const page = await grid(alice);
      expect(page).toMatchObject({ revealed: false, rows: [], crowd: null, total_count: 0 });
      expect(page.my_row).toMatchObject({ user_id: alice.id, rank: null, is_current_user: true });
      expect(page.my_row!.picks[0]).toMatchObject({ fixture_id: fixtureIds[0], home_score: 2, away_score: 1, is_banker: true });
      const crowd: GameweekCrowd = (await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, alice).expect(200)).body.data;
      expect(crowd).toEqual({ gameweek_number: GW, revealed: false, everyone: null, league: null });
      expect(await sys.db.query(`SELECT 1 FROM crowd_figures WHERE gameweek_id = $1`, [gameweekId])).toHaveLength(0);
    });

    it('no socket push carried Bruno\'s picks', () => {
      for (const client of [aliceSocket, carlSocket]) expect(client.received.filter((r) => carriesSecret(r.payload))).toEqual([]);
    });

    it('a private league\'s grid and crowd answer 404 to a non-member', async () => {
      await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/`, carl).expect(404);
      await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, carl).expect(404);
    });
  });

  describe('after the deadline', () => {
    beforeAll(async () => {
      // The deadline (first kick-off) 1.5 s from now on the database's clock, then wait past it.
      await sys.db.query(`UPDATE gameweeks SET starts_at = now() + interval '1500 milliseconds' WHERE id = $1`, [gameweekId]);
      await sys.db.query(
        `UPDATE fixtures f SET kickoff_at = g.starts_at + (x.i - 1) * interval '10 minutes'
         FROM gameweeks g, (SELECT id, row_number() OVER (ORDER BY kickoff_at, id) AS i FROM fixtures WHERE gameweek_id = $1) x
         WHERE g.id = $1 AND f.id = x.id`,
        [gameweekId],
      );
      await sleep(2000);
    });

    it('the worker\'s check stores everyone\'s crowd once the gameweek locks, and only once', async () => {
      const crowd = sys.workers.get(CrowdService, { strict: false });
      await crowd.computeDue();
      const rows: { league_id: number | null }[] = await sys.db.query(`SELECT league_id FROM crowd_figures WHERE gameweek_id = $1`, [gameweekId]);
      expect(rows).toEqual([{ league_id: null }]);
      expect(await crowd.computeDue()).toBe(0);
    });

    it('shows every member\'s picks to every member, and still nothing to a non-member of a private league', async () => {
      const page = await grid(dana);
      expect(page.revealed).toBe(true);
      expect(page.rows.map((r) => r.user_id).sort()).toEqual([alice.id, bruno.id, dana.id, eve.id].sort());
      const brunoRow = page.rows.find((r) => r.user_id === bruno.id)!;
      expect(brunoRow.picks).toHaveLength(fixtureIds.length);
      expect(carriesSecret(brunoRow)).toBe(true);
      expect(carriesSecret((await get(`/api/stats/history/?player=${bruno.id}`, alice).expect(200)).body)).toBe(true);
      await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/`, carl).expect(404);
      await get(`/api/stats/history/?player=${bruno.id}`, carl).expect(404);
    });

    it('computes the crowd once, against the hand-computed figures, for the league and for everyone', async () => {
      const crowd: GameweekCrowd = (await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, eve).expect(200)).body.data;
      const first = (fixtures: CrowdFixture[]) => fixtures.find((f) => f.fixture_id === fixtureIds[0]);
      // League: Alice 2-1 (banker), Bruno 87-13, Dana 2-1, Eve 1-1 (banker).
      expect(first(crowd.league!.fixtures)).toEqual({
        fixture_id: fixtureIds[0],
        predictions: 4,
        split: { home: 75, draw: 25, away: 0 },
        top_scores: [
          { home: 2, away: 1, count: 2, percent: 50 },
          { home: 1, away: 1, count: 1, percent: 25 },
          { home: 87, away: 13, count: 1, percent: 25 },
        ],
        bankers: 2,
        exact_percent: null,
      });
      // Everyone: plus Carl 0-2 (banker).
      expect(first(crowd.everyone!)).toEqual({
        fixture_id: fixtureIds[0],
        predictions: 5,
        split: { home: 60, draw: 20, away: 20 },
        top_scores: [
          { home: 2, away: 1, count: 2, percent: 40 },
          { home: 1, away: 1, count: 1, percent: 20 },
          { home: 0, away: 2, count: 1, percent: 20 },
        ],
        bankers: 3,
        exact_percent: null,
      });
      expect(crowd.everyone).toHaveLength(fixtureIds.length);
      // Stored once per scope; a second read computes nothing more.
      const stamps = await sys.db.query(`SELECT league_id, computed_at FROM crowd_figures WHERE gameweek_id = $1 ORDER BY league_id NULLS FIRST`, [gameweekId]);
      expect(stamps).toHaveLength(2);
      await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, alice).expect(200);
      expect(await sys.db.query(`SELECT league_id, computed_at FROM crowd_figures WHERE gameweek_id = $1 ORDER BY league_id NULLS FIRST`, [gameweekId])).toEqual(stamps);
      // The grid's header carries the league's crowd.
      expect(first((await grid(alice)).crowd!)).toEqual(first(crowd.league!.fixtures));
    });

    it('moves points with a live score, then gives the exact-score share at full time', async () => {
      await sys.http.put(`/api/admin/fixtures/${fixtureIds[0]}/result`).set(bearer(admin.token)).send({ home_score: 2, away_score: 1, status: 'live', minute: 60 }).expect(200);
      await sys.settle();
      const live = await grid(alice);
      const aliceRow = live.rows.find((r) => r.user_id === alice.id)!;
      expect(aliceRow).toMatchObject({ rank: 1, points: 40, provisional: true });
      expect(aliceRow.picks[0]).toMatchObject({ points: 40, outcome: 'exact', provisional: true });

      await sys.http.put(`/api/admin/fixtures/${fixtureIds[0]}/result`).set(bearer(admin.token)).send({ home_score: 2, away_score: 1, status: 'finished' }).expect(200);
      await sys.settle();
      await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, carl).expect(404);
      const everyone: GameweekCrowd = (await get(`/api/crowd/gameweek/${GW}/`, carl).expect(200)).body.data;
      expect(everyone.everyone!.find((f) => f.fixture_id === fixtureIds[0])!.exact_percent).toBe(40);
      const league: GameweekCrowd = (await get(`/api/crowd/gameweek/${GW}/?league_id=${leagueId}`, dana).expect(200)).body.data;
      expect(league.league!.fixtures.find((f) => f.fixture_id === fixtureIds[0])!.exact_percent).toBe(50);
    });

    it('sorts by the gameweek\'s points, pages, searches and pins my row', async () => {
      // Alice 40 (exact, banker), Dana 20 (exact), Bruno 10 (right winner), Eve 0.
      const first = await grid(eve, '?page_size=2');
      expect(first.rows.map((r) => [r.user_id, r.rank, r.points])).toEqual([
        [alice.id, 1, 40],
        [dana.id, 2, 20],
      ]);
      expect(first).toMatchObject({ page: 1, page_size: 2, total_count: 4, total_pages: 2, has_next: true });
      expect(first.my_row).toMatchObject({ user_id: eve.id, rank: 4, points: 0, is_current_user: true });
      const second = await grid(eve, '?page=2&page_size=2');
      expect(second.rows.map((r) => r.user_id)).toEqual([bruno.id, eve.id]);
      expect(second.rows[1].is_current_user).toBe(true);
      // The page is cached once for every reader: the marker is the caller's alone.
      const secondForAlice = await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/?page=2&page_size=2`, alice).expect(200);
      expect(secondForAlice.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(secondForAlice.body.data.rows.map((r: { is_current_user: boolean }) => r.is_current_user)).toEqual([false, false]);
      expect(secondForAlice.text).toBe(JSON.stringify(secondForAlice.body));
      // The ETag (from the cached parts' digests) revalidates the same answer, and only it.
      const etag = secondForAlice.headers.etag as string;
      await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/?page=2&page_size=2`, alice).set('If-None-Match', etag).expect(304);
      const forEve = await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/?page=2&page_size=2`, eve).set('If-None-Match', etag).expect(200);
      expect(forEve.headers.etag).not.toBe(etag);
      await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/?page=1&page_size=2`, alice).set('If-None-Match', etag).expect(200);
      const found = await grid(alice, '?search=dAnA');
      expect(found.rows.map((r) => [r.user_id, r.rank])).toEqual([[dana.id, 2]]);
      expect(found.total_count).toBe(1);
      expect(found.my_row).toMatchObject({ user_id: alice.id, rank: 1 });
      expect((await grid(alice, '?search=nobody-like-this')).rows).toEqual([]);
    });

    it('keeps the page written once for every reader, with each caller\'s own row read fresh every time', async () => {
      // Neither Eve nor Bruno is on the first page of two (Alice, Dana): one page, two own rows.
      const query = '?page=1&page_size=2';
      const [forEve, forBruno] = [await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, eve).expect(200), await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, bruno).expect(200)];
      const { my_row: eveRow, ...eveRest } = forEve.body.data as GameweekPicksPage;
      const { my_row: brunoRow, ...brunoRest } = forBruno.body.data as GameweekPicksPage;
      expect(eveRest).toEqual(brunoRest);
      expect([eveRow!.user_id, brunoRow!.user_id]).toEqual([eve.id, bruno.id]);
      expect(forEve.headers.etag).not.toBe(forBruno.headers.etag);
      expect(forEve.text).toBe(JSON.stringify(forEve.body));
      // The scorer's write of Eve's totals, before any recompute: her own row says it at once, the page
      // (whose order waits for the recompute) and its tag for another caller do not move.
      const [{ points }]: { points: number }[] = await sys.db.query(`SELECT points FROM user_gameweek_totals WHERE user_id = $1 AND gameweek_id = $2`, [eve.id, gameweekId]);
      await sys.db.query(`UPDATE user_gameweek_totals SET points = points + 7 WHERE user_id = $1 AND gameweek_id = $2`, [eve.id, gameweekId]);
      try {
        const again = await grid(eve, query);
        expect(again.my_row).toMatchObject({ user_id: eve.id, points: points + 7 });
        expect({ ...again, my_row: eveRow }).toEqual(forEve.body.data);
        await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, bruno).set('If-None-Match', forBruno.headers.etag as string).expect(304);
        await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, eve).set('If-None-Match', forEve.headers.etag as string).expect(200);
      } finally {
        await sys.db.query(`UPDATE user_gameweek_totals SET points = $3 WHERE user_id = $1 AND gameweek_id = $2`, [eve.id, gameweekId, points]);
      }
      // A HEAD is answered without the body.
      const head = await sys.http.head(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`).set(eve.auth).expect(200);
      expect(head.text ?? '').toBe('');
      // The fixtures moved since the grid's crowd was last read (full time): the kept page is not that one.
      expect((await grid(alice)).crowd!.find((f) => f.fixture_id === fixtureIds[0])!.exact_percent).toBe(50);
    });

    it('refuses bad input with 4xx in the error shape', async () => {
      for (const query of ['?page=0', '?page_size=101', '?page=x', '?sort=name']) {
        const res = await get(`/api/leagues/${leagueId}/gameweeks/${GW}/picks/${query}`, alice);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      await get(`/api/leagues/${leagueId}/gameweeks/99/picks/`, alice).expect(404);
      await get(`/api/leagues/${leagueId}/gameweeks/abc/picks/`, alice).expect(404);
      await get(`/api/crowd/gameweek/${GW}/?league_id=-1`, alice).expect(400);
    });

    it("keeps a big league's order across a join ranked in place until a fresh one is due, and loads it behind the reads then", async () => {
      const [bigFrom, reloadMs] = [BIG_TABLE.members, BIG_TABLE_MEMBERS_RELOAD.ms];
      BIG_TABLE.members = 1;
      BIG_TABLE_MEMBERS_RELOAD.ms = 60_000;
      const standings = sys.workers.get(StandingsService, { strict: false });
      const shown = async () => (await grid(alice, '?page_size=50')).rows.map((r) => r.user_id);
      const [nora] = await insertVerifiedUsers(sys, 1, 'pk', { first: 'Nora', last: 'Newcomer', onboarded: true });
      try {
        await standings.recomputeLeague(leagueId); // a recompute: the next read waits for a fresh order
        const before = await shown();
        expect(before).toHaveLength(4);
        // Nora joins, ranked in place (standings.queries.ts): a new version of the table, no recompute.
        await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, nora.id]);
        await sys.db.query(`UPDATE league_standings_summary SET computed_at = clock_timestamp() WHERE league_id = $1`, [leagueId]);
        expect(await shown()).toEqual(before);
        // Due: the kept order answers while the fresh one loads, and then the fresh one.
        BIG_TABLE_MEMBERS_RELOAD.ms = 0;
        expect(await shown()).toEqual(before);
        await waitFor('the fresh order with Nora', async () => (await shown()).includes(nora.id), 10_000);
      } finally {
        BIG_TABLE.members = bigFrom;
        BIG_TABLE_MEMBERS_RELOAD.ms = reloadMs;
        await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, nora.id]);
        await standings.recomputeLeague(leagueId);
      }
    });
  });
});
