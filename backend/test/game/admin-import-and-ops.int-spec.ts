import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { leagueTimeZone, normaliseSeason, validateFootballJson } from '@scoreline/backend/season-import/football-json';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import { seedDemoIfEmpty, seedDemoSeason } from '@scoreline/backend/demo/demo-seed';
import { createVerifiedUser } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, readSeasonFile, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** Runs the ops CLI in-process (same services, no HTTP) and captures what it prints. */
async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await opsMain(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('season import, admin API, ops CLI and the demo seed', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, fan] = await insertVerifiedUsers(sys, 2, 'opsfan');
    await grantAdminRole(sys, admin.id);
  });

  afterAll(async () => {
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('answers 404 "no active gameweek" and an empty dashboard when no season is active', async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    for (const path of ['/api/fixtures/current/', '/api/seasons/gameweeks/', '/api/predictions/current/', '/api/fixtures/gameweek/1/']) {
      const res = await sys.http.get(path).set(bearer(fan.token)).expect(404);
      expect(res.body.message).toMatch(/There's no active gameweek at the moment\.|No Gameweek Found/);
    }
    const dash = await sys.http.get('/api/stats/dashboard/').set(bearer(fan.token)).expect(200);
    expect(dash.body.data).toMatchObject({ season: null, current_season_stats: { total_points: 0, accuracy: '0' }, hot_teams: [], recent_gameweeks: [] });
    await sys.http.get('/api/stats/dashboard/').expect(401);
  });

  it('keeps every admin endpoint to admins (404 for others, as if it did not exist; 401 without a token) and writes nothing', async () => {
    const [{ last }]: { last: string }[] = await sys.db.query(`SELECT coalesce(max(id), 0)::text AS last FROM outbox_events`);
    const seasonsBefore: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM seasons`);
    const fixtureOne = `SELECT status, home_score, away_score, kickoff_at FROM fixtures WHERE id = 1`;
    const fixtureBefore: unknown[] = await sys.db.query(fixtureOne);
    const calls = [
      () => sys.http.post('/api/admin/seasons/import').send({ season: seasonSlice('2024-25/de.1.json', [1]) }),
      () => sys.http.put('/api/admin/fixtures/1/result').send({ home_score: 1, away_score: 0, status: 'finished' }),
      () => sys.http.post('/api/admin/fixtures/1/postpone'),
      () => sys.http.patch('/api/admin/fixtures/1').send({ match_time: '2030-01-01T15:00:00Z' }),
      () => sys.http.get('/api/admin/fixtures/'),
    ];
    for (const call of calls) {
      const res = await call().set(bearer(fan.token)).expect(404);
      expect(res.body).toEqual({ message: 'Not found.' });
      await call().expect(401);
    }
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM seasons`)).toEqual(seasonsBefore);
    expect(await sys.db.query(fixtureOne)).toEqual(fixtureBefore);
    // No event of these calls (the workers' own sweeps, such as the reconciler's, may publish meanwhile).
    const raised: { name: string }[] = await sys.db.query(
      `SELECT name FROM outbox_events WHERE id > $1 AND payload->>'fixtureId' = '1'`,
      [last],
    );
    expect(raised).toEqual([]);
  });

  it('refuses bad imports with 400 and field errors', async () => {
    const seasonsBefore: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM seasons`);
    const file = readSeasonFile('2024-25/de.1.json');
    const broken = { name: file.name, matches: [{ ...file.matches[0], date: '2024-02-30' }, { ...file.matches[1], score: { ft: [1] } }] };
    const cases: [unknown, string, RegExp][] = [
      [{}, 'season', /season is required/],
      [{ season: [] }, 'season', /football.json object/],
      [{ season: { name: 'x' } }, 'season', /matches: expected an array/],
      [{ season: broken }, 'season', /2024-02-30.*not a real date/],
      [{ season: { ...file, name: 'Liga Imaginaria 2024/25' } }, 'league_code', /league_code/],
      [{ season: file, league_code: 'Germany' }, 'league_code', /league_code/],
      [{ season: file, activate: 'yes' }, 'activate', /activate must be true or false/],
      [{ season: file, shift_to_now: 1 }, 'shift_to_now', /shift_to_now/],
      [{ season: file, surprise: true }, 'surprise', /not an allowed field/],
    ];
    for (const [body, field, message] of cases) {
      const res = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send(body as object);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.message).toMatch(message);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    const broke = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: broken });
    expect(broke.body.errors.season).toHaveLength(2);
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM seasons`)).toEqual(seasonsBefore);
  });

  it('imports a whole real season exactly as the parser reads it (DST-aware kick-offs, double gameweeks), and re-imports without duplicates', async () => {
    // Re-labelled (suites share one database): a season no other suite imports.
    const raw = { ...readSeasonFile('2023-24/en.1.json'), name: 'English Premier League 2083/84' };
    const res = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: raw }).expect(201);
    expect(res.body.data).toMatchObject({
      season: { name: 'English Premier League 2083/84', label: '2083/84', league_code: 'en.1', is_active: true },
      gameweeks: 38,
      fixtures: { total: 380, created: 380, updated: 0, unchanged: 0 },
      refused: [],
      clubs_created: [],
      results_recorded: 0,
      shift_days: 0,
    });
    const seasonId: number = res.body.data.season.id;

    const validated = validateFootballJson(raw);
    if (!validated.ok) throw new Error('bundled file is invalid');
    const expected = normaliseSeason(validated.season, { leagueCode: 'en.1', timeZone: leagueTimeZone('en.1') });
    const rows: { external_key: string; gameweek: number; kickoff_at: Date; status: string; home_score: number | null; away_score: number | null; home: string; away: string }[] =
      await sys.db.query(
        `SELECT f.external_key, g.number AS gameweek, f.kickoff_at, f.status, f.home_score, f.away_score, h.name AS home, a.name AS away
         FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id JOIN clubs h ON h.id = f.home_club_id JOIN clubs a ON a.id = f.away_club_id
         WHERE f.season_id = $1`,
        [seasonId],
      );
    const byKey = new Map(rows.map((r) => [r.external_key, r]));
    expect(byKey.size).toBe(380);
    for (const f of expected.fixtures) {
      const row = byKey.get(f.externalKey)!;
      expect({ key: f.externalKey, gw: row.gameweek, at: new Date(row.kickoff_at).toISOString(), status: row.status, score: [row.home_score, row.away_score], teams: [row.home, row.away] }).toEqual({
        key: f.externalKey,
        gw: f.gameweekNumber,
        at: f.kickoffAt.toISOString(),
        status: 'finished',
        score: [f.homeScore, f.awayScore],
        teams: [f.homeTeam, f.awayTeam],
      });
    }
    // Rescheduled matches sit in the gameweek they were played in (double gameweeks).
    expect(rows.filter((r) => Number(r.external_key.split('|')[0]) !== r.gameweek)).toHaveLength(11);
    // 15:00 in London is 14:00 UTC in summer (BST) and 15:00 UTC in winter.
    const summer = byKey.get('1|AFC Bournemouth|West Ham United FC')!;
    expect(new Date(summer.kickoff_at).toISOString()).toBe('2023-08-12T14:00:00.000Z');

    const gws = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(fan.token)).expect(200)).body.data as GameweekSummary[];
    expect(gws).toHaveLength(38);
    expect(gws.every((g) => g.status === 'completed' && !g.is_open)).toBe(true);

    const again = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: raw }).expect(201);
    expect(again.body.data.fixtures).toEqual({ total: 380, created: 0, updated: 0, unchanged: 380 });
    expect(again.body.data.season.id).toBe(seasonId);
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM fixtures WHERE season_id = $1`, [seasonId]);
    expect(n).toBe(380);
  });

  it('creates a missing club, honours awarded results, and leaves the active season alone with activate false', async () => {
    const de = readSeasonFile('2024-25/de.1.json');
    const res = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: de, activate: false }).expect(201);
    expect(res.body.data.season).toMatchObject({ league_code: 'de.1', is_active: false });
    const awarded: { awarded: boolean; status: string }[] = await sys.db.query(`SELECT awarded, status FROM fixtures WHERE season_id = $1 AND awarded`, [res.body.data.season.id]);
    expect(awarded).toEqual([{ awarded: true, status: 'finished' }]);
    const active: { label: string }[] = await sys.db.query(`SELECT label FROM seasons WHERE is_active`);
    expect(active).toEqual([{ label: '2083/84' }]);

    const invented = {
      name: 'English Premier League 2031/32',
      matches: [
        { round: 'Matchday 1', date: '2031-08-16', time: '15:00', team1: 'Scoreline Rovers FC', team2: 'Arsenal FC' },
        { round: 'Matchday 1', date: '2031-08-16', team1: 'Chelsea FC', team2: 'Liverpool FC', status: 'postponed' },
      ],
    };
    const made = await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: invented, activate: false }).expect(201);
    expect(made.body.data.clubs_created).toEqual(['Scoreline Rovers FC']);
    const club: { short_name: string; competition: string; country: string }[] = await sys.db.query(
      `SELECT c.short_name, comp.code AS competition, co.name AS country FROM clubs c
       JOIN competitions comp ON comp.id = c.competition_id JOIN countries co ON co.id = c.country_id WHERE c.name = 'Scoreline Rovers FC'`,
    );
    expect(club).toEqual([{ short_name: 'Scoreline Rovers', competition: 'en.1', country: 'England' }]);
    const fixtures: { status: string; kickoff_confirmed: boolean }[] = await sys.db.query(
      `SELECT status, kickoff_confirmed FROM fixtures WHERE season_id = $1 ORDER BY id`,
      [made.body.data.season.id],
    );
    expect(fixtures).toEqual([
      { status: 'scheduled', kickoff_confirmed: true },
      { status: 'postponed', kickoff_confirmed: false },
    ]);
  });

  it('answers bad admin fixture calls with 4xx and writes nothing', async () => {
    const [{ id }]: { id: number }[] = await sys.db.query(
      `SELECT f.id FROM fixtures f JOIN seasons s ON s.id = f.season_id WHERE s.is_active ORDER BY f.id LIMIT 1`,
    );
    const snapshot = async () => ({
      fixture: await sys.db.query(`SELECT * FROM fixtures WHERE id = $1`, [id]),
      outbox: await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events`),
    });
    const before = await snapshot();
    const put = (path: string, body: object) => sys.http.put(path).set(bearer(admin.token)).send(body);
    const cases: [() => ReturnType<typeof put>, number, RegExp][] = [
      [() => put('/api/admin/fixtures/999999/result', { home_score: 1, away_score: 0, status: 'finished' }), 404, /Fixture not found|was not found/],
      [() => put('/api/admin/fixtures/abc/result', { home_score: 1, away_score: 0, status: 'finished' }), 404, /not found/i],
      [() => put('/api/admin/fixtures/0/result', { home_score: 1, away_score: 0, status: 'finished' }), 404, /not found/i],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 'one', away_score: 0, status: 'finished' }), 400, /home_score/],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 1, away_score: 100, status: 'finished' }), 400, /away_score/],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 1, away_score: 0, status: 'done' }), 400, /status must be "live" or "finished"/],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 1, away_score: 0 }), 400, /status is required/],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 1, away_score: 0, status: 'finished', minute: 90 }), 400, /minute can only be given while the match is live/],
      [() => put(`/api/admin/fixtures/${id}/result`, { home_score: 1, away_score: 0, status: 'live', minute: 500 }), 400, /minute/],
      [() => sys.http.patch(`/api/admin/fixtures/${id}`).set(bearer(admin.token)).send({ match_time: 'tomorrow at three' }), 400, /match_time must be an ISO 8601/],
      [() => sys.http.patch(`/api/admin/fixtures/${id}`).set(bearer(admin.token)).send({ match_time: '2024-02-30T15:00:00Z' }), 400, /match_time/],
      [() => sys.http.patch(`/api/admin/fixtures/${id}`).set(bearer(admin.token)).send({ match_time: '2025-01-18T15:00:00' }), 400, /time zone/],
      [() => sys.http.patch(`/api/admin/fixtures/${id}`).set(bearer(admin.token)).send({}), 400, /match_time is required/],
      [() => sys.http.post('/api/admin/fixtures/99999999999/postpone').set(bearer(admin.token)), 404, /not found/i],
      [() => sys.http.get('/api/admin/fixtures/').query({ gameweek: 'x' }).set(bearer(admin.token)), 400, /gameweek/],
    ];
    for (const [call, status, message] of cases) {
      const res = await call();
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect(await snapshot()).toEqual(before);

    for (const path of ['/api/fixtures/gameweek/0/', '/api/fixtures/gameweek/abc/', '/api/fixtures/gameweek/99999999999/', '/api/fixtures/gameweek/39/', '/api/predictions/gameweek/abc/', '/api/predictions/gameweek/999999/']) {
      const res = await sys.http.get(path).set(bearer(fan.token)).expect(404);
      expect(res.body.message).toMatch(/No Gameweek Found/);
    }
  });

  it('runs the ops CLI on the same services: help, grant-admin, result, postpone, reschedule, list, import, bad arguments', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    for (const command of ['import', 'result', 'postpone', 'reschedule', 'grant-admin', 'list-fixtures', 'seed-demo']) expect(help.out.join('\n')).toContain(command);

    for (const argv of [[], ['launch'], ['result', '1', '2'], ['result', 'x', '1', '0'], ['import', '/no/such/file.json'], ['grant-admin', 'not-an-email'], ['postpone', '1', '--force']]) {
      const bad = await ops(...argv);
      expect({ argv, code: bad.code, lines: bad.err.length }).toEqual({ argv, code: 2, lines: 1 });
      expect(bad.err[0]).toMatch(/^ops: /);
    }

    // grant-admin: a user who signed up for real becomes an admin and may use the admin API.
    const boss = await createVerifiedUser(sys);
    await sys.http.get('/api/admin/fixtures/').set(bearer(boss.token)).expect(404);
    expect(await ops('grant-admin', boss.email.toUpperCase())).toMatchObject({ code: 0 });
    await sys.http.get('/api/admin/fixtures/').set(bearer(boss.token)).expect(200);
    expect(await ops('grant-admin', 'nobody-here@example.com')).toMatchObject({ code: 2, err: ['ops: No user with the email nobody-here@example.com.'] });

    const listed = await ops('list-fixtures', '--gameweek', '2');
    expect(listed.code).toBe(0);
    // Luton v Burnley of matchday 2 was played in gameweek 7 (double gameweek).
    expect(listed.out).toHaveLength(9);
    const fixtureId = Number(/^#(\d+)/.exec(listed.out[0])![1]);

    const result = await ops('result', String(fixtureId), '3', '2', '--live', '--minute', '61');
    expect(result.code).toBe(0);
    expect(result.out[0]).toMatch(/live 61' {2}3-2$/);
    const lastRecorded = async () => {
      const outbox: { payload: { status: string; homeScore: number; minute: number; scoreMoved: boolean } }[] = await sys.db.query(
        `SELECT payload FROM outbox_events WHERE name = 'result.recorded' AND (payload->>'fixtureId')::int = $1 ORDER BY id DESC LIMIT 1`,
        [fixtureId],
      );
      return outbox[0].payload;
    };
    expect(await lastRecorded()).toMatchObject({ status: 'live', homeScore: 3, minute: 61, scoreMoved: true });
    // The minute ticking on moves no table.
    expect((await ops('result', String(fixtureId), '3', '2', '--live', '--minute', '62')).code).toBe(0);
    expect(await lastRecorded()).toMatchObject({ status: 'live', homeScore: 3, minute: 62, scoreMoved: false });
    expect((await ops('postpone', String(fixtureId))).out[0]).toMatch(/postponed$/);
    expect(await lastRecorded()).toMatchObject({ status: 'postponed', scoreMoved: true });
    expect((await ops('reschedule', String(fixtureId), '2024-05-30T19:45:00Z')).out[0]).toContain('2024-05-30T19:45:00.000Z');
    expect(await lastRecorded()).toMatchObject({ status: 'postponed', scoreMoved: false });
    expect(await ops('reschedule', String(fixtureId), 'soon')).toMatchObject({ code: 2 });
    expect(await ops('result', '999999', '1', '0')).toMatchObject({ code: 2, err: ['ops: Fixture 999999 was not found.'] });
    await sys.settle();

    const imported = await ops('import', 'backend/data/openfootball/2023-24/es.1.json', '--no-activate');
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out[0]).toMatch(/^Imported Primera División de España 2023\/24 \(es.1 2023\/24, season #\d+\)$/);
    const active: { label: string }[] = await sys.db.query(`SELECT label FROM seasons WHERE is_active`);
    expect(active).toEqual([{ label: '2083/84' }]);
  });

  it('documents the game endpoints in OpenAPI, the history endpoint with its query', async () => {
    const res = await sys.http.get('/api/docs-json').expect(200);
    // The document lists paths without their trailing slash.
    const raw = res.body.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[]; summary?: string }>>;
    const paths = Object.fromEntries(Object.entries(raw).map(([p, v]) => [p.replace(/\/?$/, '/'), v]));
    for (const [path, method] of [
      ['/api/fixtures/current/', 'get'],
      ['/api/fixtures/gameweek/{n}/', 'get'],
      ['/api/predictions/current/', 'get'],
      ['/api/predictions/gameweek/{id}/', 'get'],
      ['/api/predictions/gameweek/{n}/user-stats/', 'get'],
      ['/api/seasons/gameweeks/', 'get'],
      ['/api/stats/dashboard/', 'get'],
      ['/api/stats/history/', 'get'],
      ['/api/predictions/', 'post'],
      ['/api/admin/seasons/import/', 'post'],
      ['/api/admin/fixtures/', 'get'],
      ['/api/admin/fixtures/{id}/result/', 'put'],
      ['/api/admin/fixtures/{id}/postpone/', 'post'],
      ['/api/admin/fixtures/{id}/', 'patch'],
    ]) {
      expect({ path, method, documented: Boolean(paths[path]?.[method]?.summary) }).toEqual({ path, method, documented: true });
    }
    const history = paths['/api/stats/history/'].get.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(history.sort()).toEqual(['competition', 'order', 'page', 'page_size', 'player']);
  });

  it('seeds the demo season only when asked and the database has no fixtures; the demo has a current gameweek open now', async () => {
    expect(await seedDemoIfEmpty(sys.db, { seedDemo: false })).toBeNull();
    expect(await seedDemoIfEmpty(sys.db, { seedDemo: true })).toBeNull(); // fixtures exist already

    const demo = await seedDemoSeason(sys.db);
    expect(demo.season).toMatchObject({ name: 'English Premier League 2025/26', is_active: true });
    expect(demo.shift_days).not.toBe(0);
    await sys.settle();
    const gws = (await sys.http.get('/api/seasons/gameweeks/').set(bearer(fan.token)).expect(200)).body.data as GameweekSummary[];
    const current = gws.find((g) => g.status === 'current')!;
    expect(current).toMatchObject({ number: 19, is_open: true });
    expect(Date.parse(current.deadline!)).toBeGreaterThan(Date.now());
    expect(gws.filter((g) => g.number < 19).every((g) => g.status === 'completed')).toBe(true);
    expect(gws.filter((g) => g.number > 19).every((g) => g.status === 'upcoming')).toBe(true);
    // Past gameweeks carry real results; nothing after now has a score.
    const [{ past_without_score, future_with_score }]: { past_without_score: number; future_with_score: number }[] = await sys.db.query(
      `SELECT count(*) FILTER (WHERE f.kickoff_at < now() - interval '3 hours' AND f.status = 'scheduled')::int AS past_without_score,
              count(*) FILTER (WHERE f.kickoff_at > now() AND f.status = 'finished')::int AS future_with_score
       FROM fixtures f WHERE f.season_id = $1`,
      [demo.season.id],
    );
    expect({ past_without_score, future_with_score }).toEqual({ past_without_score: 0, future_with_score: 0 });
    const current2 = await sys.http.get('/api/fixtures/current/').set(bearer(fan.token)).expect(200);
    expect(current2.body.data.fixtures).toHaveLength(10);
    expect(current2.body.data.fixtures.every((f: { home_team_form: string }) => /^[WDL]{5}$/.test(f.home_team_form))).toBe(true);
  });
});
