import type { AccountExport } from '@scoreline/contracts/api/account';
import { expectErrorShape } from '../api/api-helpers';
import { createVerifiedUser, type TestUserInput } from '../support/factories';
import { bearer, grantAdminRole, insertVerifiedUsers, seasonSlice, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { clubsOf } from '../leagues/league-test-helpers';
import { storedRank } from '@scoreline/backend/standings/table-ranking.shared-sql';

jest.setTimeout(60_000);

/**
 * Settings → Privacy on the real system: Alice (signed up for real) owns two private leagues,
 * is in a public one, has a pending request to a fourth, predicted two matches of a season
 * slice (re-labelled 2047/48 so no other suite shares its fixtures) that were then scored.
 * Her export holds all of it and nothing of anyone else; deleting her account (password
 * confirmed) removes her rows, hands her league to Bob, deletes the league only she was in,
 * revokes her token and closes the ranks of the tables she was in.
 */

const slice = seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2047/48');

type User = TestUserInput & { token: string; id: number };

describe('account: export and deletion', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let alice: User;
  let bob: User;
  let carol: FastUser;
  let dave: FastUser;
  let officeId: number; // private, Alice's, with Bob and Carol
  let soloId: number; // private, Alice's, nobody else
  let openId: number; // public, Carol's, with Alice and Dave
  let closedId: number; // private, Dave's; Alice's request pending
  let fixtures: number[];

  const auth = (u: { token: string }) => bearer(u.token);
  const exportOf = (u: { token: string }) => sys.http.get('/api/account/export/').set(auth(u));
  const deleteAccount = (u: { token: string }, body?: unknown) => {
    const req = sys.http.delete('/api/account/').set(auth(u));
    return body === undefined ? req : req.send(body as object);
  };
  const standings = async (leagueId: number) =>
    (await sys.db.query(`SELECT user_id, ${storedRank('s')} AS rank, total_points FROM league_standings s WHERE league_id = $1 ORDER BY rank, user_id`, [
      leagueId,
    ])) as {
      user_id: number;
      rank: number;
      total_points: number;
    }[];

  /** Every table the deletion touches, as counts and content digests. */
  async function snapshot(): Promise<unknown> {
    const tables = [
      'users',
      'predictions',
      'user_gameweek_totals',
      'user_season_totals',
      'user_preferences',
      'league_members',
      'leagues',
      'league_requests',
      'league_standings',
      'league_activities',
      'email_codes',
      'outbox_events',
      'sent_emails',
    ];
    const out: Record<string, unknown> = {};
    for (const t of tables) {
      const [row]: { n: number; digest: string | null }[] = await sys.db.query(
        `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM ${t} x`,
      );
      out[t] = row;
    }
    return out;
  }

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await insertVerifiedUsers(sys, 1, 'acctadmin');
    await grantAdminRole(sys, admin.id);
    await sys.http.post('/api/admin/seasons/import').set(auth(admin)).send({ season: slice, shift_to_now: true }).expect(201);

    alice = await createVerifiedUser(sys, { first_name: 'Alice', last_name: 'Adams' });
    bob = await createVerifiedUser(sys, { first_name: 'Bob', last_name: 'Brown' });
    [carol, dave] = await insertVerifiedUsers(sys, 2, 'acct');
    const england = await clubsOf(sys, 'GB-ENG');
    for (const u of [alice, bob, carol, dave]) {
      await sys.http.post('/api/onboarding/complete/').set(auth(u)).send({ country_id: england.countryId, club_id: england.clubIds[0] }).expect(200);
    }

    const create = async (owner: { token: string }, name: string, type: 'private' | 'public') =>
      (await sys.http.post('/api/leagues/').set(auth(owner)).send({ name, type }).expect(201)).body.data as { id: number; code: string | null };
    const office = await create(alice, 'Account Office', 'private');
    officeId = office.id;
    for (const u of [bob, carol]) {
      await sys.http.post('/api/leagues/join/').set(auth(u)).send({ type: 'private', code: office.code }).expect(200);
      await sys.http.post(`/api/leagues/${officeId}/approve-request/${u.id}/`).set(auth(alice)).expect(200);
    }
    soloId = (await create(alice, 'Account Solo', 'private')).id;
    openId = (await create(carol, 'Account Open', 'public')).id;
    for (const u of [alice, dave]) await sys.http.post('/api/leagues/join/').set(auth(u)).send({ type: 'public', league_id: openId }).expect(200);
    const closed = await create(dave, 'Account Closed', 'private');
    closedId = closed.id;
    await sys.http.post('/api/leagues/join/').set(auth(alice)).send({ type: 'private', code: closed.code, message: 'Let me in' }).expect(200);
    await sys.http.post('/api/leagues/join/').set(auth(bob)).send({ type: 'private', code: closed.code }).expect(200);

    // Two matches of the open gameweek: Alice exact twice (banker on the first), Bob right twice, Carol one draw.
    const current = await sys.http.get('/api/fixtures/current/').set(auth(alice)).expect(200);
    fixtures = (current.body.data.fixtures as { id: number }[]).slice(0, 2).map((f) => f.id);
    const predict = (u: { token: string }, a: [number, number], b: [number, number], banker = false) =>
      sys.http
        .post('/api/predictions/')
        .set(auth(u))
        .send({
          predictions: [
            { fixture: fixtures[0], home_score: a[0], away_score: a[1], is_banker: banker },
            { fixture: fixtures[1], home_score: b[0], away_score: b[1], is_banker: false },
          ],
        })
        .expect(200);
    await predict(alice, [2, 1], [0, 0], true);
    await predict(bob, [1, 0], [1, 1]);
    await predict(carol, [0, 2], [2, 2]);
    await sys.http.put(`/api/admin/fixtures/${fixtures[0]}/result`).set(auth(admin)).send({ home_score: 2, away_score: 1, status: 'finished' }).expect(200);
    await sys.http.put(`/api/admin/fixtures/${fixtures[1]}/result`).set(auth(admin)).send({ home_score: 0, away_score: 0, status: 'finished' }).expect(200);
    await sys.db.query(`INSERT INTO user_preferences (user_id, theme, notify_match_results) VALUES ($1, 'light', true)`, [alice.id]);
    await sys.settle(30_000);
  });

  afterAll(async () => {
    // Leave no active season behind: every suite activates the season it needs.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
  });

  it('answers 401 to anonymous callers', async () => {
    expectErrorShape(await sys.http.get('/api/account/export/'), 401);
    expectErrorShape(await sys.http.delete('/api/account/').send({ password: 'whatever-123' }), 401);
  });

  it('documents both calls in OpenAPI', async () => {
    const docs = await sys.http.get('/api/docs-json').expect(200);
    const paths = docs.body.paths as Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    const account = Object.entries(paths).filter(([path]) => path.startsWith('/api/account'));
    const operations = account.flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.map((o) => `${o.method} ${o.path.replace(/\/$/, '')}`).sort()).toEqual(['delete /api/account', 'get /api/account/export']);
    for (const { op } of operations) {
      expect(op.summary).toEqual(expect.any(String));
      expect(op.security).toBeTruthy();
    }
  });

  it('has scored and ranked the set-up as expected', async () => {
    expect(await standings(officeId)).toEqual([
      { user_id: alice.id, rank: 1, total_points: 70 },
      { user_id: bob.id, rank: 2, total_points: 25 },
      { user_id: carol.id, rank: 3, total_points: 15 },
    ]);
    expect(await standings(openId)).toEqual([
      { user_id: alice.id, rank: 1, total_points: 70 },
      { user_id: carol.id, rank: 2, total_points: 15 },
      { user_id: dave.id, rank: 3, total_points: 0 },
    ]);
  });

  it("exports everything held about the caller and nothing about anyone else's", async () => {
    const res = await exportOf(alice).expect(200);
    const data = res.body.data as AccountExport;
    expect(Math.abs(Date.parse(data.exported_at) - Date.now())).toBeLessThan(60_000);
    expect(data.profile).toMatchObject({ id: alice.id, username: alice.username, email: alice.email, first_name: 'Alice', last_name: 'Adams', role: 'user' });
    expect(data.profile.email_verified_at).not.toBeNull();
    expect(data.profile.onboarding_completed_at).not.toBeNull();
    expect(res.text).not.toMatch(/password|token_version|argon2/i);
    expect(data.country).toMatchObject({ code: 'GB-ENG' });
    expect(data.club).toMatchObject({ id: (await sys.db.query(`SELECT club_id FROM users WHERE id = $1`, [alice.id]))[0].club_id });
    expect(data.preferences).toEqual({
      preferences: { theme: 'light', language: 'en', timezone: 'local' },
      notifications: { gameweekDeadlines: true, leagueUpdates: true, matchResults: true, weeklyDigest: true },
      updated_at: expect.any(String),
    });

    expect(data.predictions).toHaveLength(2);
    const [first, second] = data.predictions;
    expect(first).toMatchObject({
      season: { name: 'English Premier League 2047/48', label: '2047/48' },
      fixture: { id: fixtures[0], status: 'finished', home_score: 2, away_score: 1 },
      home_score: 2,
      away_score: 1,
      is_banker: true,
      points: 40,
      outcome: 'exact',
      is_final: true,
    });
    expect(first.fixture.home_team).toEqual(expect.any(String));
    expect(first.fixture.away_team).toEqual(expect.any(String));
    expect(Date.parse(first.fixture.kickoff_at)).not.toBeNaN();
    expect(second).toMatchObject({ fixture: { id: fixtures[1], home_score: 0, away_score: 0 }, points: 30, outcome: 'exact', is_banker: false });

    expect(data.gameweek_totals).toEqual([
      { season_id: first.season.id, gameweek: first.gameweek, points: 70, predictions: 2, scored: 2, correct: 2, exact: 2, provisional: false },
    ]);
    expect(data.season_totals).toEqual([
      { season: first.season, points: 70, predictions: 2, scored: 2, correct: 2, exact: 2, provisional: false },
    ]);

    const leagues = Object.fromEntries(data.leagues.map((l) => [l.name, { type: l.type, role: l.role, id: l.league_id }]));
    expect(leagues).toMatchObject({
      'Global League · English Premier League': { type: 'global', role: 'member' },
      'Account Office': { type: 'private', role: 'owner', id: officeId },
      'Account Solo': { type: 'private', role: 'owner', id: soloId },
      'Account Open': { type: 'public', role: 'member', id: openId },
    });
    expect(data.leagues.map((l) => l.type).sort()).toEqual(['club', 'country', 'global', 'private', 'private', 'public']);
    expect(data.join_requests).toEqual([
      expect.objectContaining({ league_id: closedId, league_name: 'Account Closed', message: 'Let me in', status: 'pending', decided_at: null }),
    ]);

    // Her joins, her approval of Bob's and Carol's requests, her exact scores and banker hit.
    const kinds = data.activity.map((a) => `${a.kind}:${a.as}`);
    expect(kinds).toEqual(expect.arrayContaining(['member_joined:actor', 'request_approved:actor', 'exact_score:actor', 'banker_hit:actor']));
    expect(data.activity.every((a) => a.league_id > 0 && typeof a.message === 'string')).toBe(true);

    // Nothing of anyone else: not Bob's account, not his predictions or request.
    expect(res.text).not.toContain(bob.email);
    expect(res.text).not.toContain(bob.username);
    const ownPredictionIds: { id: number }[] = await sys.db.query(`SELECT id FROM predictions WHERE user_id = $1 ORDER BY id`, [alice.id]);
    expect(data.predictions.map((p) => p.id).sort((a, b) => a - b)).toEqual(ownPredictionIds.map((r) => r.id));
  });

  it("holds the caller's bonus answers and private-league question answers, with names, and nobody else's", async () => {
    // Written straight in SQL: the season's first kick-off is behind it, so the API would refuse an answer now.
    const [{ season_id, club_id, name }]: { season_id: number; club_id: number; name: string }[] = await sys.db.query(
      `SELECT f.season_id, f.home_club_id AS club_id, c.name FROM fixtures f JOIN clubs c ON c.id = f.home_club_id WHERE f.id = $1`,
      [fixtures[0]],
    );
    await sys.db.query(
      `INSERT INTO bonus_answers (user_id, season_id, question, team_id, player_name) VALUES ($1, $2, 'champion', $3, NULL), ($1, $2, 'top_scorer', NULL, 'Erling Haaland'), ($4, $2, 'champion', $3, NULL)`,
      [alice.id, season_id, club_id, bob.id],
    );
    const [{ id: questionId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO league_questions (league_id, text, kind, points, locks_at) VALUES ($1, 'Goals in the final?', 'number', 10, now() + interval '1 day') RETURNING id`,
      [officeId],
    );
    await sys.db.query(`INSERT INTO league_question_answers (question_id, user_id, answer) VALUES ($1, $2, '3'), ($1, $3, '1')`, [questionId, alice.id, bob.id]);
    try {
      const data = (await exportOf(alice).expect(200)).body.data as AccountExport;
      expect(data.bonus_answers.map(({ question, answer, competition }) => ({ question, answer, competition })).sort((a, b) => a.question.localeCompare(b.question))).toEqual([
        { question: 'champion', answer: name, competition: 'en.1' },
        { question: 'top_scorer', answer: 'Erling Haaland', competition: 'en.1' },
      ]);
      expect(data.league_question_answers).toEqual([
        { league_id: officeId, league_name: 'Account Office', question: 'Goals in the final?', answer: '3', answered_at: expect.any(String) },
      ]);
    } finally {
      await sys.db.query(`DELETE FROM bonus_answers WHERE season_id = $1`, [season_id]);
      await sys.db.query(`DELETE FROM league_questions WHERE id = $1`, [questionId]);
    }
  });

  it("gives another user only their own data, and null preferences when they never saved any", async () => {
    const data = (await exportOf(bob).expect(200)).body.data as AccountExport;
    expect(data.profile.id).toBe(bob.id);
    expect(data.preferences).toBeNull();
    expect(data.predictions.map((p) => p.points)).toEqual([10, 15]);
    expect(data.join_requests).toEqual([
      expect.objectContaining({ league_id: officeId, status: 'approved', decided_at: expect.any(String) }),
      expect.objectContaining({ league_id: closedId, status: 'pending', message: '' }),
    ]);
    expect(JSON.stringify(data)).not.toContain(alice.email);
  });

  it.each([
    ['a wrong password', { password: 'not-her-password' }, 'Your password is incorrect.'],
    ['no password', {}, 'Password is required.'],
    ['an empty password', { password: '' }, 'Password is required.'],
    ['a number', { password: 12345678 }, 'Password is required.'],
    ['an overlong password', { password: 'x'.repeat(129) }, 'Your password is incorrect.'],
  ])('refuses %s with errors.password and writes nothing', async (_label, body, message) => {
    const before = await snapshot();
    const res = await deleteAccount(alice, body);
    expectErrorShape(res, 400);
    expect(res.body.errors.password).toEqual([message]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body without JSON or with unknown fields, writing nothing', async () => {
    const before = await snapshot();
    const none = await deleteAccount(alice);
    expectErrorShape(none, 400);
    expect(none.body.errors.password).toEqual(['Password is required.']);
    expectErrorShape(await deleteAccount(alice, { password: alice.password, user_id: bob.id }), 400);
    expectErrorShape(await deleteAccount(alice, [alice.password]), 400);
    expect(await snapshot()).toEqual(before);
  });

  it("deletes the account: her rows go, her leagues pass on or go, her token stops working, tables close ranks", async () => {
    const res = await deleteAccount(alice, { password: alice.password }).expect(200);
    expect(res.body).toEqual({ message: 'Your account has been deleted.' });

    // The token is refused at once, on every call.
    expectErrorShape(await exportOf(alice), 401);
    expectErrorShape(await sys.http.get('/api/auth/profile/').set(auth(alice)), 401);

    const left: { t: string; n: number }[] = await sys.db.query(
      `SELECT 'users' AS t, count(*)::int AS n FROM users WHERE id = $1 OR email = $2
       UNION ALL SELECT 'predictions', count(*)::int FROM predictions WHERE user_id = $1
       UNION ALL SELECT 'gameweek_totals', count(*)::int FROM user_gameweek_totals WHERE user_id = $1
       UNION ALL SELECT 'season_totals', count(*)::int FROM user_season_totals WHERE user_id = $1
       UNION ALL SELECT 'preferences', count(*)::int FROM user_preferences WHERE user_id = $1
       UNION ALL SELECT 'members', count(*)::int FROM league_members WHERE user_id = $1
       UNION ALL SELECT 'requests', count(*)::int FROM league_requests WHERE user_id = $1
       UNION ALL SELECT 'codes', count(*)::int FROM email_codes WHERE user_id = $1
       UNION ALL SELECT 'activity', count(*)::int FROM league_activities WHERE actor_user_id = $1 OR target_user_id = $1
       UNION ALL SELECT 'standings', count(*)::int FROM league_standings WHERE user_id = $1
       UNION ALL SELECT 'owned', count(*)::int FROM leagues WHERE owner_id = $1
       UNION ALL SELECT 'sent_emails', count(*)::int FROM sent_emails WHERE recipient = $2
       UNION ALL SELECT 'outbox_email', count(*)::int FROM outbox_events WHERE payload->>'email' = $2`,
      [alice.id, alice.email],
    );
    expect(left.filter((r) => r.n > 0)).toEqual([]);

    // Bob, the longest-standing other member, owns the office now; the solo league is gone.
    const office: { owner_id: number }[] = await sys.db.query(`SELECT owner_id FROM leagues WHERE id = $1`, [officeId]);
    expect(office).toEqual([{ owner_id: bob.id }]);
    const members: { user_id: number; role: string }[] = await sys.db.query(
      `SELECT user_id, role FROM league_members WHERE league_id = $1 ORDER BY joined_at, user_id`,
      [officeId],
    );
    expect(members).toEqual([
      { user_id: bob.id, role: 'owner' },
      { user_id: carol.id, role: 'member' },
    ]);
    expect((await sys.http.get(`/api/leagues/${officeId}/`).set(auth(bob)).expect(200)).body.data).toMatchObject({ is_owner: true, member_count: 2 });
    expect(await sys.db.query(`SELECT id FROM leagues WHERE id = $1`, [soloId])).toEqual([]);
    // Carol's public league is still hers; Dave's closed league keeps Bob's request.
    expect(await sys.db.query(`SELECT owner_id FROM leagues WHERE id = $1`, [openId])).toEqual([{ owner_id: carol.id }]);
    expect(await sys.db.query(`SELECT user_id FROM league_requests WHERE league_id = $1`, [closedId])).toEqual([{ user_id: bob.id }]);

    // The workers re-rank the remaining members.
    await sys.settle(30_000);
    expect(await standings(officeId)).toEqual([
      { user_id: bob.id, rank: 1, total_points: 25 },
      { user_id: carol.id, rank: 2, total_points: 15 },
    ]);
    expect(await standings(openId)).toEqual([
      { user_id: carol.id, rank: 1, total_points: 15 },
      { user_id: dave.id, rank: 2, total_points: 0 },
    ]);
    const summary: { member_count: number; leading_score: number; top: { user_id: number }[] }[] = await sys.db.query(
      `SELECT member_count, leading_score, top FROM league_standings_summary WHERE league_id = $1`,
      [officeId],
    );
    expect(summary[0]).toMatchObject({ member_count: 2, leading_score: 25 });
    expect(summary[0].top.map((r) => r.user_id)).toEqual([bob.id, carol.id]);
    const leaderboard = await sys.http.get(`/api/leagues/${officeId}/leaderboard/`).set(auth(bob)).expect(200);
    expect(JSON.stringify(leaderboard.body)).not.toContain(alice.username);
    const global: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM league_standings s JOIN leagues l ON l.id = s.league_id WHERE l.type = 'global' AND s.user_id = $1`,
      [alice.id],
    );
    expect(global).toEqual([{ n: 0 }]);

    // Bob's own data is untouched.
    const bobs = (await exportOf(bob).expect(200)).body.data as AccountExport;
    expect(bobs.predictions).toHaveLength(2);
    expect(bobs.leagues.find((l) => l.league_id === officeId)?.role).toBe('owner');
  });

  it('lets the email and username sign up again', async () => {
    await sys.http
      .post('/api/auth/register/')
      .send({ username: alice.username, email: alice.email, first_name: 'Alice', last_name: 'Again', password: 'another-pass-1', password_confirm: 'another-pass-1' })
      .expect(201);
  });
});
