import type { FootballJsonSeason } from '@scoreline/backend/season-import/football-json';
import { NO_SUCH_COMPETITION } from '@scoreline/contracts/api/competitions';
import { ensureCompetition } from '../support/competitions';
import { call, fireAtOnce, statusCounts } from '../support/concurrency';
import { grantAdminRole, importActiveSeason, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { clubsOf } from '../leagues/league-test-helpers';
import { expectErrorShape } from './api-helpers';

/**
 * Several competitions at once, the API's part (docs/competitions.md): the fan's
 * screens take `?competition=`, and answer exactly as before without it; GET /competitions, playing
 * and stopping a competition, the team in it and its lock, the current competition preference,
 * POST /leagues in a competition, onboarding with competitions.
 */

const CLUBS = ['Arsenal FC', 'Chelsea FC', 'Liverpool FC', 'Everton FC'];
const SEASON: FootballJsonSeason = {
  // A name no other suite imports (suites share the run's database); kick-offs far ahead.
  name: 'English Premier League 2065/66',
  matches: [
    { round: 'Matchday 1', date: '2093-08-20', time: '15:00', team1: CLUBS[0], team2: CLUBS[1] },
    { round: 'Matchday 1', date: '2093-08-21', time: '15:00', team1: CLUBS[2], team2: CLUBS[3] },
    { round: 'Matchday 2', date: '2093-08-27', time: '15:00', team1: CLUBS[1], team2: CLUBS[2] },
  ],
};
const INACTIVE = 'zz.old';

/** Every GET route that takes `?competition=` (a fan's, and the admin's fixtures list). */
const FAN_ROUTES = [
  '/api/fixtures/current/',
  '/api/fixtures/gameweek/1/',
  '/api/predictions/current/',
  '/api/predictions/gameweek/1/user-stats/',
  '/api/stats/dashboard/',
  '/api/stats/history/',
  '/api/seasons/gameweeks/',
  '/api/crowd/gameweek/1/',
  '/api/rank-history/',
  '/api/leagues/overview/',
  '/api/leagues/discover/?search=Competitions%20suite',
];
const ADMIN_ROUTE = '/api/admin/fixtures/';
const withCompetition = (route: string, code: string) => `${route}${route.includes('?') ? '&' : '?'}competition=${encodeURIComponent(code)}`;

describe('competitions: ?competition= on the fan screens, GET /competitions, playing, the current competition', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let code: string;
  let seasonId: number;
  let previouslyActive: number[] = [];

  beforeAll(async () => {
    sys = await startTestSystem();
    previouslyActive = (await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`)).map((r: { id: number }) => r.id);
    [admin, fan] = await insertVerifiedUsers(sys, 2, 'comps', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    const [first] = await importActiveSeason(sys, admin, SEASON);
    seasonId = first.season_id;
    [{ code }] = await sys.db.query(`SELECT league_code AS code FROM seasons WHERE id = $1`, [seasonId]);
    await ensureCompetition(sys.db, INACTIVE, 'Old Cup');
    await sys.db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Old Cup 2001', '2001', $1, false) ON CONFLICT DO NOTHING`, [INACTIVE]);
    // Something in the lists: a public league of the fan's in the competition.
    await sys.http.post('/api/leagues/').set(fan.auth).send({ name: 'Competitions suite public', type: 'public' }).expect(201);
  });

  afterAll(async () => {
    if (!sys) return;
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    if (previouslyActive.length > 0) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [previouslyActive[0]]);
    await sys.close();
  });

  it('answers every route the same without ?competition= as with the active competition named (the answer of before)', async () => {
    for (const route of FAN_ROUTES) {
      const plain = await sys.http.get(route).set(fan.auth);
      const named = await sys.http.get(withCompetition(route, code)).set(fan.auth);
      expect([route, named.status, named.body]).toEqual([route, plain.status, plain.body]);
      expect([route, plain.status]).toEqual([route, 200]);
    }
    const plain = await sys.http.get(ADMIN_ROUTE).set(admin.auth).expect(200);
    const named = await sys.http.get(withCompetition(ADMIN_ROUTE, code)).set(admin.auth).expect(200);
    expect(named.body).toEqual(plain.body);
    expect((plain.body.data as unknown[]).length).toBe(3);
  });

  it('answers 404 for a competition that is unknown or not being played, on every route', async () => {
    for (const missing of ['zz.nope', INACTIVE]) {
      for (const route of FAN_ROUTES) {
        const res = await sys.http.get(withCompetition(route, missing)).set(fan.auth);
        expectErrorShape(res, 404);
        expect([route, res.body.message]).toEqual([route, NO_SUCH_COMPETITION]);
      }
      expectErrorShape(await sys.http.get(withCompetition(ADMIN_ROUTE, missing)).set(admin.auth), 404);
    }
  });

  it('answers 400 naming competition for a code that cannot be one, on every route', async () => {
    for (const bad of ['EN.1', 'x'.repeat(17), 'en 1', '', 'en_1']) {
      for (const route of FAN_ROUTES) {
        const res = await sys.http.get(withCompetition(route, bad)).set(fan.auth);
        expectErrorShape(res, 400);
        expect([route, bad, Object.keys(res.body.errors ?? {})]).toEqual([route, bad, ['competition']]);
      }
      const res = await sys.http.get(withCompetition(ADMIN_ROUTE, bad)).set(admin.auth);
      expectErrorShape(res, 400);
      expect(Object.keys(res.body.errors)).toEqual(['competition']);
    }
    // Twice is not one code either.
    const twice = await sys.http.get(`/api/stats/dashboard/?competition=${code}&competition=${code}`).set(fan.auth);
    expectErrorShape(twice, 400);
    expect(Object.keys(twice.body.errors)).toEqual(['competition']);
  });

  it('lists the competitions being played with the fan\'s part in each; play, choose a team, stop', async () => {
    const [newcomer] = await insertVerifiedUsers(sys, 1, 'compsnew', { onboarded: true });
    const before = (await sys.http.get('/api/competitions/').set(newcomer.auth).expect(200)).body.data;
    expect(before).toEqual([
      {
        code,
        name: expect.any(String),
        kind: 'league',
        season: { id: seasonId, name: SEASON.name },
        first_kickoff: expect.stringMatching(/^2093-08-20T/),
        playing: false,
        team: null,
        team_locked: false,
      },
    ]);

    const played = await sys.http.put(`/api/competitions/${code}/play/`).set(newcomer.auth).send({}).expect(200);
    expect(played.body.data).toMatchObject({ code, playing: true, team: null });
    // Again: nothing changes, still 200.
    expect((await sys.http.put(`/api/competitions/${code}/play`).set(newcomer.auth).expect(200)).body.data).toEqual(played.body.data);

    const [{ id: arsenal }] = await sys.db.query(`SELECT id FROM clubs WHERE name = $1`, [CLUBS[0]]);
    const withTeam = await sys.http.put(`/api/competitions/${code}/play/`).set(newcomer.auth).send({ team_id: arsenal }).expect(200);
    expect(withTeam.body.data.team).toMatchObject({ id: arsenal, name: CLUBS[0] });
    // Left out keeps the team.
    expect((await sys.http.put(`/api/competitions/${code}/play/`).set(newcomer.auth).send({}).expect(200)).body.data.team.id).toBe(arsenal);

    // Only a team of the season; a team id that is no number is refused the same way.
    const [{ id: outsider }] = await sys.db.query(`SELECT id FROM clubs WHERE name <> ALL($1::text[]) ORDER BY id LIMIT 1`, [CLUBS]);
    for (const team_id of [outsider, 2147483647, 'x', 0, 1.5]) {
      const res = await sys.http.put(`/api/competitions/${code}/play/`).set(newcomer.auth).send({ team_id });
      expectErrorShape(res, 400);
      expect(Object.keys(res.body.errors)).toEqual(['team_id']);
    }

    // Not being played, or no code at all: 404.
    for (const missing of [INACTIVE, 'zz.nope', 'NOT-A-CODE']) {
      expectErrorShape(await sys.http.put(`/api/competitions/${missing}/play/`).set(newcomer.auth).send({}), 404);
    }

    const stopped = await sys.http.delete(`/api/competitions/${code}/play/`).set(newcomer.auth).expect(200);
    expect(stopped.body.message).toMatch(/no longer play/);
    expect((await sys.http.get('/api/competitions/').set(newcomer.auth).expect(200)).body.data[0]).toMatchObject({ playing: false, team: null });
    expectErrorShape(await sys.http.delete('/api/competitions/zz.nope/play/').set(newcomer.auth), 404);
  });

  it('keeps a fan\'s leagues when they stop playing', async () => {
    const [owner] = await insertVerifiedUsers(sys, 1, 'compsleague', { onboarded: true });
    const league = (await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Kept league', type: 'private' }).expect(201)).body.data;
    expect(await sys.db.query(`SELECT competition_code FROM user_competitions WHERE user_id = $1`, [owner.id])).toEqual([{ competition_code: code }]);
    await sys.http.delete(`/api/competitions/${code}/play/`).set(owner.auth).expect(200);
    expect(await sys.db.query(`SELECT 1 FROM league_members WHERE user_id = $1 AND league_id = $2`, [owner.id, league.id])).toHaveLength(1);
  });

  it('locks the team once the first match has kicked off (409), and a team left alone is still fine', async () => {
    const [fanOfTeam] = await insertVerifiedUsers(sys, 1, 'compslock', { onboarded: true });
    const [{ id: arsenal }, { id: chelsea }] = await sys.db.query(`SELECT id FROM clubs WHERE name = ANY($1::text[]) ORDER BY name`, [CLUBS.slice(0, 2)]);
    await sys.http.put(`/api/competitions/${code}/play/`).set(fanOfTeam.auth).send({ team_id: arsenal }).expect(200);
    const [first] = await sys.db.query(`SELECT id, starts_at FROM gameweeks WHERE season_id = $1 ORDER BY number LIMIT 1`, [seasonId]);
    await sys.db.query(`UPDATE gameweeks SET starts_at = now() - interval '1 hour' WHERE id = $1`, [first.id]);
    try {
      const listed = (await sys.http.get('/api/competitions/').set(fanOfTeam.auth).expect(200)).body.data[0];
      expect(listed).toMatchObject({ team_locked: true, team: { id: arsenal } });
      const moved = await sys.http.put(`/api/competitions/${code}/play/`).set(fanOfTeam.auth).send({ team_id: chelsea });
      expectErrorShape(moved, 409);
      const cleared = await sys.http.put(`/api/competitions/${code}/play/`).set(fanOfTeam.auth).send({ team_id: null });
      expectErrorShape(cleared, 409);
      // The same team, or none sent: no change, no refusal.
      await sys.http.put(`/api/competitions/${code}/play/`).set(fanOfTeam.auth).send({ team_id: arsenal }).expect(200);
      await sys.http.put(`/api/competitions/${code}/play/`).set(fanOfTeam.auth).send({}).expect(200);
      expect(await sys.db.query(`SELECT team_id FROM user_competitions WHERE user_id = $1`, [fanOfTeam.id])).toEqual([{ team_id: arsenal }]);
      // A fan who joins after the first kick-off still picks a team, once.
      const [lateFan] = await insertVerifiedUsers(sys, 1, 'compslate', { onboarded: true });
      await sys.http.put(`/api/competitions/${code}/play/`).set(lateFan.auth).send({}).expect(200);
      const late = (await sys.http.get('/api/competitions/').set(lateFan.auth).expect(200)).body.data[0];
      expect(late).toMatchObject({ team_locked: false, team: null });
      const picked = await sys.http.put(`/api/competitions/${code}/play/`).set(lateFan.auth).send({ team_id: chelsea }).expect(200);
      expect(picked.body.data).toMatchObject({ team_locked: true, team: { id: chelsea } });
      expectErrorShape(await sys.http.put(`/api/competitions/${code}/play/`).set(lateFan.auth).send({ team_id: arsenal }), 409);
    } finally {
      await sys.db.query(`UPDATE gameweeks SET starts_at = $2 WHERE id = $1`, [first.id, first.starts_at]);
    }
  });

  it('saves the current competition only when the fan plays it and it is being played; null clears it', async () => {
    const [chooser] = await insertVerifiedUsers(sys, 1, 'compspref', { onboarded: true });
    const save = (body: unknown) => sys.http.put('/api/auth/preferences/').set(chooser.auth).send(body as object);

    // Not played yet: 400 on the field, nothing saved.
    const notPlayed = await save({ current_competition: code });
    expectErrorShape(notPlayed, 400);
    expect(Object.keys(notPlayed.body.errors)).toEqual(['current_competition']);
    expect(await sys.db.query(`SELECT 1 FROM user_preferences WHERE user_id = $1`, [chooser.id])).toEqual([]);

    await sys.http.put(`/api/competitions/${code}/play/`).set(chooser.auth).expect(200);
    const saved = await save({ current_competition: code }).expect(200);
    expect(saved.body.data.current_competition).toBe(code);
    const read = (await sys.http.get('/api/auth/preferences/').set(chooser.auth).expect(200)).body.data;
    expect(read.current_competition).toBe(code);
    // Other fields leave it alone.
    expect((await save({ preferences: { theme: 'light' } }).expect(200)).body.data.current_competition).toBe(code);
    // The screens without ?competition= follow it (one active season: the same answer anyway).
    await sys.http.get('/api/stats/dashboard/').set(chooser.auth).expect(200);

    for (const bad of [INACTIVE, 'zz.nope', 'BAD!', 'x'.repeat(17), 7, true, ['en.1'], { code }]) {
      const res = await save({ current_competition: bad });
      expectErrorShape(res, 400);
      expect([bad, Object.keys(res.body.errors)]).toEqual([bad, ['current_competition']]);
    }
    expect((await sys.http.get('/api/auth/preferences/').set(chooser.auth).expect(200)).body.data.current_competition).toBe(code);

    const cleared = await save({ current_competition: null }).expect(200);
    expect(cleared.body.data).not.toHaveProperty('current_competition');
    expect(await sys.db.query(`SELECT current_competition FROM user_preferences WHERE user_id = $1`, [chooser.id])).toEqual([{ current_competition: null }]);
  });

  it('creates a league in the competition named; 404 when it is not being played, 400 for a bad code', async () => {
    const [creator] = await insertVerifiedUsers(sys, 1, 'compscreate', { onboarded: true });
    const created = await sys.http.post('/api/leagues/').set(creator.auth).send({ name: 'Named competition', type: 'private', competition: code }).expect(201);
    expect(await sys.db.query(`SELECT competition_code FROM leagues WHERE id = $1`, [created.body.data.id])).toEqual([{ competition_code: code }]);

    const inactive = await sys.http.post('/api/leagues/').set(creator.auth).send({ name: 'Old one', type: 'private', competition: INACTIVE });
    expectErrorShape(inactive, 404);
    expect(inactive.body.message).toBe(NO_SUCH_COMPETITION);
    for (const competition of ['BAD', null, 3, '']) {
      const res = await sys.http.post('/api/leagues/').set(creator.auth).send({ name: 'Bad one', type: 'public', competition });
      expectErrorShape(res, 400);
      expect(Object.keys(res.body.errors)).toEqual(['competition']);
    }
    expect(await sys.db.query(`SELECT name FROM leagues WHERE owner_id = $1`, [creator.id])).toEqual([{ name: 'Named competition' }]);
  });

  it('onboarding takes an optional list of competitions; today\'s body stays valid', async () => {
    const { countryId, clubIds } = await clubsOf(sys, 'GB-ENG');
    const [plain, chooser] = await insertVerifiedUsers(sys, 2, 'compsonb');
    await sys.http.post('/api/onboarding/complete/').set(plain.auth).send({ country_id: countryId, club_id: clubIds[0] }).expect(200);

    await sys.http.post('/api/onboarding/complete/').set(chooser.auth).send({ country_id: countryId, club_id: clubIds[0], competitions: [code, code] }).expect(200);
    expect(await sys.db.query(`SELECT competition_code FROM user_competitions WHERE user_id = $1`, [chooser.id])).toEqual([{ competition_code: code }]);

    for (const competitions of [[INACTIVE], ['zz.nope'], ['BAD'], code, [1], null, Array.from({ length: 17 }, () => code)]) {
      const res = await sys.http.post('/api/onboarding/complete/').set(chooser.auth).send({ country_id: countryId, club_id: clubIds[1], competitions });
      expectErrorShape(res, 400);
      expect([competitions, Object.keys(res.body.errors)]).toEqual([competitions, ['competitions']]);
    }
    // A refused completion wrote nothing: the club is still the first.
    expect(await sys.db.query(`SELECT club_id FROM users WHERE id = $1`, [chooser.id])).toEqual([{ club_id: clubIds[0] }]);
  });

  it('gives two identical requests at once no 500 and no duplicate row', async () => {
    const [racer] = await insertVerifiedUsers(sys, 1, 'compsrace', { onboarded: true });
    const [{ id: arsenal }] = await sys.db.query(`SELECT id FROM clubs WHERE name = $1`, [CLUBS[0]]);
    const plays = await fireAtOnce([0, 1].map(() => () => call(sys.baseUrl, 'PUT', `/api/competitions/${code}/play/`, racer.token, { team_id: arsenal })));
    expect(statusCounts(plays)).toEqual({ 200: 2 });
    expect(await sys.db.query(`SELECT team_id FROM user_competitions WHERE user_id = $1`, [racer.id])).toEqual([{ team_id: arsenal }]);

    const prefs = await fireAtOnce([0, 1].map(() => () => call(sys.baseUrl, 'PUT', '/api/auth/preferences/', racer.token, { current_competition: code })));
    expect(statusCounts(prefs)).toEqual({ 200: 2 });
    expect(await sys.db.query(`SELECT current_competition FROM user_preferences WHERE user_id = $1`, [racer.id])).toEqual([{ current_competition: code }]);

    const creates = await fireAtOnce(
      [0, 1].map(() => () => call(sys.baseUrl, 'POST', '/api/leagues/', racer.token, { name: 'Raced league', type: 'private', competition: code })),
    );
    expect(statusCounts(creates)).toEqual({ 201: 1, 409: 1 });
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM leagues WHERE owner_id = $1`, [racer.id])).toEqual([{ n: 1 }]);

    const stops = await fireAtOnce([0, 1].map(() => () => call(sys.baseUrl, 'DELETE', `/api/competitions/${code}/play/`, racer.token)));
    expect(statusCounts(stops)).toEqual({ 200: 2 });
  });

  it('documents the new routes and the competition parameter in the OpenAPI description', async () => {
    const doc = (await sys.http.get('/api/docs-json').expect(200)).body;
    const pathOf = (p: string) => doc.paths[p] ?? doc.paths[p.replace(/\/$/, '')];
    expect(Object.keys(pathOf('/api/competitions/')).sort()).toEqual(['get']);
    expect(Object.keys(pathOf('/api/competitions/{code}/play/')).sort()).toEqual(['delete', 'put']);
    for (const route of FAN_ROUTES.map((r) => r.split('?')[0].replace('/1/', '/{n}/')).concat(ADMIN_ROUTE)) {
      const get = pathOf(route)?.get;
      expect([route, (get?.parameters ?? []).some((p: { name: string; in: string }) => p.name === 'competition' && p.in === 'query')]).toEqual([route, true]);
    }
  });
});
