import { getQueueToken } from '@nestjs/bullmq';
import * as argon2 from 'argon2';
import type { Queue } from 'bullmq';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { JOB, NOTIFICATIONS_QUEUE } from '@scoreline/backend/notifications/notification-jobs';
import { selectOpenGameweeks } from '@scoreline/backend/notifications/deadline-reminders.queries';
import { PushChannel } from '@scoreline/backend/push/push.channel';
import { HOME_COMPETITION_CODE } from '@scoreline/backend/seasons/seasons.shared-sql';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';
import { ensureCompetition } from '../support/competitions';
import { grantAdminRole } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { allowLoopbackPushes, FakeBrowser, LocalPushService, verifyVapid, type ReceivedPush } from './push-service';


/**
 * Web push on the real system (API, workers, outbox) against a push service of our own: what
 * arrives is decrypted with the subscribing browser's keys and its VAPID signature checked, a
 * push goes once per device and subject, the join request's buttons decide the request, and a
 * device the push service says is gone (404/410) is forgotten, as is every device of a deleted
 * account.
 */
describe('web push', () => {
  let sys: TestSystem;
  let pushService: LocalPushService;
  let queue: Queue;
  let owner: FastUser;
  let requester: FastUser;
  let leagueId: number;
  let code: string;
  let serverKey: string;
  let phone: FakeBrowser;
  let laptop: FakeBrowser;
  let requesterPhone: FakeBrowser;
  // The push service here is a stand-in on 127.0.0.1, which the sender reaches only when told so.
  let restoreEnvironment: () => void = () => undefined;

  const subscriptions = async (userId: number): Promise<string[]> =>
    (await sys.db.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [userId])).map((r: { endpoint: string }) => r.endpoint);

  async function waitFor(path: string, count: number): Promise<ReceivedPush[]> {
    const deadline = Date.now() + 20_000;
    while (pushService.to(path).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} pushes to ${path}, got ${pushService.to(path).length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return pushService.to(path);
  }

  async function settleAll(): Promise<void> {
    await sys.settle();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      if (Date.now() > deadline) throw new Error(`notifications queue did not settle: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    restoreEnvironment = allowLoopbackPushes();
    sys = await startTestSystem();
    queue = sys.workers.get<Queue>(getQueueToken(NOTIFICATIONS_QUEUE), { strict: false });
    pushService = await new LocalPushService().listen();
    phone = new FakeBrowser(pushService.endpoint('/send/owner-phone'));
    laptop = new FakeBrowser(pushService.endpoint('/send/owner-laptop'));
    requesterPhone = new FakeBrowser(pushService.endpoint('/send/requester-phone'));
    owner = await fastUser(sys, 'Olga', 'Owner');
    requester = await fastUser(sys, 'Remy', 'Requester');
    const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Pub Quiz Predictors', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    code = created.body.data.code;
    serverKey = (await sys.http.get('/api/push/public-key/').expect(200)).body.data.public_key;
  });

  afterAll(async () => {
    await sys?.close();
    await pushService?.close();
    restoreEnvironment();
  });

  it('answers the VAPID public key to anyone, and stores a device only for a signed-in user with a valid subscription', async () => {
    expect(Buffer.from(serverKey, 'base64url')).toHaveLength(65);
    await sys.http.post('/api/push/subscriptions/').send(phone.subscription()).expect(401);
    for (const bad of [
      { ...phone.subscription(), endpoint: 'ftp://push.example.com/x' },
      { ...phone.subscription(), endpoint: 'http://push.example.com/x' },
      { endpoint: phone.endpoint },
      { ...phone.subscription(), keys: { p256dh: 'not base64!', auth: 'x' } },
      { ...phone.subscription(), device: 'x'.repeat(121) },
    ]) {
      const res = await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(bad).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    await Promise.all([
      sys.http.post('/api/push/subscriptions/').set(owner.auth).send({ ...phone.subscription(), device: 'Chrome on Android' }).expect(200),
      sys.http.post('/api/push/subscriptions/').set(owner.auth).send({ ...phone.subscription(), device: 'Chrome on Android' }).expect(200),
    ]);
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(laptop.subscription()).expect(200);
    await sys.http.post('/api/push/subscriptions/').set(requester.auth).send(requesterPhone.subscription()).expect(200);
    expect(await subscriptions(owner.id)).toEqual([phone.endpoint, laptop.endpoint]);
  });

  let ownerPayload: PushPayload;

  it("pushes a join request to each of the owner's devices, encrypted for it and signed with our VAPID key", async () => {
    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'private', code, message: 'Saw it at the bar' }).expect(200);
    const [toPhone] = await waitFor('/send/owner-phone', 1);
    const [toLaptop] = await waitFor('/send/owner-laptop', 1);

    ownerPayload = phone.decrypt(toPhone.body) as PushPayload;
    expect(ownerPayload).toMatchObject({
      kind: 'join_request',
      title: 'Join request for Pub Quiz Predictors',
      body: 'Remy Requester: “Saw it at the bar”',
      url: `/leagues/${leagueId}`,
      tag: `join:${leagueId}:${requester.id}`,
      language: 'en',
      actions: [
        { action: 'approve', title: 'Approve' },
        { action: 'reject', title: 'Reject' },
      ],
    });
    expect(ownerPayload.action_token).toEqual(expect.any(String));
    // Each device's copy is encrypted for that device only.
    expect(() => phone.decrypt(toLaptop.body)).toThrow();
    expect(laptop.decrypt(toLaptop.body)).toMatchObject({ kind: 'join_request', url: `/leagues/${leagueId}` });

    expect(toPhone.headers['content-encoding']).toBe('aes128gcm');
    expect(toPhone.headers.ttl).toBe(String(2 * 24 * 3600));
    expect(toPhone.headers.urgency).toBe('normal');
    const vapid = verifyVapid(toPhone.headers.authorization);
    expect(vapid.publicKey).toBe(serverKey);
    expect(vapid.claims.aud).toBe(pushService.origin);
    expect(vapid.claims.sub).toBe('mailto:push@scoreline.local');
    expect(vapid.claims.exp * 1000 - Date.now()).toBeGreaterThan(0);
    expect(vapid.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('never pushes the same request to a device twice, however often its job runs', async () => {
    await settleAll();
    const [{ id: requestId }]: { id: number }[] = await sys.db.query(`SELECT id FROM league_requests WHERE league_id = $1 AND user_id = $2`, [leagueId, requester.id]);
    await Promise.all([queue.add(JOB.joinRequested, { requestId }), queue.add(JOB.joinRequested, { requestId })]);
    await settleAll();
    expect(pushService.to('/send/owner-phone')).toHaveLength(1);
    expect(pushService.to('/send/owner-laptop')).toHaveLength(1);
  });

  it("approves from the notification's button with its token alone, and tells the requester", async () => {
    const forged = `${ownerPayload.action_token!.split('.')[0]}.AAAA`;
    const refused = await sys.http.post('/api/push/actions/').send({ token: forged, action: 'approve' }).expect(401);
    expect(refused.body.message).toMatch(/expired/);
    await sys.http.post('/api/push/actions/').send({ token: ownerPayload.action_token, action: 'maybe' }).expect(400);

    const approved = await sys.http.post('/api/push/actions/').send({ token: ownerPayload.action_token, action: 'approve' }).expect(200);
    expect(approved.body.message).toBe('Remy Requester is now a member of Pub Quiz Predictors.');
    // A second tap (or the other button) finds it decided.
    await sys.http.post('/api/push/actions/').send({ token: ownerPayload.action_token, action: 'reject' }).expect(409);

    const [decision] = await waitFor('/send/requester-phone', 1);
    expect(requesterPhone.decrypt(decision.body)).toEqual({
      kind: 'request_decided',
      title: "You're in Pub Quiz Predictors",
      body: 'Your join request was approved. See the table.',
      url: `/leagues/${leagueId}`,
      tag: `decided:${leagueId}`,
      language: 'en',
    });
    expect(decision.headers.urgency).toBe('normal');
  });

  it("follows the league-updates switch and the reader's language", async () => {
    const second = await fastUser(sys, 'Sol', 'Second');
    await sys.db.query(`INSERT INTO user_preferences (user_id, language) VALUES ($1, 'de')`, [owner.id]);
    await sys.http.post('/api/leagues/join/').set(second.auth).send({ type: 'private', code }).expect(200);
    const [, german] = await waitFor('/send/owner-phone', 2);
    expect(phone.decrypt(german.body)).toMatchObject({ title: 'Beitrittsanfrage für Pub Quiz Predictors', body: 'Sol Second möchte beitreten.', language: 'de' });
    await waitFor('/send/owner-laptop', 2);

    await sys.db.query(`UPDATE user_preferences SET notify_league_updates = false WHERE user_id = $1`, [owner.id]);
    const third = await fastUser(sys, 'Tia', 'Third');
    await sys.http.post('/api/leagues/join/').set(third.auth).send({ type: 'private', code }).expect(200);
    await settleAll();
    expect(pushService.to('/send/owner-phone')).toHaveLength(2);
    await sys.db.query(`UPDATE user_preferences SET notify_league_updates = true WHERE user_id = $1`, [owner.id]);
  });

  it('forgets a device when the push service answers 410 or 404, and still pushes to the others', async () => {
    pushService.answer('/send/owner-laptop', 410);
    const fourth = await fastUser(sys, 'Flo', 'Fourth');
    await sys.http.post('/api/leagues/join/').set(fourth.auth).send({ type: 'private', code }).expect(200);
    await waitFor('/send/owner-phone', 3);
    await waitFor('/send/owner-laptop', 3);
    await settleAll();
    expect(await subscriptions(owner.id)).toEqual([phone.endpoint]);

    pushService.answer('/send/owner-phone', 404);
    const fifth = await fastUser(sys, 'Fay', 'Fifth');
    await sys.http.post('/api/leagues/join/').set(fifth.auth).send({ type: 'private', code }).expect(200);
    await waitFor('/send/owner-phone', 4);
    await settleAll();
    expect(await subscriptions(owner.id)).toEqual([]);
  });

  it('retries a push the push service failed (5xx) until it goes through, once', async () => {
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(phone.subscription()).expect(200);
    pushService.answer('/send/owner-phone', 503);
    const sixth = await fastUser(sys, 'Sid', 'Sixth');
    await sys.http.post('/api/leagues/join/').set(sixth.auth).send({ type: 'private', code }).expect(200);
    const before = (await waitFor('/send/owner-phone', 5)).length;
    pushService.answer('/send/owner-phone', 201);
    await settleAll();
    const after = pushService.to('/send/owner-phone');
    expect(after.length).toBeGreaterThan(before);
    const delivered = after.slice(before);
    expect(delivered).toHaveLength(1);
    expect(phone.decrypt(delivered[0].body)).toMatchObject({ body: 'Sid Sixth möchte beitreten.' });
  });

  it('pushes every goal of a live match to those who predicted it, a goal that moves nobody\'s points too, and each score once', async () => {
    const fan = await fastUser(sys, 'Gus', 'Goalwatcher');
    const admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const fanPhone = new FakeBrowser(pushService.endpoint('/send/goal-fan-phone'));
    await sys.http.post('/api/push/subscriptions/').set(fan.auth).send(fanPhone.subscription()).expect(200);
    const [home, away]: { id: number; name: string }[] = await sys.db.query(`SELECT id, name FROM clubs ORDER BY id LIMIT 2`);
    await ensureCompetition(sys.db, 'push.goals');
    const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Push Goals League 2111/12', '2111/12', 'push.goals', false) RETURNING id`,
    );
    const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() - interval '20 minutes', now() - interval '20 minutes') RETURNING id`,
      [seasonId],
    );
    const [{ id: fixtureId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, now() - interval '20 minutes') RETURNING id`,
      [seasonId, gameweekId, home.id, away.id],
    );
    // The fan predicted 1-0 (with the totals rows a save makes) and wants match results pushed.
    await sys.db.query(
      `WITH p AS (INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score) VALUES ($1, $2, $3, $4, 1, 0) RETURNING 1),
            g AS (INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, predictions) VALUES ($1, $3, $4, 1) RETURNING 1)
       INSERT INTO user_season_totals (user_id, season_id, predictions) VALUES ($1, $4, 1)`,
      [fan.id, fixtureId, gameweekId, seasonId],
    );
    await sys.db.query(`INSERT INTO user_preferences (user_id, notify_match_results) VALUES ($1, true)`, [fan.id]);
    const announcements = async () =>
      ((await sys.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE name = 'scores.updated' AND (payload->>'fixtureId')::int = $1`, [fixtureId])) as { n: number }[])[0].n;
    const goal = async (homeScore: number, awayScore: number, minute: number) => {
      await sys.http.put(`/api/admin/fixtures/${fixtureId}/result`).set(admin.auth).send({ home_score: homeScore, away_score: awayScore, status: 'live', minute }).expect(200);
      await settleAll();
    };
    const fanPoints = async () => ((await sys.db.query(`SELECT points FROM predictions WHERE fixture_id = $1`, [fixtureId])) as { points: number }[])[0].points;

    // 2-0: the fan's 1-0 is the right outcome.
    await goal(2, 0, 20);
    const [first] = await waitFor('/send/goal-fan-phone', 1);
    const points = await fanPoints();
    expect(points).toBeGreaterThan(0);
    expect(fanPhone.decrypt(first.body)).toMatchObject({
      kind: 'goal',
      title: `Goal! ${home.name} 2–0 ${away.name}`,
      body: `Your 1–0: ${points} points for now.`,
      tag: `goal:${fixtureId}`,
    });
    expect(await announcements()).toBe(1);

    // 3-0: still the right outcome, nobody's points move; the goal is news all the same.
    await goal(3, 0, 50);
    expect(await fanPoints()).toBe(points);
    expect(await announcements()).toBe(2);
    const [, second] = await waitFor('/send/goal-fan-phone', 2);
    expect(fanPhone.decrypt(second.body)).toMatchObject({ title: `Goal! ${home.name} 3–0 ${away.name}`, body: `Your 1–0: ${points} points for now.` });

    // The clock moves, the score does not: no announcement, no push.
    await goal(3, 0, 60);
    expect(await announcements()).toBe(2);
    expect(pushService.to('/send/goal-fan-phone')).toHaveLength(2);
  });

  it("lists a user's devices in the privacy export, forgets one on unsubscribe and all with the account", async () => {
    const exported = await sys.http.get('/api/account/export/').set(requester.auth).expect(200);
    expect(exported.body.data.push_devices).toEqual([{ device: '', push_service: pushService.origin, created_at: expect.any(String), last_sent_at: expect.any(String) }]);

    await sys.http.delete('/api/push/subscriptions/').set(owner.auth).send({ endpoint: phone.endpoint }).expect(200);
    await sys.http.delete('/api/push/subscriptions/').set(owner.auth).send({ endpoint: phone.endpoint }).expect(200);
    expect(await subscriptions(owner.id)).toEqual([]);

    await sys.db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [requester.id, await argon2.hash('push-test-pass-1')]);
    await sys.http.delete('/api/account/').set(requester.auth).send({ password: 'push-test-pass-1' }).expect(200);
    expect(await subscriptions(requester.id)).toEqual([]);
    const [{ left }]: { left: number }[] = await sys.db.query(
      `SELECT count(*)::int AS left FROM push_deliveries d WHERE NOT EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.id = d.subscription_id)`,
    );
    expect(left).toBe(0);
  });

  it("pushes a deadline reminder to the devices of the fans who play the gameweek's competition only, once", async () => {
    await ensureCompetition(sys.db, 'push.deadlines');
    await ensureCompetition(sys.db, 'push.elsewhere');
    const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Push Deadlines 2112/13', '2112/13', 'push.deadlines', false) RETURNING id`,
    );
    const deadline = new Date(Date.now() + 2 * 3600_000);
    const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, $2, $2) RETURNING id`,
      [seasonId, deadline],
    );
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    await sys.db.query(`INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, $5)`, [
      seasonId,
      gameweekId,
      home.id,
      away.id,
      deadline,
    ]);
    // `none` plays no competition of their own: the home competition's (not this one's) fan.
    const [player, both, elsewhere, none] = await Promise.all(['Pia', 'Bea', 'Eli', 'Noa'].map((first) => fastUser(sys, first, 'Deadline')));
    await sys.db.query(`INSERT INTO user_competitions (user_id, competition_code) SELECT * FROM unnest($1::int[], $2::text[])`, [
      [player.id, both.id, both.id, elsewhere.id],
      ['push.deadlines', 'push.deadlines', 'push.elsewhere', 'push.elsewhere'],
    ]);
    const phones = new Map([player, both, elsewhere, none].map((u) => [u.id, new FakeBrowser(pushService.endpoint(`/send/deadline-${u.id}`))]));
    for (const u of [player, both, elsewhere, none]) await sys.http.post('/api/push/subscriptions/').set(u.auth).send(phones.get(u.id)!.subscription()).expect(200);

    // The season is active for this test alone (suites leave none active behind), beside a season of the
    // home competition without gameweeks: alone, push.deadlines would be the home competition, which every
    // fan without a competition of their own plays, and the sweep would push to the devices other files
    // left behind (their push services gone).
    const before: { id: number }[] = await sys.db.query(`SELECT id FROM seasons WHERE is_active`);
    await ensureCompetition(sys.db, HOME_COMPETITION_CODE);
    const [{ id: homeSeasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Push Home 2112/13', '2112/13', $1, false) RETURNING id`,
      [HOME_COMPETITION_CODE],
    );
    // The push channel of the sweep alone: the pipeline's would email every verified fan of the run's database too.
    const push = sys.workers.get(PushChannel, { strict: false });
    const sweep = async (now: Date) => {
      for (const gameweek of await selectOpenGameweeks(sys.db, now)) await push.deliver({ kind: 'deadline', gameweekId: gameweek.id, now });
    };
    try {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
      await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = ANY($1::int[])`, [[seasonId, homeSeasonId]]);
      await sweep(new Date());
      await sweep(new Date());
    } finally {
      await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1::int[])`, [[seasonId, homeSeasonId]]);
      for (const { id } of before) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [id]);
    }
    for (const u of [player, both]) {
      const received = pushService.to(`/send/deadline-${u.id}`);
      expect(received).toHaveLength(1);
      expect(phones.get(u.id)!.decrypt(received[0].body)).toMatchObject({ kind: 'deadline', title: 'Gameweek 1 locks soon', tag: `deadline:${gameweekId}` });
    }
    expect(pushService.to(`/send/deadline-${elsewhere.id}`)).toHaveLength(0);
    expect(pushService.to(`/send/deadline-${none.id}`)).toHaveLength(0);
  });
});
