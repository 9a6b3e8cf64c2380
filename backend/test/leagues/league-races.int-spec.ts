import { call, expectErrorShape, fireAtOnce, statusCounts, type FiredAnswer } from '../support/concurrency';
import { insertVerifiedUsers } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { clubsOf, fastUser, type FastUser } from './league-test-helpers';

/**
 * League changes fired N at a time by one user (a double-click, a retrying client): each answers
 * 2xx or a clear 4xx in the error shape, never 5xx, and leaves one consistent state with exactly
 * the events it describes.
 */
describe('league changes under races', () => {
  let sys: TestSystem;
  const N = 20;

  const api = (user: FastUser, method: string, path: string, body?: unknown) => () => call(sys.baseUrl, method, path, user.token, body);
  /** Fires the same call N times at once; asserts no 5xx and the error shape, answers the status counts. */
  async function race(calls: (() => Promise<FiredAnswer>)[]): Promise<{ answers: FiredAnswer[]; counts: Record<number, number> }> {
    const answers = await fireAtOnce(calls);
    expectErrorShape(answers);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    return { answers, counts: statusCounts(answers) };
  }
  const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

  async function events(name: string, leagueId: number, userId?: number): Promise<number> {
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM outbox_events
       WHERE name = $1 AND (payload->>'leagueId')::int = $2 AND ($3::int IS NULL OR (payload->>'userId')::int = $3)`,
      [name, leagueId, userId ?? null],
    );
    return n;
  }
  async function memberRows(leagueId: number, userId?: number): Promise<number> {
    const [{ n }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM league_members WHERE league_id = $1 AND ($2::int IS NULL OR user_id = $2)`,
      [leagueId, userId ?? null],
    );
    return n;
  }
  async function createLeague(owner: FastUser, body: Record<string, unknown>): Promise<{ id: number; code: string | null }> {
    const res = await call(sys.baseUrl, 'POST', '/api/leagues/', owner.token, body);
    expect(res.status).toBe(201);
    return res.body.data as { id: number; code: string | null };
  }

  beforeAll(async () => {
    sys = await startTestSystem();
  });

  afterAll(async () => {
    await sys?.close();
  });

  it('one user joining a public league N times at once: one 200, the rest 409 "already a member", one row, one member.joined', async () => {
    const owner = await fastUser(sys, 'Oona', 'Owner');
    const fan = await fastUser(sys, 'Jay', 'Joiner');
    const league = await createLeague(owner, { name: 'Open Doors', type: 'public' });
    const { answers, counts } = await race(times(N, () => api(fan, 'POST', '/api/leagues/join/', { type: 'public', league_id: league.id })));
    expect(counts).toEqual({ 200: 1, 409: N - 1 });
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('You are already a member of Open Doors.');
    expect(await memberRows(league.id, fan.id)).toBe(1);
    expect(await memberRows(league.id)).toBe(2);
    expect(await events('member.joined', league.id, fan.id)).toBe(1);
    const detail = await call(sys.baseUrl, 'GET', `/api/leagues/${league.id}/`, fan.token);
    expect(detail.body.data).toMatchObject({ member_count: 2, is_member: true });
  });

  it('many users joining a public league at once all get in, each once', async () => {
    const owner = await fastUser(sys, 'Pia', 'Popular');
    const league = await createLeague(owner, { name: 'Crowded House', type: 'public' });
    const fans = await insertVerifiedUsers(sys, N, 'crowd', { onboarded: true });
    // Each fan twice, all at once.
    const { counts } = await race(fans.flatMap((f) => [0, 1].map(() => api(f, 'POST', '/api/leagues/join/', { type: 'public', league_id: league.id }))));
    expect(counts).toEqual({ 200: N, 409: N });
    expect(await memberRows(league.id)).toBe(N + 1);
    expect(await events('member.joined', league.id)).toBe(N + 1);
  });

  it('one user asking to join a private league N times at once: one pending request, the rest 409, one request.created', async () => {
    const owner = await fastUser(sys, 'Quin', 'Quiet');
    const fan = await fastUser(sys, 'Kim', 'Keen');
    const league = await createLeague(owner, { name: 'Back Room', type: 'private', max_members: 5 });
    const { answers, counts } = await race(
      times(N, () => api(fan, 'POST', '/api/leagues/join/', { type: 'private', code: league.code!.toLowerCase(), message: 'me!' })),
    );
    expect(counts).toEqual({ 200: 1, 409: N - 1 });
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('You already have a pending request to join Back Room.');
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM league_requests WHERE league_id = $1 AND user_id = $2`, [league.id, fan.id]);
    expect(n).toBe(1);
    expect(await events('request.created', league.id, fan.id)).toBe(1);
    expect(await memberRows(league.id)).toBe(1);
  });

  it("the owner approving one request N times at once (double-click): one 200, the rest 409, one member, one of each event", async () => {
    const owner = await fastUser(sys, 'Rae', 'Ruler');
    const fan = await fastUser(sys, 'Lou', 'Lucky');
    const league = await createLeague(owner, { name: 'Inner Circle', type: 'private' });
    expect((await call(sys.baseUrl, 'POST', '/api/leagues/join/', fan.token, { type: 'private', code: league.code })).status).toBe(200);

    const { answers, counts } = await race(times(N, () => api(owner, 'POST', `/api/leagues/${league.id}/approve-request/${fan.id}/`)));
    expect(counts).toEqual({ 200: 1, 409: N - 1 });
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('That request was already approved.');
    expect(await memberRows(league.id, fan.id)).toBe(1);
    expect(await memberRows(league.id)).toBe(2);
    expect(await events('request.approved', league.id, fan.id)).toBe(1);
    expect(await events('member.joined', league.id, fan.id)).toBe(1);
    const [request]: { status: string }[] = await sys.db.query(`SELECT status FROM league_requests WHERE league_id = $1 AND user_id = $2`, [league.id, fan.id]);
    expect(request.status).toBe('approved');
  });

  it('approving every pending request of a nearly full league at once admits exactly as many as fit', async () => {
    const owner = await fastUser(sys, 'Yan', 'Yardstick');
    const fans = await insertVerifiedUsers(sys, 6, 'hopeful', { onboarded: true });
    const league = await createLeague(owner, { name: 'Three Seats', type: 'private', max_members: 3 });
    for (const f of fans) expect((await call(sys.baseUrl, 'POST', '/api/leagues/join/', f.token, { type: 'private', code: league.code })).status).toBe(200);
    const { answers, counts } = await race(fans.map((f) => api(owner, 'POST', `/api/leagues/${league.id}/approve-request/${f.id}/`)));
    expect(counts).toEqual({ 200: 2, 409: 4 });
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/^Three Seats is full \(3 members\)/);
    expect(await memberRows(league.id)).toBe(3);
    expect(await events('member.joined', league.id)).toBe(3);
    expect(await events('request.approved', league.id)).toBe(2);
  });

  it('approve and reject of one request at once: exactly one decision wins, and state and events agree with it', async () => {
    const owner = await fastUser(sys, 'Sam', 'Split');
    const fan = await fastUser(sys, 'Max', 'Maybe');
    const league = await createLeague(owner, { name: 'Two Minds', type: 'private' });
    expect((await call(sys.baseUrl, 'POST', '/api/leagues/join/', fan.token, { type: 'private', code: league.code })).status).toBe(200);

    const approve = api(owner, 'POST', `/api/leagues/${league.id}/approve-request/${fan.id}/`);
    const reject = api(owner, 'POST', `/api/leagues/${league.id}/reject-request/${fan.id}/`);
    const { counts } = await race(times(N, (i) => (i % 2 === 0 ? approve : reject)));
    expect(counts).toEqual({ 200: 1, 409: N - 1 });
    const [request]: { status: 'approved' | 'rejected' }[] = await sys.db.query(
      `SELECT status FROM league_requests WHERE league_id = $1 AND user_id = $2`,
      [league.id, fan.id],
    );
    const approved = request.status === 'approved';
    expect(await events('request.approved', league.id, fan.id)).toBe(approved ? 1 : 0);
    expect(await events('request.rejected', league.id, fan.id)).toBe(approved ? 0 : 1);
    expect(await memberRows(league.id, fan.id)).toBe(approved ? 1 : 0);
    expect(await events('member.joined', league.id, fan.id)).toBe(approved ? 1 : 0);
  });

  it('one owner creating a league of one name N times at once: one 201, the rest 409, one league, one member.joined', async () => {
    const owner = await fastUser(sys, 'Tess', 'Twice');
    const body = { name: 'Friday Five', type: 'private', max_members: 8 };
    const { answers, counts } = await race(times(N, (i) => api(owner, 'POST', '/api/leagues/', i % 2 ? body : { ...body, name: 'friday five' })));
    expect(counts).toEqual({ 201: 1, 409: N - 1 });
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
      message: expect.stringMatching(/^You already own a league called (Friday Five|friday five)\.$/),
      errors: { name: ['You already own a league with this name.'] },
    });
    const leagues: { id: number }[] = await sys.db.query(`SELECT id FROM leagues WHERE owner_id = $1`, [owner.id]);
    expect(leagues).toHaveLength(1);
    expect(await memberRows(leagues[0].id)).toBe(1);
    expect(await events('member.joined', leagues[0].id)).toBe(1);
  });

  it('different owners creating leagues of one name at once all succeed (names are unique per owner only), each with its own code', async () => {
    const owners = await insertVerifiedUsers(sys, N, 'samename', { onboarded: true });
    const { answers, counts } = await race(owners.map((o) => api(o, 'POST', '/api/leagues/', { name: 'The Usual Suspects', type: 'private' })));
    expect(counts).toEqual({ 201: N });
    const codes = answers.map((a) => (a.body.data as { code: string }).code);
    expect(new Set(codes).size).toBe(N);
  });

  it('one member leaving N times at once: one 200, the rest 409, one member.left, counts right', async () => {
    const owner = await fastUser(sys, 'Uma', 'Unmoved');
    const fan = await fastUser(sys, 'Vic', 'Gone');
    const league = await createLeague(owner, { name: 'Revolving Door', type: 'public' });
    expect((await call(sys.baseUrl, 'POST', '/api/leagues/join/', fan.token, { type: 'public', league_id: league.id })).status).toBe(200);
    const { answers, counts } = await race(times(N, () => api(fan, 'POST', `/api/leagues/${league.id}/leave/`)));
    expect(counts).toEqual({ 200: 1, 409: N - 1 });
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('You are not a member of this league.');
    expect(await memberRows(league.id)).toBe(1);
    expect(await events('member.left', league.id, fan.id)).toBe(1);
  });

  it('the owner leaving N times at once passes ownership once; every member leaving at once deletes the league once', async () => {
    const owner = await fastUser(sys, 'Wes', 'Walker');
    const members = await insertVerifiedUsers(sys, 5, 'stayer', { onboarded: true });
    const league = await createLeague(owner, { name: 'Last One Out', type: 'public' });
    for (const m of members) expect((await call(sys.baseUrl, 'POST', '/api/leagues/join/', m.token, { type: 'public', league_id: league.id })).status).toBe(200);

    const ownerLeaves = await race(times(N, () => api(owner, 'POST', `/api/leagues/${league.id}/leave/`)));
    expect(ownerLeaves.counts).toEqual({ 200: 1, 409: N - 1 });
    const owners: { user_id: number }[] = await sys.db.query(`SELECT user_id FROM league_members WHERE league_id = $1 AND role = 'owner'`, [league.id]);
    expect(owners).toEqual([{ user_id: members[0].id }]);
    const [{ owner_id }]: { owner_id: number }[] = await sys.db.query(`SELECT owner_id FROM leagues WHERE id = $1`, [league.id]);
    expect(owner_id).toBe(members[0].id);

    // Everyone left, twice each, at once.
    const allLeave = await race(members.flatMap((m) => [0, 1].map(() => api(m, 'POST', `/api/leagues/${league.id}/leave/`))));
    expect(allLeave.counts[200]).toBe(members.length);
    // A second try answers 409 (not a member) or, once the league is gone, 404.
    expect((allLeave.counts[409] ?? 0) + (allLeave.counts[404] ?? 0)).toBe(members.length);
    expect(await sys.db.query(`SELECT id FROM leagues WHERE id = $1`, [league.id])).toEqual([]);
    expect(await events('member.left', league.id)).toBe(members.length + 1);
  });

  it('one user completing onboarding N times at once with different choices: all 200, one country and one club league, events that add up', async () => {
    const fan = await fastUser(sys, 'Xen', 'Undecided');
    const england = await clubsOf(sys, 'GB-ENG');
    const spain = await clubsOf(sys, 'ES');
    const choices = times(8, (i) => (i % 2 === 0 ? { country_id: england.countryId, club_id: england.clubIds[i % 4] } : { country_id: spain.countryId, club_id: spain.clubIds[i % 4] }));
    const { counts } = await race(choices.map((c) => api(fan, 'POST', '/api/onboarding/complete/', c)));
    expect(counts).toEqual({ 200: choices.length });

    const [user]: { country_id: number; club_id: number }[] = await sys.db.query(`SELECT country_id, club_id FROM users WHERE id = $1`, [fan.id]);
    expect(choices).toContainEqual(user);
    const memberships: { type: string; country_id: number | null; club_id: number | null; league_id: number }[] = await sys.db.query(
      `SELECT l.type, l.country_id, l.club_id, l.id AS league_id FROM league_members m JOIN leagues l ON l.id = m.league_id
       WHERE m.user_id = $1 ORDER BY l.type`,
      [fan.id],
    );
    expect(memberships.map((m) => [m.type, m.country_id, m.club_id])).toEqual([
      ['club', null, user.club_id],
      ['country', user.country_id, null],
      ['global', null, null],
    ]);
    // For every league the events touched: joins minus leaves is the membership now.
    const balance: { league_id: number; net: number }[] = await sys.db.query(
      `SELECT (payload->>'leagueId')::int AS league_id,
              sum(CASE name WHEN 'member.joined' THEN 1 ELSE -1 END)::int AS net
       FROM outbox_events WHERE name IN ('member.joined', 'member.left') AND (payload->>'userId')::int = $1
       GROUP BY 1 ORDER BY 1`,
      [fan.id],
    );
    const now = new Set(memberships.map((m) => m.league_id));
    for (const b of balance) expect({ league: b.league_id, net: b.net }).toEqual({ league: b.league_id, net: now.has(b.league_id) ? 1 : 0 });
    expect(balance.filter((b) => b.net === 1)).toHaveLength(3);
  });
});
