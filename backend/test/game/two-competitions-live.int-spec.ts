import type { LeaderboardResponse } from '@scoreline/contracts/api/leagues';
import { ensureCompetition } from '../support/competitions';
import { grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Two competitions live at once (issue 34 §4, docs/competitions.md): a Premier League
 * slice shifted to now and a small cup written in SQL, both active, each with an open round. Fans
 * play one or both; deadlines, "one banker per round", tables and winners stay each competition's
 * own; `?competition=` answers each and the default answers the fan's current competition.
 */
describe('two competitions live at once', () => {
  const CUP = 'tw.cup';
  let sys: TestSystem;
  let admin: FastUser;
  /** Plays the Premier League only. */
  let plFan: FastUser;
  /** Plays both, the cup being their current competition. */
  let both: FastUser;
  /** Plays the cup only. */
  let cupFan: FastUser;
  /** Plays both (the Premier League first), no current competition chosen. */
  let bothNoChoice: FastUser;
  /** Plays both (the cup first, though its season is the newer), no current competition chosen. */
  let cupFirstNoChoice: FastUser;
  let previouslyActive: number[] = [];
  /** Public leagues of each competition (both + plFan; both + cupFan), made through the API. */
  let plMates: number;
  let cupMates: number;
  const pl = { seasonId: 0, gameweekId: 0, fixtureIds: [] as number[] };
  const cup = { seasonId: 0, gameweekId: 0, fixtureIds: [] as number[] };

  const save = (fan: FastUser, predictions: { fixture: number; home_score: number; away_score: number; is_banker?: boolean }[]) =>
    sys.http.post('/api/predictions/').set(fan.auth).send({ predictions: predictions.map((p) => ({ is_banker: false, ...p })) });
  const currentGameweekId = async (fan: FastUser, competition?: string): Promise<number> =>
    (await sys.http.get('/api/predictions/current/').query(competition === undefined ? {} : { competition }).set(fan.auth).expect(200)).body.data.gameweek.id;
  const globalLeagueOf = async (code: string): Promise<number> =>
    (await sys.db.query(`SELECT id FROM leagues WHERE type = 'global' AND competition_code = $1`, [code]))[0].id;
  /** The fan's points in the league as its leaderboard shows them (the caller's own row is always in it). */
  const pointsIn = async (leagueId: number, fan: FastUser): Promise<number | undefined> => {
    const body: LeaderboardResponse = (await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).set(fan.auth).expect(200)).body.data;
    return body.leaderboard.find((r) => r.user_id === fan.id)?.total_points;
  };
  const isMember = async (leagueId: number, fan: FastUser): Promise<boolean> =>
    (await sys.db.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, fan.id])).length > 0;
  /** The stored tables' summaries of this suite's own leagues (the shared global ones may be repaired by the reconciler meanwhile). */
  const summaries = (leagueId: number) => sys.db.query(`SELECT season_id, computed_at FROM league_standings_summary WHERE league_id = $1`, [leagueId]);

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, plFan, both, cupFan, bothNoChoice, cupFirstNoChoice] = await insertVerifiedUsers(sys, 6, 'twolive', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    // This database plays exactly these two competitions.
    previouslyActive = (await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`)).map((r: { id: number }) => r.id);

    const imported = await sys.http
      .post('/api/admin/seasons/import')
      .set(admin.auth)
      .send({ season: seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2081/82'), shift_to_now: true })
      .expect(201);
    expect(imported.body.data.season).toMatchObject({ league_code: 'en.1', is_active: true });
    pl.seasonId = imported.body.data.season.id;
    const gameweeks: { id: number; is_open: boolean }[] = (await sys.http.get('/api/seasons/gameweeks/').query({ competition: 'en.1' }).set(admin.auth).expect(200))
      .body.data;
    pl.gameweekId = gameweeks.find((g) => g.is_open)!.id;
    pl.fixtureIds = (await sys.db.query(`SELECT id FROM fixtures WHERE gameweek_id = $1 ORDER BY kickoff_at, id`, [pl.gameweekId])).map((r: { id: number }) => r.id);

    // The cup: an open round of two matches tomorrow, a second round later; active beside the Premier League.
    await ensureCompetition(sys.db, CUP, 'Test Cup');
    [{ id: cup.seasonId }] = await sys.db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Test Cup 2097', '2097', $1, true) RETURNING id`, [CUP]);
    [{ id: cup.gameweekId }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() + interval '1 day', now() + interval '1 day 3 hours') RETURNING id`,
      [cup.seasonId],
    );
    const [{ id: later }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 2, now() + interval '5 days', now() + interval '5 days') RETURNING id`,
      [cup.seasonId],
    );
    const clubs: { id: number }[] = await sys.db.query(`SELECT id FROM clubs WHERE kind = 'club' ORDER BY id LIMIT 4`);
    cup.fixtureIds = (
      await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at)
         VALUES ($1, $2, $3, $4, now() + interval '1 day'), ($1, $2, $5, $6, now() + interval '1 day 3 hours'), ($1, $7, $3, $6, now() + interval '5 days')
         RETURNING id`,
        [cup.seasonId, cup.gameweekId, clubs[0].id, clubs[1].id, clubs[2].id, clubs[3].id, later],
      )
    )
      .map((r: { id: number }) => r.id)
      .slice(0, 2);

    for (const [fan, codes] of [
      [plFan, ['en.1']],
      [both, ['en.1', CUP]],
      [cupFan, [CUP]],
      [bothNoChoice, ['en.1', CUP]],
      [cupFirstNoChoice, [CUP, 'en.1']],
    ] as const) {
      for (const code of codes) await sys.http.put(`/api/competitions/${code}/play/`).set(fan.auth).send({}).expect(200);
    }
    await sys.http.put('/api/auth/preferences/').set(both.auth).send({ current_competition: CUP }).expect(200);
    const publicLeague = async (name: string, competition: string, member: FastUser): Promise<number> => {
      const created = await sys.http.post('/api/leagues/').set(both.auth).send({ name, type: 'public', competition }).expect(201);
      await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'public', league_id: created.body.data.id }).expect(200);
      return created.body.data.id;
    };
    plMates = await publicLeague('Two live PL mates', 'en.1', plFan);
    cupMates = await publicLeague('Two live cup mates', CUP, cupFan);
    await sys.settle(60000);
  }, 180000);

  afterAll(async () => {
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1::int[])`, [[pl.seasonId, cup.seasonId]]);
    if (previouslyActive.length > 0) await sys?.db.query(`UPDATE seasons SET is_active = true WHERE id = ANY($1::int[])`, [previouslyActive]);
    await sys?.close();
  });

  it('keeps both seasons active, one per competition, and puts each fan in the global league of every competition they play', async () => {
    const active: { league_code: string }[] = await sys.db.query(`SELECT league_code FROM seasons WHERE is_active ORDER BY league_code`);
    expect(active.map((s) => s.league_code)).toEqual(['en.1', CUP]);
    const globals = async (fan: FastUser): Promise<string[]> =>
      (
        await sys.db.query(
          `SELECT l.competition_code FROM league_members m JOIN leagues l ON l.id = m.league_id AND l.type = 'global' WHERE m.user_id = $1 ORDER BY 1`,
          [fan.id],
        )
      ).map((r: { competition_code: string }) => r.competition_code);
    expect(await globals(plFan)).toEqual(['en.1']);
    expect(await globals(both)).toEqual(['en.1', CUP]);
    expect(await globals(cupFan)).toEqual([CUP]);
    // The hub's global league is the current competition's; ?competition= names the other.
    const hubGlobal = async (fan: FastUser, query: Record<string, string> = {}): Promise<number> =>
      (await sys.http.get('/api/leagues/overview/').query(query).set(fan.auth).expect(200)).body.data.global_league.league.id;
    expect(await hubGlobal(both)).toBe(await globalLeagueOf(CUP));
    expect(await hubGlobal(both, { competition: 'en.1' })).toBe(await globalLeagueOf('en.1'));
    expect(await hubGlobal(bothNoChoice)).toBe(await globalLeagueOf('en.1'));
  });

  it('answers each competition by ?competition= and the fan\'s current one by default', async () => {
    expect(await currentGameweekId(both, 'en.1')).toBe(pl.gameweekId);
    expect(await currentGameweekId(both, CUP)).toBe(cup.gameweekId);
    expect(await currentGameweekId(plFan, CUP)).toBe(cup.gameweekId);
    // Default: the current competition, else the first played.
    expect(await currentGameweekId(both)).toBe(cup.gameweekId);
    expect(await currentGameweekId(plFan)).toBe(pl.gameweekId);
    expect(await currentGameweekId(cupFan)).toBe(cup.gameweekId);
    expect(await currentGameweekId(bothNoChoice)).toBe(pl.gameweekId);
    expect(await currentGameweekId(cupFirstNoChoice)).toBe(cup.gameweekId);
    await sys.http.get('/api/predictions/current/').query({ competition: 'zz.none' }).set(both.auth).expect(404);

    const rounds = async (competition: string): Promise<number[]> =>
      (await sys.http.get('/api/seasons/gameweeks/').query({ competition }).set(both.auth).expect(200)).body.data.map((g: { id: number }) => g.id);
    expect(await rounds('en.1')).toContain(pl.gameweekId);
    expect(await rounds('en.1')).not.toContain(cup.gameweekId);
    expect(await rounds(CUP)).toEqual([cup.gameweekId, expect.any(Number)]);
    // A gameweek by id is read in its own season.
    expect((await sys.http.get(`/api/predictions/gameweek/${cup.gameweekId}/`).set(plFan.auth).expect(200)).body.data.gameweek.id).toBe(cup.gameweekId);
    expect((await sys.http.get(`/api/predictions/gameweek/${pl.gameweekId}/`).set(cupFan.auth).expect(200)).body.data.gameweek.id).toBe(pl.gameweekId);
  });

  it('lists first, of the competitions a fan plays, the one a call naming none answers for when they saved none: the first they started', async () => {
    // The screens name the first one listed that the fan plays until they choose: it must be the server's default.
    const listed = async (fan: FastUser): Promise<[string, boolean][]> =>
      (await sys.http.get('/api/competitions/').set(fan.auth).expect(200)).body.data.map((c: { code: string; playing: boolean }) => [c.code, c.playing]);
    expect(await listed(cupFirstNoChoice)).toEqual([
      [CUP, true],
      ['en.1', true],
    ]);
    expect(await listed(bothNoChoice)).toEqual([
      ['en.1', true],
      [CUP, true],
    ]);
    // Those they play before the others, which keep the oldest season first.
    expect(await listed(cupFan)).toEqual([
      [CUP, true],
      ['en.1', false],
    ]);
    expect(await listed(admin)).toEqual([
      ['en.1', false],
      [CUP, false],
    ]);
  });

  it('saves each competition\'s round on its own: one banker per round, a banker in each allowed, no mixing', async () => {
    const plPicks = pl.fixtureIds.map((fixture, i) => ({ fixture, home_score: 1, away_score: 0, is_banker: i === 0 }));
    expect((await save(both, plPicks)).status).toBe(200);
    const cupPicks = [
      { fixture: cup.fixtureIds[0], home_score: 1, away_score: 0, is_banker: true },
      { fixture: cup.fixtureIds[1], home_score: 0, away_score: 0 },
    ];
    const saved = await save(both, cupPicks);
    expect(saved.status).toBe(200);
    expect(saved.body.data.gameweek.id).toBe(cup.gameweekId);
    const bankers = async (fan: FastUser) =>
      (await sys.db.query(`SELECT fixture_id FROM predictions WHERE user_id = $1 AND is_banker ORDER BY fixture_id`, [fan.id])).map((r: { fixture_id: number }) => r.fixture_id);
    expect(await bankers(both)).toEqual([pl.fixtureIds[0], cup.fixtureIds[0]].sort((a, b) => a - b));

    // Moving the Premier League banker leaves the cup's alone.
    expect((await save(both, plPicks.map((p, i) => ({ ...p, is_banker: i === 1 })))).status).toBe(200);
    expect(await bankers(both)).toEqual([pl.fixtureIds[1], cup.fixtureIds[0]].sort((a, b) => a - b));

    // Two bankers in one round, or one save over two competitions: refused, nothing changes.
    expect((await save(both, cupPicks.map((p) => ({ ...p, is_banker: true })))).status).toBe(400);
    expect((await save(both, [plPicks[0], cupPicks[1]])).status).toBe(400);
    expect((await save(both, [cupPicks[1], plPicks[0]])).status).toBe(400);
    expect(await bankers(both)).toEqual([pl.fixtureIds[1], cup.fixtureIds[0]].sort((a, b) => a - b));

    expect((await save(cupFan, [{ fixture: cup.fixtureIds[0], home_score: 2, away_score: 0 }, { fixture: cup.fixtureIds[1], home_score: 1, away_score: 1 }])).status).toBe(200);
    expect((await save(plFan, pl.fixtureIds.map((fixture) => ({ fixture, home_score: 0, away_score: 2 })))).status).toBe(200);
    expect((await save(bothNoChoice, [{ fixture: cup.fixtureIds[0], home_score: 0, away_score: 3 }])).status).toBe(200);
  });

  it('keeps the deadlines apart: the cup round closing leaves the Premier League round open', async () => {
    await sys.db.query(`UPDATE fixtures SET kickoff_at = now() - interval '1 minute' WHERE id = $1`, [cup.fixtureIds[0]]);
    await sys.db.query(`UPDATE gameweeks SET starts_at = now() - interval '1 minute' WHERE id = $1`, [cup.gameweekId]);
    const open = async (competition: string): Promise<boolean> =>
      (await sys.http.get('/api/seasons/gameweeks/').query({ competition }).set(both.auth).expect(200)).body.data.find((g: { status: string }) => g.status === 'current')
        .is_open;
    expect(await open(CUP)).toBe(false);
    expect(await open('en.1')).toBe(true);
    const late = await save(cupFan, [{ fixture: cup.fixtureIds[1], home_score: 3, away_score: 3 }]);
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    expect((await save(plFan, pl.fixtureIds.map((fixture) => ({ fixture, home_score: 0, away_score: 1 })))).status).toBe(200);
  });

  it('moves only the cup\'s tables on a cup goal, and gives the cup round\'s winners to cup leagues only', async () => {
    await sys.settle(60000);
    const plGlobal = await globalLeagueOf('en.1');
    const cupGlobal = await globalLeagueOf(CUP);
    const plBefore = await summaries(plMates);
    expect(plBefore).toEqual([{ season_id: pl.seasonId, computed_at: expect.any(Date) }]);

    await sys.http.put(`/api/admin/fixtures/${cup.fixtureIds[0]}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'live' }).expect(200);
    await sys.settle(60000);
    // The cup's table moved (both's banker 1–0 is exact, the cup fan's 2–0 a right result); the Premier League's did not.
    for (const league of [cupGlobal, cupMates]) {
      const [bothPoints, cupFanPoints] = [await pointsIn(league, both), await pointsIn(league, cupFan)];
      expect(bothPoints).toBeGreaterThan(cupFanPoints!);
      expect(cupFanPoints).toBeGreaterThan(0);
    }
    for (const league of [plGlobal, plMates]) expect([await pointsIn(league, both), await pointsIn(league, plFan)]).toEqual([0, 0]);
    expect([await isMember(plGlobal, cupFan), await isMember(cupGlobal, plFan)]).toEqual([false, false]);
    expect(await summaries(plMates)).toEqual(plBefore);
    expect(await summaries(cupMates)).toEqual([{ season_id: cup.seasonId, computed_at: expect.any(Date) }]);

    // The cup round over: its winners are in cup leagues only.
    await sys.http.put(`/api/admin/fixtures/${cup.fixtureIds[0]}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'finished' }).expect(200);
    await sys.http.put(`/api/admin/fixtures/${cup.fixtureIds[1]}/result`).set(admin.auth).send({ home_score: 0, away_score: 0, status: 'finished' }).expect(200);
    await sys.settle(60000);
    const won: { competition_code: string; actor: number }[] = await sys.db.query(
      `SELECT DISTINCT l.competition_code, a.actor_user_id AS actor FROM league_activities a JOIN leagues l ON l.id = a.league_id
       WHERE a.kind = 'gameweek_won' AND a.actor_user_id = ANY($1::int[]) ORDER BY 1, 2`,
      [[plFan.id, both.id, cupFan.id, bothNoChoice.id]],
    );
    expect(won).toEqual([{ competition_code: CUP, actor: both.id }]);
    expect(await summaries(plMates)).toEqual(plBefore);
    // Still open for the Premier League fans.
    expect(await currentGameweekId(plFan)).toBe(pl.gameweekId);
  });
});
