import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import { APP_ENV } from '@scoreline/backend/platform/config/config.module';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { MailService } from '@scoreline/backend/mail/mail.service';
import { DeliveryCountsService } from '@scoreline/backend/delivery-counts/delivery-counts.service';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { describeReport, totalRepairs } from '@scoreline/backend/reconcile/reconcile-report';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';
import { FakeBrowser, LocalPushService } from '../push/push-service';
import { grantAdminRole, seasonSlice } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

// The push stand-in listens on 127.0.0.1, which the sender reaches only when told so (read when the apps are created).
const previousAllowLoopback = process.env.PUSH_ALLOW_LOOPBACK;

/**
 * The console's reads on the real system (API, workers, Redis, SMTP and push stand-ins): the
 * matches in play, and the health page: each queue's jobs as BullMQ counts them, the outbox's
 * backlog and failing events, the reconciler's latest passes, and the emails and pushes sent and
 * failed, all read from Postgres and Redis, so any API replica answers the same.
 */
describe('operator console: live matches and health', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let pushService: LocalPushService;

  beforeAll(async () => {
    process.env.PUSH_ALLOW_LOOPBACK = 'true';
    sys = await startTestSystem();
    pushService = await new LocalPushService().listen();
    admin = await fastUser(sys, 'Hana', 'Health');
    await grantAdminRole(sys, admin.id);
    // Failed mail and push attempts log a warn line each; the counts are what is checked.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await sys?.close();
    await pushService?.close();
    if (previousAllowLoopback === undefined) delete process.env.PUSH_ALLOW_LOOPBACK;
    else process.env.PUSH_ALLOW_LOOPBACK = previousAllowLoopback;
  });

  const health = async (): Promise<ConsoleHealth> => (await sys.http.get('/api/admin/health/').set(admin.auth).expect(200)).body.data;
  const queue = (name: string): Queue => sys.workers.get<Queue>(getQueueToken(name), { strict: false });

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('lists the matches in play, of any competition, and not those finished', async () => {
    const slice = seasonSlice('2024-25/de.1.json', [1], 'Deutsche Bundesliga 2073/74');
    const season = { ...slice, matches: slice.matches.map(({ score: _score, ...match }) => match) };
    const imported = await sys.http.post('/api/admin/seasons/import').set(admin.auth).send({ season, activate: false, league_code: 'de.1' }).expect(201);
    const [first, second]: { id: number }[] = await sys.db.query(`SELECT id FROM fixtures WHERE season_id = $1 ORDER BY kickoff_at, id LIMIT 2`, [
      imported.body.data.season.id,
    ]);
    const live = async (): Promise<AdminFixture[]> => (await sys.http.get('/api/admin/live/').set(admin.auth).expect(200)).body.data;

    const playing = (await sys.http.put(`/api/admin/fixtures/${first.id}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'live', minute: 37 }).expect(200))
      .body.data as AdminFixture;
    await sys.http.put(`/api/admin/fixtures/${second.id}/result`).set(admin.auth).send({ home_score: 2, away_score: 2, status: 'finished' }).expect(200);
    const inPlay = await live();
    expect(inPlay.find((f) => f.id === first.id)).toEqual(playing);
    expect(playing).toMatchObject({ status: 'live', minute: 37, home_score: 1, away_score: 0 });
    expect(inPlay.map((f) => f.id)).not.toContain(second.id);
    expect(inPlay.every((f) => f.status === 'live')).toBe(true);

    await sys.http.put(`/api/admin/fixtures/${first.id}/result`).set(admin.auth).send({ home_score: 1, away_score: 0, status: 'finished' }).expect(200);
    expect((await live()).map((f) => f.id)).not.toContain(first.id);
  });

  it("shows each queue's jobs as BullMQ counts them, a delayed and a failed one among them, and the queue board's address", async () => {
    const before = await health();
    expect(before.queues.map((q) => q.name)).toEqual(['mail', 'standings', 'activity', 'scoring', 'live', 'notifications']);
    expect(before.queue_board_url).toBe('/api/admin/queues/');

    const mail = queue('mail');
    const notifications = queue('notifications');
    // Not due for an hour: no worker takes it. A job name the notifications worker does not know fails at once, for good.
    const delayed = await mail.add('console-health-delayed', {}, { delay: 3_600_000, jobId: `console-delayed-${Date.now()}` });
    const failing = await notifications.add('console-health-unknown', {}, { attempts: 1, jobId: `console-failed-${Date.now()}` });
    try {
      await until('the unknown job', () => failing.getState(), (state) => state === 'failed');
      const after = await health();
      const mailCounts = await mail.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
      const notificationCounts = await notifications.getJobCounts('failed');
      expect(after.queues.find((q) => q.name === 'mail')).toEqual({
        name: 'mail',
        waiting: mailCounts.waiting + mailCounts.prioritized,
        active: mailCounts.active,
        delayed: mailCounts.delayed,
        failed: mailCounts.failed,
      });
      expect(after.queues.find((q) => q.name === 'mail')!.delayed).toBe(before.queues.find((q) => q.name === 'mail')!.delayed + 1);
      expect(after.queues.find((q) => q.name === 'notifications')!.failed).toBe(notificationCounts.failed);
      expect(after.queues.find((q) => q.name === 'notifications')!.failed).toBe(before.queues.find((q) => q.name === 'notifications')!.failed + 1);
    } finally {
      await delayed.remove();
      await failing.remove();
    }
  });

  it("shows the reconciler's latest passes, newest first, whichever process ran them", async () => {
    const report = await sys.workers.get(ReconcilerService).runPass({ graceSeconds: 0, waitForLock: true });
    expect(report.ran).toBe(true);
    const { reconciler } = await health();
    expect(reconciler.length).toBeGreaterThanOrEqual(1);
    expect(reconciler.length).toBeLessThanOrEqual(10);
    expect(reconciler[0]).toEqual({ at: expect.any(String), repaired: totalRepairs(report.repairs), summary: describeReport(report) });
    expect(Date.now() - Date.parse(reconciler[0].at)).toBeLessThan(60_000);
    const times = reconciler.map((r) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('counts the emails sent and failed in the last 24 hours, whichever process sent them', async () => {
    const before = (await health()).mail;
    const env = sys.workers.get<AppEnv>(APP_ENV, { strict: false });
    const message = { to: 'console-health@example.com', subject: 'Health check', text: 'Hello', html: '<p>Hello</p>' };
    // The worker's own sender, to the SMTP stand-in: sent, twice.
    await sys.workers.get(MailService, { strict: false }).send(message);
    await sys.workers.get(MailService, { strict: false }).send(message);
    // A sender whose SMTP server is not there: the send fails, and is counted as failed.
    const broken = new MailService({ ...env, smtpUrl: 'smtp://127.0.0.1:9' }, sys.api.get(DeliveryCountsService, { strict: false }));
    await expect(broken.send(message)).rejects.toThrow();
    // Never attempted (a reserved address): neither.
    await sys.workers.get(MailService, { strict: false }).send({ ...message, to: 'nobody@demo.scoreline.invalid' });
    const after = (await health()).mail;
    expect(after).toEqual({ sent: before.sent + 2, failed: before.failed + 1 });
    expect(sys.smtp.mailsTo('console-health@example.com')).toHaveLength(2);
  });

  it('counts the pushes sent and failed: one device answering, one whose push service fails', async () => {
    const owner = await fastUser(sys, 'Olga', 'Owner');
    const requester = await fastUser(sys, 'Remy', 'Requester');
    const phone = new FakeBrowser(pushService.endpoint('/send/health-phone'));
    const laptop = new FakeBrowser(pushService.endpoint('/send/health-laptop'));
    pushService.answer('/send/health-laptop', 500);
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(phone.subscription()).expect(200);
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(laptop.subscription()).expect(200);
    const league = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Health Check League', type: 'private' }).expect(201);
    const before = (await health()).push;

    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'private', code: league.body.data.code, message: 'Let me in' }).expect(200);
    const after = await until(
      'push counts',
      async () => (await health()).push,
      (push) => push.sent >= before.sent + 1 && push.failed >= before.failed + 1,
    );
    expect(pushService.to('/send/health-phone')).toHaveLength(1);
    // The phone's push went once; the laptop's is retried (each failed attempt counted) until its service answers.
    expect(after.sent).toBe(before.sent + 1);
    expect(after.failed).toBeGreaterThanOrEqual(before.failed + 1);
    pushService.answer('/send/health-laptop', 201);
    await until('the laptop push', async () => pushService.to('/send/health-laptop').length, (n) => n >= 2);
    await until('push counts after the retry', async () => (await health()).push.sent, (sent) => sent === before.sent + 2);
  });

  // Last: it stops this system's outbox relay and sweeper, as when every worker is down.
  it("shows the outbox's backlog, the oldest pending event's age, and the events whose hand-over keeps failing", async () => {
    await sys.workers.get(OutboxRelayService).onApplicationShutdown();
    const payload = JSON.stringify({ seasonId: 2147483000, leagueId: null });
    const [{ id: stuck }]: { id: string }[] = await sys.db.query(
      `INSERT INTO outbox_events (name, payload, created_at, attempts, last_error)
       VALUES ('bonus.settled', $1, now() - interval '120 seconds', 3, 'Connection is closed.') RETURNING id`,
      [payload],
    );
    const [{ id: owed }]: { id: string }[] = await sys.db.query(
      `INSERT INTO outbox_events (name, payload, created_at, dispatched_at, attempts, pending_queues)
       VALUES ('bonus.settled', $1, now() - interval '5 minutes', now() - interval '5 minutes', 1, '{standings}') RETURNING id`,
      [payload],
    );
    try {
      const { outbox } = await health();
      expect(outbox.pending).toBeGreaterThanOrEqual(1);
      expect(outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(120);
      expect(outbox.oldest_pending_seconds).toBeLessThan(180);
      const mine = outbox.failing.filter((e) => e.id === Number(stuck) || e.id === Number(owed));
      expect(mine).toEqual([
        { id: Number(owed), name: 'bonus.settled', attempts: 1, last_error: 'still owed to standings', created_at: expect.any(String) },
        { id: Number(stuck), name: 'bonus.settled', attempts: 3, last_error: 'Connection is closed.', created_at: expect.any(String) },
      ]);
      expect(outbox.failing.length).toBeLessThanOrEqual(20);
    } finally {
      await sys.db.query(`DELETE FROM outbox_events WHERE id = ANY($1)`, [[stuck, owed]]);
    }
    const { outbox } = await health();
    expect(outbox.failing.map((e) => e.id)).not.toContain(Number(stuck));
  });
});
