import { hostname, userInfo } from 'node:os';
import { Logger } from '@nestjs/common';
import { main as opsMain } from '@scoreline/backend/ops/cli';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { AuditEntry } from '@scoreline/contracts/api/console';
import { expectErrorShape } from '../api/api-helpers';
import { grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** The fixture as an audit row keeps it, without the stamp every write moves. */
const unstamped = (fixture: unknown): unknown => {
  const { updated_at: _stamp, ...rest } = fixture as Record<string, unknown>;
  return rest;
};

/**
 * The operator audit on the real system: every change an operator makes through the admin API
 * (a result, a postponement, a new kick-off, a season import, a bonus settlement) leaves exactly
 * one row naming who, what, and the target before and after, written in the change's own
 * transaction, so a refused change leaves none; GET /admin/audit/ lists them newest first and
 * pages back; and every admin and console call is for admins alone.
 */
describe('operator audit', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let seasonId: number;
  let fixtureIds: number[];

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, fan] = await insertVerifiedUsers(sys, 2, 'audit');
    await grantAdminRole(sys, admin.id);
    // Refusals and the non-admin probes log a warn line each; the answers are what is checked.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
  });

  /** This suite's admin's rows, oldest first (suites share the database). */
  const rowsOfAdmin = async (): Promise<{ id: string; action: string; target: string; before: unknown; after: unknown; actor_user_id: number }[]> =>
    sys.db.query(`SELECT id, action, target, before, after, actor_user_id FROM operator_audit WHERE actor_user_id = $1 ORDER BY id`, [admin.id]);

  /** The rows written by `act`, which must be exactly `count`. */
  async function rowsWrittenBy(act: () => Promise<unknown>): Promise<Awaited<ReturnType<typeof rowsOfAdmin>>> {
    const before = await rowsOfAdmin();
    await act();
    const after = await rowsOfAdmin();
    return after.slice(before.length);
  }

  const listAudit = (query = '', user: FastUser = admin) => sys.http.get(`/api/admin/audit/${query}`).set(user.auth);

  it('audits a season import once: the operator, the season, nothing before and the counts after', async () => {
    // No scores: every match still to be played, for the result calls below.
    const slice = seasonSlice('2024-25/de.1.json', [1], 'Deutsche Bundesliga 2072/73');
    const season = { ...slice, matches: slice.matches.map(({ score: _score, ...match }) => match) };
    let imported: { season: { id: number; name: string }; fixtures: { total: number } } | undefined;
    const rows = await rowsWrittenBy(async () => {
      const res = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season, activate: false, league_code: 'de.1' }).expect(201);
      imported = res.body.data;
    });
    seasonId = imported!.season.id;
    fixtureIds = (await sys.db.query(`SELECT id FROM fixtures WHERE season_id = $1 ORDER BY kickoff_at, id`, [seasonId])).map((r: { id: number }) => r.id);
    expect(fixtureIds.length).toBe(imported!.fixtures.total);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'season.import', target: 'Season Deutsche Bundesliga 2072/73', before: null, actor_user_id: admin.id });
    expect(rows[0].after).toEqual({
      season: { id: seasonId, name: 'Deutsche Bundesliga 2072/73', label: '2072/73', league_code: 'de.1', is_active: false },
      gameweeks: 1,
      fixtures: { total: 9, created: 9, updated: 0, unchanged: 0 },
      refused: 0,
      clubs_created: expect.any(Number),
      results_recorded: 0,
      shift_days: 0,
    });

    // Through the API: the operator named, ISO dates.
    const { body } = await listAudit('?limit=1').expect(200);
    const [entry] = body.data as AuditEntry[];
    expect(entry).toEqual({
      id: Number(rows[0].id),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: { id: admin.id, username: admin.username },
      via: 'console',
      via_detail: null,
      action: 'season.import',
      target: 'Season Deutsche Bundesliga 2072/73',
      before: null,
      after: rows[0].after,
    });
  });

  it('audits a result, a postponement and a new kick-off once each, with the fixture before and after', async () => {
    const [resultId, postponeId, rescheduleId] = fixtureIds;
    let recorded: AdminFixture | undefined;
    const resultRows = await rowsWrittenBy(async () => {
      recorded = (await sys.http.put(`/api/admin/fixtures/${resultId}/result`).set(admin.auth).send({ home_score: 2, away_score: 1, status: 'finished' }).expect(200)).body
        .data;
    });
    expect(resultRows).toHaveLength(1);
    expect(resultRows[0]).toMatchObject({ action: 'fixture.result', target: `Fixture ${resultId} (${recorded!.home_team} v ${recorded!.away_team})` });
    expect(resultRows[0].before).toMatchObject({ id: resultId, status: 'scheduled', home_score: null, away_score: null });
    expect(resultRows[0].after).toEqual(recorded);

    let postponed: AdminFixture | undefined;
    const postponeRows = await rowsWrittenBy(async () => {
      postponed = (await sys.http.post(`/api/admin/fixtures/${postponeId}/postpone`).set(admin.auth).expect(200)).body.data;
    });
    expect(postponeRows).toHaveLength(1);
    expect(postponeRows[0]).toMatchObject({ action: 'fixture.postpone', target: `Fixture ${postponeId} (${postponed!.home_team} v ${postponed!.away_team})` });
    expect(postponeRows[0].before).toMatchObject({ id: postponeId, status: 'scheduled' });
    expect(postponeRows[0].after).toEqual(postponed);
    expect(postponed!.status).toBe('postponed');

    let moved: AdminFixture | undefined;
    const rescheduleRows = await rowsWrittenBy(async () => {
      moved = (await sys.http.patch(`/api/admin/fixtures/${rescheduleId}`).set(admin.auth).send({ match_time: '2072-09-01T18:30:00Z' }).expect(200)).body.data;
    });
    expect(rescheduleRows).toHaveLength(1);
    expect(rescheduleRows[0].action).toBe('fixture.reschedule');
    expect((rescheduleRows[0].before as AdminFixture).match_time).not.toBe('2072-09-01T18:30:00.000Z');
    expect((rescheduleRows[0].after as AdminFixture).match_time).toBe('2072-09-01T18:30:00.000Z');
    expect(rescheduleRows[0].after).toEqual(moved);
  });

  it('audits the ops CLI\'s result, postponement and new kick-off, named by the machine\'s user (the CLI has no signed-in operator)', async () => {
    const [fixtureId] = fixtureIds;
    const cliRows = async () =>
      (await sys.db.query(`SELECT action, target, via, via_detail, actor_user_id, after FROM operator_audit WHERE via = 'cli' AND target LIKE $1 ORDER BY id`, [
        `Fixture ${fixtureId} (%`,
      ])) as { action: string; via: string; via_detail: string; actor_user_id: number | null; after: AdminFixture }[];
    const io = { out: () => undefined, err: () => undefined };
    expect(await opsMain(['result', String(fixtureId), '3', '1'], io)).toBe(0);
    expect(await opsMain(['reschedule', String(fixtureId), '2072-09-02T18:30:00Z'], io)).toBe(0);
    expect(await opsMain(['postpone', String(fixtureId)], io)).toBe(0);
    const rows = await cliRows();
    expect(rows.map((r) => r.action)).toEqual(['fixture.result', 'fixture.reschedule', 'fixture.postpone']);
    expect(rows.every((r) => r.actor_user_id === null && r.via_detail === `${userInfo().username}@${hostname()}`)).toBe(true);
    expect(rows[0].after).toMatchObject({ home_score: 3, away_score: 1, status: 'finished' });
    // The list names the door: no operator, the CLI and who was at it.
    const listed = ((await listAudit('?limit=200').expect(200)).body.data as AuditEntry[]).filter((e) => e.via === 'cli' && e.target.startsWith(`Fixture ${fixtureId} (`));
    expect(listed.map((e) => [e.action, e.actor, e.via_detail])).toEqual([
      ['fixture.postpone', null, `${userInfo().username}@${hostname()}`],
      ['fixture.reschedule', null, `${userInfo().username}@${hostname()}`],
      ['fixture.result', null, `${userInfo().username}@${hostname()}`],
    ]);
  });

  it("audits the ops CLI's grant-admin: the user, their role before and after; an unknown email leaves no row", async () => {
    const [newcomer] = await insertVerifiedUsers(sys, 1, 'audit-grant');
    const io = { out: () => undefined, err: () => undefined };
    const rowsFor = (target: string) =>
      sys.db.query(`SELECT action, via, via_detail, actor_user_id, before, after FROM operator_audit WHERE target = $1 ORDER BY id`, [target]);
    const [{ email }]: { email: string }[] = await sys.db.query(`SELECT email FROM users WHERE id = $1`, [newcomer.id]);
    const [{ n: rowsBefore }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM operator_audit`);
    expect(await opsMain(['grant-admin', 'nobody-for-audit@example.com'], io)).toBe(2);
    const [{ n: rowsAfterRefusal }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM operator_audit`);
    expect(rowsAfterRefusal).toBe(rowsBefore);

    expect(await opsMain(['grant-admin', email], io)).toBe(0);
    // Granted twice: the second call is audited too, admin before and after (the audit is of what operators did).
    expect(await opsMain(['grant-admin', email], io)).toBe(0);
    const cli = `${userInfo().username}@${hostname()}`;
    const [{ username }]: { username: string }[] = await sys.db.query(`SELECT username FROM users WHERE id = $1`, [newcomer.id]);
    expect(await rowsFor(`User ${newcomer.id} (${username})`)).toEqual([
      { action: 'user.grant-admin', via: 'cli', via_detail: cli, actor_user_id: null, before: { role: 'user' }, after: { role: 'admin' } },
      { action: 'user.grant-admin', via: 'cli', via_detail: cli, actor_user_id: null, before: { role: 'admin' }, after: { role: 'admin' } },
    ]);
  });

  it('leaves no row for a refused change: bad input, a score this match cannot have, a fixture that does not exist', async () => {
    const [, , , fixtureId] = fixtureIds;
    const rows = await rowsWrittenBy(async () => {
      expectErrorShape(await sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(admin.auth).send({ home_score: -1, away_score: 0, status: 'finished' }), 400);
      // Refused inside the transaction (a league match has no extra time): the audit row goes with it.
      const inside = await sys.http
        .put(`/api/admin/fixtures/${fixtureId}/result`)
        .set(admin.auth)
        .send({ home_score: 1, away_score: 1, status: 'finished', extra_time: { home: 2, away: 1 } });
      expectErrorShape(inside, 400);
      expect(Object.keys(inside.body.errors)).toEqual(['extra_time']);
      expectErrorShape(await sys.http.patch(`/api/admin/fixtures/${fixtureId}`).set(admin.auth).send({ match_time: '2072-02-30T18:30:00Z' }), 400);
      expectErrorShape(await sys.http.post('/api/admin/fixtures/2147483000/postpone').set(admin.auth), 404);
      expectErrorShape(await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season: { name: 'x' } }), 400);
      expectErrorShape(await sys.http.put(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).send({ right_answers: [2147483000] }), 400);
    });
    expect(rows).toEqual([]);
    const [{ status }]: { status: string }[] = await sys.db.query(`SELECT status FROM fixtures WHERE id = $1`, [fixtureId]);
    expect(status).toBe('scheduled');
  });

  // Decided: the audit is of what operators did, so each accepted call leaves its row, a call that
  // changed nothing too. The two calls queue on the fixture's lock, so the rows chain: the second
  // one's before is the first one's after, and it changed nothing.
  it('leaves one row per call for two identical results sent at once, chained: the second changed nothing', async () => {
    const fixtureId = fixtureIds[4];
    const rows = await rowsWrittenBy(async () => {
      const send = () => sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(admin.auth).send({ home_score: 0, away_score: 3, status: 'finished' });
      const answers = await Promise.all([send(), send()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    });
    expect(rows.map((r) => r.action)).toEqual(['fixture.result', 'fixture.result']);
    const [first, second] = rows;
    expect(first.before).toMatchObject({ status: 'scheduled', home_score: null });
    expect(first.after).toMatchObject({ status: 'finished', home_score: 0, away_score: 3 });
    expect(unstamped(second.before)).toEqual(unstamped(first.after));
    expect(unstamped(second.after)).toEqual(unstamped(second.before));
  });

  it("audits an operator's bonus settlement, its correction and its withdrawal with the right answers before and after", async () => {
    const [clubA, clubB]: { id: number }[] = await sys.db.query(
      `SELECT DISTINCT home_club_id AS id FROM fixtures WHERE season_id = $1 ORDER BY home_club_id LIMIT 2`,
      [seasonId],
    );
    const settle = (right_answers: unknown) => sys.http.put(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).send({ right_answers });
    const target = `Bonus question champion (Deutsche Bundesliga 2072/73)`;

    const first = await rowsWrittenBy(() => settle([clubA.id]).expect(200));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ action: 'bonus.settle', target, before: null, after: { right_answers: [String(clubA.id)] } });

    const corrected = await rowsWrittenBy(() => settle([clubB.id]).expect(200));
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({ action: 'bonus.settle', before: { right_answers: [String(clubA.id)] }, after: { right_answers: [String(clubB.id)] } });
    const [stored]: { right_answers: string[] }[] = await sys.db.query(`SELECT right_answers FROM bonus_settlements WHERE season_id = $1 AND question = 'champion'`, [seasonId]);
    expect(corrected[0].after).toEqual({ right_answers: stored.right_answers });

    const withdrawn = await rowsWrittenBy(() => sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).expect(200));
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({ action: 'bonus.unsettle', target, before: { right_answers: [String(clubB.id)] }, after: null });
    // Nothing left to withdraw: 404, and no row.
    expect(await rowsWrittenBy(() => sys.http.delete(`/api/admin/seasons/${seasonId}/bonus/champion`).set(admin.auth).expect(404))).toEqual([]);
  });

  it('lists the audit newest first and pages back with `before`', async () => {
    const all = (await listAudit('?limit=5').expect(200)).body.data as AuditEntry[];
    expect(all).toHaveLength(5);
    const ids = all.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Anchored just above the newest: rows other suites add meanwhile cannot move the pages.
    const anchor = ids[0] + 1;
    const first = (await listAudit(`?before=${anchor}&limit=2`).expect(200)).body.data as AuditEntry[];
    const second = (await listAudit(`?before=${first[1].id}&limit=3`).expect(200)).body.data as AuditEntry[];
    expect([...first, ...second]).toEqual(all);
    expect(all[0]).toMatchObject({ action: 'bonus.unsettle', actor: { id: admin.id, username: admin.username } });
    // The default page is 50 (or all there are).
    const whole = (await listAudit().expect(200)).body.data as AuditEntry[];
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM operator_audit`);
    expect(whole).toHaveLength(Math.min(50, n));
  });

  it('refuses bad paging with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?before=0', 'before'],
      ['?before=-3', 'before'],
      ['?before=abc', 'before'],
      ['?before=1.5', 'before'],
      ['?before=99999999999999999999', 'before'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?limit=', 'limit'],
      ['?limit=1&limit=2', 'limit'],
      ['?page=2', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await listAudit(query);
      expectErrorShape(res, 400);
      expect({ query, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ query, fields: [field] });
    }
    await listAudit('?limit=200').expect(200);
  });

  it('answers every admin and console call with 404 to a signed-in non-admin and 401 without a token, and writes nothing', async () => {
    const doc = await sys.http.get('/api/docs-json').expect(200);
    const calls = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, '1') })));
    expect(calls.length).toBeGreaterThanOrEqual(11);
    const listed = calls.map((c) => `${c.method.toUpperCase()} ${c.path}`);
    for (const known of ['GET /api/admin/audit/', 'GET /api/admin/live/', 'GET /api/admin/health/', 'PUT /api/admin/fixtures/1/result', 'PUT /api/admin/seasons/1/bonus/1']) {
      expect(listed.map((c) => c.replace(/\/?$/, '/'))).toContain(known.replace(/\/?$/, '/'));
    }
    const auditBefore = await sys.db.query(`SELECT count(*)::int AS n FROM operator_audit`);
    const outboxBefore = await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events`);
    for (const { method, path } of calls) {
      const request = () => (sys.http as unknown as Record<string, (url: string) => import('supertest').Test>)[method](path);
      const asFan = method === 'get' ? await request().set(fan.auth) : await request().set(fan.auth).send({});
      expect({ call: `${method} ${path}`, status: asFan.status, body: asFan.body }).toEqual({ call: `${method} ${path}`, status: 404, body: { message: 'Not found.' } });
      const anonymous = method === 'get' ? await request() : await request().send({});
      expect({ call: `${method} ${path}`, status: anonymous.status }).toEqual({ call: `${method} ${path}`, status: 401 });
    }
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM operator_audit`)).toEqual(auditBefore);
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events`)).toEqual(outboxBefore);
  });
});
