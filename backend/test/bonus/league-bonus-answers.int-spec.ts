import type { LeagueBonusAnswers } from '@scoreline/contracts/api/bonus';
import type { EnhancedMembersResponse, LeaderboardResponse, LeaguePlayerProfile } from '@scoreline/contracts/api/leagues';
import type { LeagueTableResponse } from '@scoreline/contracts/api/tables';
import { ensureCompetition } from '../support/competitions';
import { grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Everyone's answers to a competition's bonus questions, seen from a league (issue 34 §3), on the
 * real system. A tournament of the suite's own (named rounds of national teams, its first kick-off
 * two days away); a private league of Ana (owner), Ben and Cat; Zed outside it. Ben names a top
 * scorer nobody else names, so any answer carrying his answers is recognisable. Before the first
 * kick-off every GET the OpenAPI document lists is walked as Ana and as Zed and must not carry it;
 * from the kick-off on the league's bonus view shows everyone's answers, and their points once
 * settled. Beside the names in the league's tables: a fan's national team in the tournament,
 * else their club.
 */

const DAY = 24 * 3600 * 1000;
const BEN_SECRET = 'Benzorquix Striker';
const ANA_SCORER = 'Anaxa Goalgetter';

describe("a league's view of everyone's bonus answers", () => {
  let sys: TestSystem;
  let admin: FastUser;
  let ana: FastUser, ben: FastUser, cat: FastUser, zed: FastUser;
  let competition: string;
  let seasonId: number;
  let gameweekId: number;
  let firstFixture: number;
  let firstKickoff: Date;
  let leagueId: number;
  let nations: { id: number; name: string }[];
  let club: { id: number; name: string };

  const get = (path: string, user: FastUser) => sys.http.get(path).set(user.auth);
  const bonusOf = async (user: FastUser, query = ''): Promise<LeagueBonusAnswers> => (await get(`/api/leagues/${leagueId}/bonus/${query}`, user).expect(200)).body.data;
  const carries = (res: { text?: string; body: unknown }, secret: string) => (res.text ?? JSON.stringify(res.body)).toLowerCase().includes(secret.toLowerCase());

  /** Every GET of the OpenAPI document a player can call, with its path filled in for this test. */
  async function playerGets(): Promise<string[]> {
    const docs = await sys.http.get('/api/docs-json').expect(200);
    const paths = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path)
      .filter((p) => !/^\/api\/(admin|docs|health|metrics|queue-board)/.test(p));
    const params: Record<string, string> = {
      n: '1',
      userId: String(ben.id),
      player: String(ben.id),
      leagueId: String(leagueId),
      code: 'NOSUCH99',
      file: 'no-such-feed.ics',
    };
    return paths.flatMap((path) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        // {id}: a gameweek in the predictions of a gameweek, a season under /seasons, else a league.
        if (name === 'id') return path.startsWith('/api/predictions/gameweek/') ? String(gameweekId) : path.startsWith('/api/seasons/') ? String(seasonId) : String(leagueId);
        if (!(name in params)) throw new Error(`A new door: teach this test what ${name} is in ${path}`);
        return params[name];
      });
      return path === '/api/stats/history' ? [filled, `${filled}?player=${ben.id}`] : [filled];
    });
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    const tag = Date.now().toString(36);
    [admin] = await insertVerifiedUsers(sys, 1, 'lbadmin', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    const players: FastUser[] = [];
    for (const first of ['Ana', 'Ben', 'Cat', 'Zed']) players.push((await insertVerifiedUsers(sys, 1, 'lb', { first, last: 'Answers', onboarded: true }))[0]);
    [ana, ben, cat, zed] = players;

    // A tournament of the suite's own, so its active season sits beside any other suite's.
    competition = await ensureCompetition(sys.db, `lb${tag}`.slice(0, 16), 'League Bonus Cup');
    [{ id: seasonId }] = await sys.db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2097', $2, true) RETURNING id`, [
      `League Bonus Cup ${tag}`,
      competition,
    ]);
    nations = await sys.db.query(
      `INSERT INTO clubs (name, short_name, kind) SELECT 'Bonusland ' || $1 || ' ' || i, 'BL' || i, 'national' FROM generate_series(1, 2) AS i ORDER BY i RETURNING id, name`,
      [tag],
    );
    [club] = await sys.db.query(`INSERT INTO clubs (name, short_name) VALUES ('Answers Club ' || $1, 'ANC') RETURNING id, name`, [tag]);
    firstKickoff = new Date(Date.now() + 2 * DAY);
    [{ id: gameweekId }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, name, kind, starts_at, ends_at) VALUES ($1, 1, 'Matchday 1', 'group', $2, $2) RETURNING id`,
      [seasonId, firstKickoff],
    );
    [{ id: firstFixture }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, group_name) VALUES ($1, $2, $3, $4, $5, 'A') RETURNING id`,
      [seasonId, gameweekId, nations[0].id, nations[1].id, firstKickoff],
    );
    // Ana's club and Ben's: Ana's national team in the tournament goes before hers.
    await sys.db.query(`UPDATE users SET club_id = $2 WHERE id = ANY($1::int[])`, [[ana.id, ben.id], club.id]);

    await sys.http.put(`/api/competitions/${competition}/play/`).set(ana.auth).send({ team_id: nations[0].id }).expect(200);
    const created = await sys.http.post('/api/leagues/').set(ana.auth).send({ name: 'Bonus Answers Club', type: 'private', competition }).expect(201);
    leagueId = created.body.data.id;
    for (const member of [ben, cat]) {
      await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'private', code: created.body.data.code }).expect(200);
      await sys.http.post(`/api/leagues/${leagueId}/approve-request/${member.id}/`).set(ana.auth).expect(200);
    }
    const answer = (who: FastUser, answers: object) => sys.http.put(`/api/seasons/${seasonId}/bonus/`).set(who.auth).send({ answers }).expect(200);
    await answer(ana, { champion: nations[0].id, top_scorer: ANA_SCORER });
    await answer(ben, { champion: nations[1].id, top_scorer: BEN_SECRET });
    await sys.settle();
  }, 120_000);

  afterAll(async () => {
    // Suites share the run's database: leave no active season of this suite behind.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
    await sys?.close();
  });

  describe('before the first kick-off', () => {
    it("no listed GET shows Ben's answers to another member or to a non-member", async () => {
      const doors = await playerGets();
      // The walk covers the doors that show a fan or answers (a renamed route must not silently drop out).
      for (const door of [
        `/api/leagues/${leagueId}/bonus`,
        `/api/leagues/${leagueId}/questions`,
        `/api/leagues/${leagueId}/gameweeks/1/picks`,
        `/api/leagues/${leagueId}/players/${ben.id}`,
        `/api/leagues/${leagueId}/members/${ben.id}`,
        `/api/leagues/${leagueId}/head-to-head/${ben.id}`,
        `/api/leagues/${leagueId}/activity`,
        `/api/seasons/${seasonId}/bonus`,
        '/api/account/export',
      ]) {
        expect(doors).toContain(door);
      }
      for (const viewer of [ana, zed]) {
        for (const door of doors) {
          const res = await get(door, viewer);
          expect(res.status).toBeLessThan(500);
          if (carries(res, BEN_SECRET)) throw new Error(`${door} shows Ben's answers to user ${viewer.id} before the first kick-off`);
        }
      }
      // Ben himself sees his answers (his screen and his own export), so the detector does find them.
      expect(carries(await get(`/api/seasons/${seasonId}/bonus/`, ben).expect(200), BEN_SECRET)).toBe(true);
      expect(carries(await get(`/api/leagues/${leagueId}/bonus/`, ben).expect(200), BEN_SECRET)).toBe(true);
    }, 120_000);

    it("answers the caller's own answers and when everyone's appear, and nobody else's", async () => {
      const view = await bonusOf(ana);
      expect(view).toMatchObject({ league_id: leagueId, season_id: seasonId, revealed: false, rows: [], total_count: 0, my_points: 0 });
      expect(Date.parse(view.revealed_at!)).toBe(firstKickoff.getTime());
      expect(view.my_answers).toEqual([
        { question: 'champion', answer: nations[0].id, label: nations[0].name, points: null },
        { question: 'top_scorer', answer: ANA_SCORER, label: ANA_SCORER, points: null },
      ]);
      expect(view.questions.map((q) => [q.key, q.right_answers])).toEqual([
        ['champion', null],
        ['top_scorer', null],
      ]);
      // Cat answered nothing: her own answers are none.
      expect((await bonusOf(cat)).my_answers).toEqual([]);
    });
  });

  describe('access and parameters', () => {
    it('answers 404 to a non-member of a private league, as the picks grid does, and for no such league', async () => {
      const hidden = await get(`/api/leagues/${leagueId}/bonus/`, zed).expect(404);
      const picks = await get(`/api/leagues/${leagueId}/gameweeks/1/picks/`, zed).expect(404);
      expect(hidden.body.message).toBe(picks.body.message);
      expect(hidden.body.message).toBe('League not found.');
      await get('/api/leagues/2000000000/bonus/', ana).expect(404);
      await get('/api/leagues/abc/bonus/', ana).expect(404);
    });

    it('answers 400 naming the parameter that cannot be', async () => {
      const bad = async (query: string, field: string) => {
        const { body } = await get(`/api/leagues/${leagueId}/bonus/${query}`, ana).expect(400);
        expect(Object.keys(body.errors)).toEqual([field]);
      };
      await bad('?page=0', 'page');
      await bad('?page=x', 'page');
      await bad('?page_size=101', 'page_size');
      await bad('?sort=points', 'sort');
      await bad(`?search=${'a'.repeat(101)}`, 'search');
      await bad('?secret=1', 'secret');
    });
  });

  describe('beside the names in a tournament league', () => {
    it("shows a fan's national team in the tournament, else their club", async () => {
      const teams = (rows: { full_name: string; team_name: string | null }[]) => Object.fromEntries(rows.map((r) => [r.full_name.split(' ')[0], r.team_name]));
      const expected = { Ana: nations[0].name, Ben: club.name, Cat: null };
      const table: LeagueTableResponse = (await get(`/api/leagues/${leagueId}/table/`, ben).expect(200)).body.data;
      expect(teams(table.rows)).toEqual(expected);
      const gameweek: LeagueTableResponse = (await get(`/api/leagues/${leagueId}/table/?period=gameweek&gameweek=1`, ben).expect(200)).body.data;
      expect(teams(gameweek.rows)).toEqual(expected);
      const board: LeaderboardResponse = (await get(`/api/leagues/${leagueId}/leaderboard/`, ben).expect(200)).body.data;
      expect(teams(board.leaderboard)).toEqual(expected);
      const members: EnhancedMembersResponse = (await get(`/api/leagues/${leagueId}/members/enhanced/`, ben).expect(200)).body.data;
      expect(teams(members.members)).toEqual(expected);
      const profile: LeaguePlayerProfile = (await get(`/api/leagues/${leagueId}/players/${ana.id}/`, ben).expect(200)).body.data;
      expect(profile.player.team).toBe(nations[0].name);
      // The caller's own row off the page, which the leaderboard's head reads.
      const own: LeaderboardResponse = (await get(`/api/leagues/${leagueId}/leaderboard/?page=2&page_size=1`, ana).expect(200)).body.data;
      expect(own.leaderboard.map((r) => [r.user_id, r.team_name])).toEqual([
        [ben.id, club.name],
        [ana.id, nations[0].name],
      ]);
    });
  });

  describe('from the first kick-off on', () => {
    beforeAll(async () => {
      // The first kick-off a moment ago: answers are locked, and shown.
      await sys.db.query(`UPDATE gameweeks SET starts_at = now() - interval '1 minute' WHERE id = $1`, [gameweekId]);
      await sys.db.query(`UPDATE fixtures SET kickoff_at = now() - interval '1 minute' WHERE id = $1`, [firstFixture]);
    });

    it("shows every member's answers, in the table's order or by name, paged and searchable", async () => {
      const view = await bonusOf(ben, '?sort=name');
      expect(view).toMatchObject({ revealed: true, total_count: 3, page: 1, page_size: 25 });
      expect(view.rows.map((r) => [r.full_name, r.is_current_user, r.answers.map((a) => a.label), r.points])).toEqual([
        ['Ana Answers', false, [nations[0].name, ANA_SCORER], 0],
        ['Ben Answers', true, [nations[1].name, BEN_SECRET], 0],
        ['Cat Answers', false, [], 0],
      ]);
      expect(view.rows[0].answers.map((a) => a.points)).toEqual([null, null]);
      // Saving is closed at the lock.
      await sys.http.put(`/api/seasons/${seasonId}/bonus/`).set(ben.auth).send({ answers: { top_scorer: 'Someone Else' } }).expect(409);

      const paged = await bonusOf(ana, '?sort=name&page=2&page_size=2');
      expect(paged.rows.map((r) => r.full_name)).toEqual(['Cat Answers']);
      expect(paged).toMatchObject({ total_count: 3, total_pages: 2, has_previous: true, has_next: false });
      expect((await bonusOf(ana, '?search=ben')).rows.map((r) => r.user_id)).toEqual([ben.id]);
      // By rank (the default): everyone level on 0 points, ties by user id.
      expect((await bonusOf(cat)).rows.map((r) => r.user_id)).toEqual([ana.id, ben.id, cat.id]);
    });

    it('gives each answer its points once its question is settled, right and wrong', async () => {
      await sys.http.put(`/api/admin/seasons/${seasonId}/bonus/top_scorer`).set(admin.auth).send({ right_answers: ['anaxa goalgetter'] }).expect(200);
      let view = await bonusOf(cat, '?sort=name');
      expect(view.questions.find((q) => q.key === 'top_scorer')).toMatchObject({ right_answers: [{ value: 'anaxa goalgetter', label: 'anaxa goalgetter' }], settled_by: 'operator' });
      expect(view.rows.map((r) => [r.full_name, r.answers.map((a) => [a.question, a.points]), r.points])).toEqual([
        ['Ana Answers', [['champion', null], ['top_scorer', 20]], 20],
        ['Ben Answers', [['champion', null], ['top_scorer', 0]], 0],
        ['Cat Answers', [], 0],
      ]);

      await sys.http.put(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).send({ right_answers: [nations[1].id] }).expect(200);
      view = await bonusOf(ben, '?sort=name');
      expect(view.questions.find((q) => q.key === 'champion')?.right_answers).toEqual([{ value: nations[1].id, label: nations[1].name }]);
      expect(view.rows.map((r) => r.points)).toEqual([20, 20, 0]);
      expect(view.my_answers.map((a) => [a.question, a.points])).toEqual([
        ['champion', 20],
        ['top_scorer', 0],
      ]);
      expect(view.my_points).toBe(20);
      // The season table counts them (bonus_points), as the view does.
      await sys.settle();
      const table: LeagueTableResponse = (await get(`/api/leagues/${leagueId}/table/`, ben).expect(200)).body.data;
      expect(Object.fromEntries(table.rows.map((r) => [r.full_name, r.bonus_points]))).toEqual({ 'Ana Answers': 20, 'Ben Answers': 20, 'Cat Answers': 0 });
    });

    it('still answers 404 to a non-member of the private league', async () => {
      const { body } = await get(`/api/leagues/${leagueId}/bonus/`, zed).expect(404);
      expect(body.message).toBe('League not found.');
      expect(carries({ body }, BEN_SECRET)).toBe(false);
    });
  });
});
