import { startTestSystem, TestSystem } from '../support/test-system';
import { choosePreferences, clubsOf, fastUser, FastUser, queue } from './league-test-helpers';

describe('leagues API: create, join, requests, membership, access', () => {
  let sys: TestSystem;
  let owner: FastUser;
  let member: FastUser;
  let outsider: FastUser;
  let privateId: number;
  let privateCode: string;
  let publicId: number;

  beforeAll(async () => {
    sys = await startTestSystem();
    owner = await fastUser(sys, 'Olive', 'Owner');
    member = await fastUser(sys, 'Mia', 'Member');
    outsider = await fastUser(sys, 'Otto', 'Outsider');

    const created = await sys.http
      .post('/api/leagues/')
      .set(owner.auth)
      .send({ name: '  Office Predictors ', type: 'private', description: 'Desk 4', max_members: 10 })
      .expect(201);
    privateId = created.body.data.id;
    privateCode = created.body.data.code;
    const pub = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Open Table', type: 'public' }).expect(201);
    publicId = pub.body.data.id;

    await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'private', code: privateCode }).expect(200);
    await sys.http.post(`/api/leagues/${privateId}/approve-request/${member.id}/`).set(owner.auth).expect(200);
    await sys.settle();
  });
  afterAll(async () => {
    await sys.close();
  });

  describe('create', () => {
    it('answers the created league with a generated 8-character code and the caller as owner', async () => {
      const res = await sys.http.get(`/api/leagues/${privateId}/`).set(owner.auth).expect(200);
      expect(res.body.data).toMatchObject({
        id: privateId,
        name: 'Office Predictors',
        type: 'private',
        description: 'Desk 4',
        member_count: 2,
        is_owner: true,
        max_members: 10,
        is_member: true,
        role: 'owner',
        owner_name: 'Olive Owner',
      });
      expect(privateCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(new Date(res.body.data.created_at).toString()).not.toBe('Invalid Date');
    });

    it('gives every private league its own code and public leagues none', async () => {
      const codes = new Set<string>([privateCode]);
      for (let i = 0; i < 5; i += 1) {
        const res = await sys.http.post('/api/leagues/').set(outsider.auth).send({ name: `Code ${i}`, type: 'private' }).expect(201);
        expect(res.body.data.max_members).toBe(1000);
        codes.add(res.body.data.code);
      }
      expect(codes.size).toBe(6);
      const pub = await sys.http.get(`/api/leagues/${publicId}/`).set(outsider.auth).expect(200);
      expect(pub.body.data).toMatchObject({ code: null, max_members: null, is_member: false, is_owner: false, member_count: 1 });
    });

    it.each([
      [{ type: 'private' }, 'name', 'League name is required.'],
      [{ name: '   ', type: 'private' }, 'name', 'League name is required.'],
      [{ name: 'x'.repeat(101), type: 'private' }, 'name', 'League name must be at most 100 characters.'],
      [{ name: 'A', type: 'secret' }, 'type', 'League type must be private or public.'],
      [{ name: 'A', type: 'private', max_members: 1 }, 'max_members', 'Max members must be a number from 2 to 1000.'],
      [{ name: 'A', type: 'private', max_members: 1001 }, 'max_members', 'Max members must be a number from 2 to 1000.'],
      [{ name: 'A', type: 'private', max_members: 2.5 }, 'max_members', 'Max members must be a number from 2 to 1000.'],
      [{ name: 'A', type: 'private', max_members: 'lots' }, 'max_members', 'Max members must be a number from 2 to 1000.'],
      [{ name: 'A', type: 'public', max_members: 10 }, 'max_members', 'Max members applies to private leagues only.'],
      [{ name: 'A', type: 'public', owner_id: 1 }, 'owner_id', 'owner_id is not an allowed field.'],
    ])('refuses %j with a field error and writes nothing', async (body, field, message) => {
      const before = await sys.db.query(`SELECT count(*)::int AS n FROM leagues`);
      const res = await sys.http.post('/api/leagues/').set(owner.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await sys.db.query(`SELECT count(*)::int AS n FROM leagues`)).toEqual(before);
    });
  });

  describe('authorisation matrix', () => {
    type Call = [method: 'get' | 'post' | 'delete', path: (id: number) => string];
    const reads: Call[] = [
      ['get', (id) => `/api/leagues/${id}/`],
      ['get', (id) => `/api/leagues/${id}/leaderboard/`],
      ['get', (id) => `/api/leagues/${id}/stats/`],
      ['get', (id) => `/api/leagues/${id}/members/enhanced/`],
      ['get', (id) => `/api/leagues/${id}/members/stats/`],
      ['get', (id) => `/api/leagues/${id}/activity/`],
      ['get', (id) => `/api/leagues/${id}/activity/stats/`],
    ];
    const ownerCalls: Call[] = [
      ['get', (id) => `/api/leagues/${id}/join-requests/`],
      ['post', (id) => `/api/leagues/${id}/regenerate-code/`],
    ];
    const send = (call: Call, id: number, who?: FastUser) => {
      const req = sys.http[call[0]](call[1](id));
      return who ? req.set(who.auth) : req;
    };

    it('answers 401 to anonymous callers on every league call', async () => {
      const all: Call[] = [
        ['get', () => '/api/leagues/overview/'],
        ['get', () => '/api/leagues/discover/'],
        ['post', () => '/api/leagues/'],
        ['post', () => '/api/leagues/join/'],
        ...reads,
        ...ownerCalls,
        ['post', (id) => `/api/leagues/${id}/approve-request/${member.id}/`],
        ['post', (id) => `/api/leagues/${id}/reject-request/${member.id}/`],
        ['get', (id) => `/api/leagues/${id}/members/${member.id}/`],
        ['delete', (id) => `/api/leagues/${id}/members/${member.id}/`],
        ['get', (id) => `/api/leagues/${id}/players/${member.id}/`],
        ['post', (id) => `/api/leagues/${id}/leave/`],
      ];
      for (const call of all) {
        const res = await send(call, privateId);
        expect([call[1](privateId), res.status]).toEqual([call[1](privateId), 401]);
      }
    });

    it('hides a private league from non-members with the same 404 as a missing league', async () => {
      const calls: Call[] = [
        ...reads,
        ...ownerCalls,
        ['post', (id) => `/api/leagues/${id}/approve-request/${member.id}/`],
        ['post', (id) => `/api/leagues/${id}/reject-request/${member.id}/`],
        ['get', (id) => `/api/leagues/${id}/members/${member.id}/`],
        ['delete', (id) => `/api/leagues/${id}/members/${member.id}/`],
        ['get', (id) => `/api/leagues/${id}/players/${member.id}/`],
        ['get', (id) => `/api/leagues/${id}/players/${member.username}/`],
        ['post', (id) => `/api/leagues/${id}/leave/`],
      ];
      for (const call of calls) {
        const hidden = await send(call, privateId, outsider);
        const missing = await send(call, 99999999, outsider);
        expect([call[1](privateId), hidden.status, hidden.body]).toEqual([call[1](privateId), 404, missing.body]);
        expect(hidden.body).toEqual({ message: 'League not found.' });
      }
      expect((await sys.http.get('/api/leagues/abc/').set(outsider.auth)).status).toBe(404);
      expect((await sys.http.get('/api/leagues/99999999999/').set(outsider.auth)).status).toBe(404);
    });

    it('lets members read a private league, and only its owner manage it (403 otherwise)', async () => {
      for (const call of reads) expect([call[1](privateId), (await send(call, privateId, member)).status]).toEqual([call[1](privateId), 200]);
      for (const call of reads) expect([call[1](privateId), (await send(call, privateId, owner)).status]).toEqual([call[1](privateId), 200]);
      for (const call of ownerCalls) expect((await send(call, privateId, member)).status).toBe(403);
      const approve = await sys.http.post(`/api/leagues/${privateId}/approve-request/${outsider.id}/`).set(member.auth).expect(403);
      expect(approve.body.message).toMatch(/only the owner/i);
      await sys.http.post(`/api/leagues/${privateId}/reject-request/${outsider.id}/`).set(member.auth).expect(403);
      await sys.http.delete(`/api/leagues/${privateId}/members/${owner.id}/`).set(member.auth).expect(403);
      await sys.http.get(`/api/leagues/${privateId}/join-requests/`).set(owner.auth).expect(200);
      const detail = await sys.http.get(`/api/leagues/${privateId}/`).set(member.auth).expect(200);
      expect(detail.body.data).toMatchObject({ is_owner: false, role: 'member', code: privateCode });
    });

    it('lets anyone signed in read a public league, and nobody but its owner manage it', async () => {
      for (const call of reads) expect([call[1](publicId), (await send(call, publicId, outsider)).status]).toEqual([call[1](publicId), 200]);
      for (const call of ownerCalls) expect((await send(call, publicId, outsider)).status).toBe(403);
      // A public league has no join requests and no invite code, even for its owner.
      await sys.http.get(`/api/leagues/${publicId}/join-requests/`).set(owner.auth).expect(403);
      await sys.http.post(`/api/leagues/${publicId}/regenerate-code/`).set(owner.auth).expect(400);
    });
  });

  describe('join a private league by code', () => {
    it('accepts the code trimmed and in any case, with a message, as a pending request the owner sees', async () => {
      const joiner = await fastUser(sys, 'Jo', 'Joiner');
      const res = await sys.http
        .post('/api/leagues/join/')
        .set(joiner.auth)
        .send({ type: 'private', code: `  ${privateCode.toLowerCase()} `, message: 'Hi, it is Jo from accounts' })
        .expect(200);
      expect(res.body.message).toBe('Your request to join Office Predictors was sent. The owner will review it.');
      expect(res.body.data).toMatchObject({ status: 'pending', league_id: privateId, league_name: 'Office Predictors' });

      const list = await sys.http.get(`/api/leagues/${privateId}/join-requests/`).set(owner.auth).expect(200);
      expect(list.body.data.pending_requests).toEqual([
        {
          id: res.body.data.request_id,
          user: joiner.id,
          username: joiner.username,
          user_full_name: 'Jo Joiner',
          message: 'Hi, it is Jo from accounts',
          created_at: expect.any(String),
          status: 'pending',
        },
      ]);
      // Still not a member: the league stays hidden until approval.
      await sys.http.get(`/api/leagues/${privateId}/`).set(joiner.auth).expect(404);

      const dup = await sys.http.post('/api/leagues/join/').set(joiner.auth).send({ type: 'private', code: privateCode }).expect(409);
      expect(dup.body.message).toBe('You already have a pending request to join Office Predictors.');

      await sys.http.post(`/api/leagues/${privateId}/reject-request/${joiner.id}/`).set(owner.auth).expect(200);
      const after = await sys.http.get(`/api/leagues/${privateId}/join-requests/`).set(owner.auth).expect(200);
      expect(after.body.data.pending_requests).toEqual([]);
      // Deciding it again (a second click) is a clear conflict.
      const again = await sys.http.post(`/api/leagues/${privateId}/reject-request/${joiner.id}/`).set(owner.auth).expect(409);
      expect(again.body.message).toBe('That request was already rejected.');
      // After a rejection the user may ask again.
      await sys.http.post('/api/leagues/join/').set(joiner.auth).send({ type: 'private', code: privateCode }).expect(200);
      await sys.http.post(`/api/leagues/${privateId}/approve-request/${joiner.id}/`).set(owner.auth).expect(200);
      const detail = await sys.http.get(`/api/leagues/${privateId}/`).set(joiner.auth).expect(200);
      expect(detail.body.data.role).toBe('member');
      const statuses = await sys.db.query(`SELECT status FROM league_requests WHERE user_id = $1 ORDER BY id`, [joiner.id]);
      expect(statuses.map((r: { status: string }) => r.status)).toEqual(['rejected', 'approved']);
    });

    it.each([
      [{ type: 'private' }, 'code', 'Invite code is required for private leagues'],
      [{ type: 'private', code: '   ' }, 'code', 'Invite code is required for private leagues'],
      [{ type: 'private', code: 'ABCDEFGHJ' }, 'code', 'The invite code is at most 8 characters.'],
      [{ type: 'private', code: 'ABCD2345', message: 'x'.repeat(201) }, 'message', 'The message must be at most 200 characters.'],
      [{ type: 'public' }, 'league_id', 'League ID is required for public leagues'],
      [{ type: 'public', league_id: 'abc' }, 'league_id', 'League ID must be a number.'],
      [{ type: 'public', league_id: 0 }, 'league_id', 'League ID must be a number.'],
      [{ type: 'public', league_id: 2147483648 }, 'league_id', 'League ID must be a number.'],
      [{ code: 'ABCD2345' }, 'type', 'Choose a private or a public league to join.'],
    ])('refuses %j with a field error', async (body, field, message) => {
      const res = await sys.http.post('/api/leagues/join/').set(outsider.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toEqual([message]);
    });

    it('accepts a message of exactly 200 characters and refuses unknown codes, members and the owner', async () => {
      const unknown = await sys.http.post('/api/leagues/join/').set(outsider.auth).send({ type: 'private', code: 'ZZZZZZZZ' }).expect(404);
      expect(unknown.body.message).toBe('No private league has that invite code.');
      const again = await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'private', code: privateCode }).expect(409);
      expect(again.body.message).toBe('You are already a member of Office Predictors.');
      await sys.http.post('/api/leagues/join/').set(owner.auth).send({ type: 'private', code: privateCode }).expect(409);
      const u = await fastUser(sys);
      await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'private', code: privateCode, message: 'm'.repeat(200) }).expect(200);
    });

    it('enforces max members when asking and when approving', async () => {
      const small = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Pair', type: 'private', max_members: 2 }).expect(201);
      const { id, code } = small.body.data;
      const a = await fastUser(sys);
      const b = await fastUser(sys);
      await sys.http.post('/api/leagues/join/').set(a.auth).send({ type: 'private', code }).expect(200);
      await sys.http.post('/api/leagues/join/').set(b.auth).send({ type: 'private', code }).expect(200);
      await sys.http.post(`/api/leagues/${id}/approve-request/${a.id}/`).set(owner.auth).expect(200);
      const full = await sys.http.post(`/api/leagues/${id}/approve-request/${b.id}/`).set(owner.auth).expect(409);
      expect(full.body.message).toMatch(/^Pair is full \(2 members\)/);
      const [{ n }] = await sys.db.query(`SELECT count(*)::int AS n FROM league_members WHERE league_id = $1`, [id]);
      expect(n).toBe(2);
      const c = await fastUser(sys);
      const refused = await sys.http.post('/api/leagues/join/').set(c.auth).send({ type: 'private', code }).expect(409);
      expect(refused.body.message).toBe('Pair is full (2 members).');
      // The waiting request can still be rejected.
      await sys.http.post(`/api/leagues/${id}/reject-request/${b.id}/`).set(owner.auth).expect(200);
    });
  });

  describe('join a public league by id', () => {
    it('joins at once, accepts the id as a numeric string, and refuses repeats and private ids', async () => {
      const u = await fastUser(sys, 'Pia', 'Public');
      const res = await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'public', league_id: String(publicId) }).expect(200);
      expect(res.body).toEqual({
        message: 'You joined Open Table!',
        data: { status: 'joined', league_id: publicId, league_name: 'Open Table', request_id: null },
      });
      const again = await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'public', league_id: publicId }).expect(409);
      expect(again.body.message).toBe('You are already a member of Open Table.');
      const priv = await sys.http.post('/api/leagues/join/').set(outsider.auth).send({ type: 'public', league_id: privateId }).expect(404);
      expect(priv.body.message).toBe(`No public league has the ID ${privateId}.`);
    });
  });

  describe('leave, remove, regenerate', () => {
    it('regenerates the invite code: the old one stops working, the new one works', async () => {
      const res = await sys.http.post(`/api/leagues/${privateId}/regenerate-code/`).set(owner.auth).expect(200);
      const code: string = res.body.data.code;
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(code).not.toBe(privateCode);
      const u = await fastUser(sys);
      await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'private', code: privateCode }).expect(410);
      await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'private', code: code.toLowerCase() }).expect(200);
      privateCode = code;
    });

    it('lets the owner remove a member (not themself) and a member leave', async () => {
      const res = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Short Lived', type: 'private' }).expect(201);
      const { id, code } = res.body.data;
      const a = await fastUser(sys, 'Ann', 'Away');
      const b = await fastUser(sys, 'Ben', 'Bye');
      for (const u of [a, b]) {
        await sys.http.post('/api/leagues/join/').set(u.auth).send({ type: 'private', code }).expect(200);
        await sys.http.post(`/api/leagues/${id}/approve-request/${u.id}/`).set(owner.auth).expect(200);
      }
      const removed = await sys.http.delete(`/api/leagues/${id}/members/${a.id}/`).set(owner.auth).expect(200);
      expect(removed.body.message).toBe('Ann Away was removed from Short Lived.');
      await sys.http.get(`/api/leagues/${id}/`).set(a.auth).expect(404);
      await sys.http.delete(`/api/leagues/${id}/members/${a.id}/`).set(owner.auth).expect(404);
      const self = await sys.http.delete(`/api/leagues/${id}/members/${owner.id}/`).set(owner.auth).expect(400);
      expect(self.body.message).toBe('You cannot remove yourself; leave the league instead.');

      const left = await sys.http.post(`/api/leagues/${id}/leave/`).set(b.auth).expect(200);
      expect(left.body.message).toBe('You left Short Lived.');
      await sys.http.get(`/api/leagues/${id}/`).set(b.auth).expect(404);
      await sys.settle();
      const standings = await sys.db.query(`SELECT user_id FROM league_standings WHERE league_id = $1`, [id]);
      expect(standings).toEqual([{ user_id: owner.id }]);
      // The feed's entries carry how each member came and went, for clients that write the line themselves.
      const entries = await sys.db.query(
        `SELECT kind, message, description, actor_user_id, target_user_id, metadata FROM league_activities
         WHERE league_id = $1 AND kind IN ('member_joined', 'member_left') ORDER BY id`,
        [id],
      );
      // The activity worker writes these as their events come, several jobs at once: their ids need
      // not follow the requests' order, so the entries are compared in the order of their lines.
      const byMessage = (x: { message: string }, y: { message: string }) => x.message.localeCompare(y.message);
      expect([...entries].sort(byMessage)).toEqual([
        { kind: 'member_joined', message: 'Olive Owner created Short Lived', description: 'Created the league.', actor_user_id: owner.id, target_user_id: null, metadata: { via: 'create' } },
        {
          kind: 'member_joined',
          message: 'Ann Away joined Short Lived',
          description: 'Joined after the owner approved their request.',
          actor_user_id: a.id,
          target_user_id: null,
          metadata: { via: 'approval' },
        },
        {
          kind: 'member_joined',
          message: 'Ben Bye joined Short Lived',
          description: 'Joined after the owner approved their request.',
          actor_user_id: b.id,
          target_user_id: null,
          metadata: { via: 'approval' },
        },
        {
          kind: 'member_left',
          message: 'Ann Away was removed from Short Lived',
          description: 'Removed by the league owner.',
          actor_user_id: owner.id,
          target_user_id: a.id,
          metadata: { via: 'removed' },
        },
        { kind: 'member_left', message: 'Ben Bye left Short Lived', description: 'Left the league.', actor_user_id: b.id, target_user_id: b.id, metadata: { via: 'left' } },
      ].sort(byMessage));
    });

    it('passes ownership on when the owner leaves, and deletes a league its last member leaves', async () => {
      const creator = await fastUser(sys, 'Cleo', 'Creator');
      const heir = await fastUser(sys, 'Hal', 'Heir');
      const res = await sys.http.post('/api/leagues/').set(creator.auth).send({ name: 'Handover', type: 'public' }).expect(201);
      const id = res.body.data.id;
      await sys.http.post('/api/leagues/join/').set(heir.auth).send({ type: 'public', league_id: id }).expect(200);
      const left = await sys.http.post(`/api/leagues/${id}/leave/`).set(creator.auth).expect(200);
      expect(left.body.message).toBe('You left Handover. Ownership passed to its longest-standing member.');
      const detail = await sys.http.get(`/api/leagues/${id}/`).set(heir.auth).expect(200);
      expect(detail.body.data).toMatchObject({ is_owner: true, role: 'owner', member_count: 1, owner_name: 'Hal Heir' });
      const notMember = await sys.http.post(`/api/leagues/${id}/leave/`).set(creator.auth).expect(409);
      expect(notMember.body.message).toBe('You are not a member of this league.');
      await sys.http.post(`/api/leagues/${id}/leave/`).set(heir.auth).expect(200);
      await sys.http.get(`/api/leagues/${id}/`).set(heir.auth).expect(404);
      await sys.settle();
    });

    it('refuses to leave an automatic league', async () => {
      const { countryId, clubIds } = await clubsOf(sys, 'GB-ENG');
      const u = await fastUser(sys);
      await choosePreferences(sys, u, countryId, clubIds[0]);
      const overview = await sys.http.get('/api/leagues/overview/').set(u.auth).expect(200);
      const res = await sys.http.post(`/api/leagues/${overview.body.data.global_league.league.id}/leave/`).set(u.auth).expect(400);
      expect(res.body.message).toMatch(/follows your preferences/);
    });
  });

  describe('preferences move country and club membership', () => {
    it('moves the user out of the old country and club leagues and into the new ones, standings included', async () => {
      const england = await clubsOf(sys, 'GB-ENG');
      const spain = await clubsOf(sys, 'ES');
      const u = await fastUser(sys, 'Mo', 'Mover');
      await choosePreferences(sys, u, england.countryId, england.clubIds[1]);
      await sys.settle();
      const before = await sys.http.get('/api/leagues/overview/').set(u.auth).expect(200);
      expect(before.body.data.country_league).toMatchObject({ country_name: 'England', league: { type: 'country', name: 'England League · English Premier League' } });
      const oldCountry = before.body.data.country_league.league.id;
      const oldClub = before.body.data.club_league.league.id;
      expect(before.body.data.country_league.rank).toEqual(expect.any(Number));

      await choosePreferences(sys, u, spain.countryId, spain.clubIds[0]);
      await sys.settle();
      const after = await sys.http.get('/api/leagues/overview/').set(u.auth).expect(200);
      expect(after.body.data.country_league).toMatchObject({ country_name: 'Spain', league: { type: 'country' } });
      expect(after.body.data.club_league.league.id).not.toBe(oldClub);
      const memberships = await sys.db.query(
        `SELECT league_id FROM league_members WHERE user_id = $1 AND league_id = ANY($2::int[])`,
        [u.id, [oldCountry, oldClub]],
      );
      expect(memberships).toEqual([]);
      const standings = await sys.db.query(
        `SELECT league_id FROM league_standings WHERE user_id = $1 AND league_id = ANY($2::int[])`,
        [u.id, [oldCountry, oldClub]],
      );
      expect(standings).toEqual([]);
      const left = await sys.db.query(
        `SELECT payload->>'via' AS via FROM outbox_events WHERE name = 'member.left' AND (payload->>'userId')::int = $1`,
        [u.id],
      );
      expect(left).toEqual([{ via: 'preferences' }, { via: 'preferences' }]);
    });
  });

  describe('overview and discover', () => {
    it('shows the caller\'s leagues by kind with counts, roles and messages', async () => {
      const res = await sys.http.get('/api/leagues/overview/').set(owner.auth).expect(200);
      const data = res.body.data;
      expect(data.global_league).toEqual({ league: null, rank: null, message: 'You join the Global League when you finish onboarding.' });
      expect(data.country_league.message).toBe('Choose your country in settings to join its league.');
      const names = data.private_leagues.leagues.map((e: { league: { name: string } }) => e.league.name);
      expect(names).toEqual(expect.arrayContaining(['Office Predictors', 'Pair', 'Short Lived']));
      expect(data.private_leagues.count).toBe(names.length);
      expect(data.private_leagues.leagues[0]).toMatchObject({ role: 'owner', rank: expect.any(Number), league: { is_owner: true } });
      expect(data.public_leagues).toMatchObject({ count: 1, message: 'You are in 1 public league.' });
      expect(data.total_leagues).toEqual({ count: names.length + 1, message: `You are in ${names.length + 1} leagues.` });
    });

    it('lists and searches public leagues with member counts and membership, paged', async () => {
      const tag = `Zebra${Date.now().toString(36)}`;
      for (let i = 0; i < 3; i += 1) await sys.http.post('/api/leagues/').set(outsider.auth).send({ name: `${tag} Club ${i}`, type: 'public' }).expect(201);
      const res = await sys.http.get('/api/leagues/discover/').query({ search: tag.toLowerCase(), page_size: 2 }).set(owner.auth).expect(200);
      expect(res.body.data).toMatchObject({ total_count: 3, page: 1, page_size: 2, total_pages: 2, has_next: true, has_previous: false });
      expect(res.body.data.leagues).toHaveLength(2);
      expect(res.body.data.leagues[0]).toMatchObject({ member_count: 1, owner_name: 'Otto Outsider', is_member: false });
      const page2 = await sys.http.get('/api/leagues/discover/').query({ search: tag.toUpperCase(), page_size: 2, page: 2 }).set(owner.auth).expect(200);
      expect(page2.body.data).toMatchObject({ has_next: false, has_previous: true });
      const mine = await sys.http.get('/api/leagues/discover/').query({ search: 'Open Table' }).set(owner.auth).expect(200);
      expect(mine.body.data.leagues).toContainEqual(expect.objectContaining({ id: publicId, name: 'Open Table', member_count: 2, is_member: true }));
      const none = await sys.http.get('/api/leagues/discover/').query({ search: '100%_' }).set(owner.auth).expect(200);
      expect(none.body.data).toMatchObject({ leagues: [], total_count: 0 });
      // Private leagues never appear.
      const priv = await sys.http.get('/api/leagues/discover/').query({ search: 'Office' }).set(owner.auth).expect(200);
      expect(priv.body.data.leagues).toEqual([]);
      await sys.http.get('/api/leagues/discover/').query({ page: 0 }).set(owner.auth).expect(400);
    });
  });

  describe('members, leaderboard and activity reads', () => {
    it('lists members with sort, role filter, search and paging', async () => {
      const all = await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).set(member.auth).expect(200);
      const members = all.body.data.members;
      expect(all.body.data.total_count).toBe(members.length);
      expect(members.find((m: { user_id: number }) => m.user_id === member.id)).toMatchObject({
        full_name: 'Mia Member',
        role: 'member',
        rank: 1,
        total_points: 0,
        prediction_accuracy: 0,
        weeks_active: 0,
        is_active_this_gameweek: false,
        is_current_user: true,
        badge: 'crown',
      });
      const owners = await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).query({ role: 'owner' }).set(member.auth).expect(200);
      expect(owners.body.data.members.map((m: { user_id: number }) => m.user_id)).toEqual([owner.id]);
      const search = await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).query({ search: 'mia mem' }).set(member.auth).expect(200);
      expect(search.body.data.members.map((m: { user_id: number }) => m.user_id)).toEqual([member.id]);
      const byName = await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).query({ sort: 'name', page_size: 1, page: 2 }).set(member.auth).expect(200);
      expect(byName.body.data).toMatchObject({ page: 2, page_size: 1, has_previous: true });
      expect(byName.body.data.members).toHaveLength(1);
      await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).query({ sort: 'age' }).set(member.auth).expect(400);
      await sys.http.get(`/api/leagues/${privateId}/members/enhanced/`).query({ role: 'admin' }).set(member.auth).expect(400);

      const stats = await sys.http.get(`/api/leagues/${privateId}/members/stats/`).set(member.auth).expect(200);
      expect(stats.body.data.member_stats).toEqual({ total_members: members.length, active_this_week: 0, avg_accuracy: 0, top_performers: Math.min(5, members.length) });
    });

    it('answers the member modal and the player profile by id or username', async () => {
      const detail = await sys.http.get(`/api/leagues/${privateId}/members/${owner.id}/`).set(member.auth).expect(200);
      expect(detail.body.data).toMatchObject({
        member: { user_id: owner.id, full_name: 'Olive Owner', avatar: 'OO', role: 'owner', total_points: 0, rank: 1, badge: 'crown' },
        comparison: { difference: 0, better_than_percent: 0, viewer_total_points: 0, is_self: false },
      });
      expect(detail.body.data.achievements.map((a: { title: string }) => a.title)).toEqual(['League Leader', 'Founder']);
      await sys.http.get(`/api/leagues/${privateId}/members/${outsider.id}/`).set(member.auth).expect(404);

      const byName = await sys.http.get(`/api/leagues/${privateId}/players/${owner.username.toUpperCase()}/`).set(member.auth).expect(200);
      expect(byName.body.data).toMatchObject({
        league: { id: privateId, name: 'Office Predictors', type: 'private' },
        player: { user_id: owner.id, name: 'Olive Owner', rank: 1, badge: 'crown', is_current_user: false },
        stats: { total_points: 0, total_predictions: 0, accuracy: 0, correct_scores: 0 },
        hot_teams: [],
        cold_teams: [],
        recent_gameweeks: [],
        insights: { best_gameweek_points: 0, average_points_per_gameweek: 0, recent_exact_scores: 0 },
        history_path: `/api/stats/history/?player=${owner.id}`,
      });
      const byId = await sys.http.get(`/api/leagues/${privateId}/players/${owner.id}/`).set(member.auth).expect(200);
      expect(byId.body.data.player.username).toBe(owner.username);
      await sys.http.get(`/api/leagues/${privateId}/players/nobody-here/`).set(member.auth).expect(404);
    });

    it('pages the leaderboard and always includes the caller\'s own row', async () => {
      const top = await sys.http.get(`/api/leagues/${privateId}/leaderboard/`).query({ page_size: 1 }).set(member.auth).expect(200);
      const data = top.body.data;
      expect(data.total_count).toBeGreaterThan(2);
      expect(data.leaderboard[0]).toMatchObject({ rank: 1, badge: 'crown', total_points: 0, recent_points: 0 });
      const mine = data.leaderboard.find((r: { is_current_user: boolean }) => r.is_current_user);
      expect(mine).toMatchObject({ user_id: member.id, full_name: 'Mia Member', name: 'Mia Member' });
      expect(data.current_user).toEqual(mine);
      // Everyone has 0 points: all share rank 1.
      const all = await sys.http.get(`/api/leagues/${privateId}/leaderboard/`).set(member.auth).expect(200);
      expect(new Set(all.body.data.leaderboard.map((r: { rank: number }) => r.rank))).toEqual(new Set([1]));
      expect(all.body.data.leaderboard).toHaveLength(all.body.data.total_count);
      await sys.http.get(`/api/leagues/${privateId}/leaderboard/`).query({ page_size: 101 }).set(member.auth).expect(400);
    });

    it('writes membership activity once per event, with filters, paging and time since', async () => {
      const res = await sys.http.get(`/api/leagues/${privateId}/activity/`).query({ category: 'membership', page_size: 50 }).set(member.auth).expect(200);
      const feed = res.body.data.feed;
      const messages: string[] = feed.activities.map((a: { display_message: string }) => a.display_message);
      expect(messages).toEqual(expect.arrayContaining(['Olive Owner created Office Predictors', 'Mia Member joined Office Predictors', "Olive Owner approved Mia Member's request to join"]));
      const joined = feed.activities.find((a: { display_message: string }) => a.display_message === 'Mia Member joined Office Predictors');
      expect(joined).toMatchObject({
        kind: 'member_joined',
        category: 'membership',
        importance: 'medium',
        icon: 'user-plus',
        time_since: 'Just now',
        actor_name: 'Mia Member',
        actor_avatar: 'MM',
        is_current_user_involved: true,
        metadata: { via: 'approval' },
      });
      expect(feed.activities.find((a: { display_message: string }) => a.display_message === 'Olive Owner created Office Predictors')).toMatchObject({
        description: 'Created the league.',
        metadata: { via: 'create' },
      });
      const total = feed.total_count;

      // Replaying every event into the activity queue writes nothing new.
      const events = await sys.db.query(
        `SELECT id, name, payload, created_at FROM outbox_events WHERE name IN ('member.joined', 'member.left', 'request.approved')`,
      );
      await queue(sys, 'activity').addBulk(
        events.map((e: { id: string; name: string; payload: unknown; created_at: Date }) => ({
          name: e.name,
          data: { id: Number(e.id), name: e.name, payload: e.payload, occurredAt: new Date(e.created_at).toISOString() },
        })),
      );
      await sys.settle();
      const again = await sys.http.get(`/api/leagues/${privateId}/activity/`).query({ category: 'membership' }).set(member.auth).expect(200);
      expect(again.body.data.feed.total_count).toBe(total);
      expect(again.body.data.feed).toMatchObject({ page: 1, page_size: 10, has_previous: false, has_next: total > 10 });

      const paged = await sys.http.get(`/api/leagues/${privateId}/activity/`).query({ page_size: 2, page: 2, days: 7 }).set(member.auth).expect(200);
      expect(paged.body.data.feed).toMatchObject({ has_previous: true, has_next: total > 4 });
      const perf = await sys.http.get(`/api/leagues/${privateId}/activity/`).query({ category: 'performance' }).set(member.auth).expect(200);
      expect(perf.body.data.feed).toMatchObject({ activities: [], total_count: 0, has_next: false });
      const high = await sys.http.get(`/api/leagues/${privateId}/activity/`).query({ importance: 'high' }).set(member.auth).expect(200);
      expect(high.body.data.feed.total_count).toBe(0);
      for (const bad of [{ days: 14 }, { category: 'gossip' }, { importance: 'urgent' }, { page_size: 51 }]) {
        await sys.http.get(`/api/leagues/${privateId}/activity/`).query(bad).set(member.auth).expect(400);
      }
      // Old entries fall outside the window.
      await sys.db.query(`UPDATE league_activities SET created_at = now() - interval '40 days' WHERE league_id = $1 AND kind = 'member_left'`, [privateId]);

      const stats = await sys.http.get(`/api/leagues/${privateId}/activity/stats/`).set(member.auth).expect(200);
      const [{ members }] = await sys.db.query(`SELECT count(*)::int AS members FROM league_members WHERE league_id = $1`, [privateId]);
      expect(stats.body.data.stats).toEqual({
        total_activities: total,
        activities_today: total,
        activities_this_week: total,
        user_participation_rate: 100,
      });
      expect(members).toBeGreaterThan(2);
    });
  });
});
