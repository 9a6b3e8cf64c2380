import { getQueueToken } from '@nestjs/bullmq';
import { UnrecoverableError, type Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { DomainEvent } from '@scoreline/contracts/events';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { sealOtpCode } from '@scoreline/backend/auth/sealed-code';
import { APP_ENV } from '@scoreline/backend/platform/config/config.module';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { SendOtpEmailService } from '@scoreline/backend/mail/send-otp-email.service';
import { OutboxRelayService } from '@scoreline/backend/platform/outbox/outbox-relay.service';
import { domainEventOf } from '@scoreline/backend/platform/outbox/outbox.service';
import type { OutboxRow } from '@scoreline/backend/platform/outbox/outbox.queries';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { moveCodesBack, registerUser, settleMail } from '../api/api-helpers';
import { fastUser } from '../leagues/league-test-helpers';
import { FakeBrowser, LocalPushService } from '../push/push-service';
import { grantAdminRole } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Issue 33: nothing secret in logs, queues, outbox rows, metrics or the queue board. Every flow
 * that handles a secret runs against the real system with the log level at trace, every secret
 * it saw is collected, and then each is looked for in the whole log output, every outbox row,
 * every key under the run's Redis prefix (job data included), /metrics and the board's listing.
 *
 * The log is read where pino writes it: pino sends its lines to process.stdout's own write when
 * that has been replaced (as here, before the apps start), so nothing in the app is changed for it.
 */
jest.setTimeout(120_000);

interface Secret {
  what: string;
  value: string;
}

/** Where a secret is looked for; a 6-digit code only as a number of its own (not inside a timestamp or a float). */
function occurrences(haystacks: Record<string, string>, secrets: Secret[]): string[] {
  const found: string[] = [];
  for (const { what, value } of secrets) {
    const pattern = /^\d{6}$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?!\\d)`) : null;
    for (const [where, text] of Object.entries(haystacks)) {
      if (pattern ? pattern.test(text) : text.includes(value)) found.push(`${what} in ${where}`);
    }
  }
  return found;
}

/** Every write to stdout and stderr, and every console call, from the apps' start on. */
class OutputCapture {
  private readonly chunks: string[] = [];
  private readonly restores: (() => void)[] = [];

  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write;
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        done?.();
        return true;
      }) as typeof stream.write;
      this.restores.push(() => (stream.write = original));
    }
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      const spy = jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void this.chunks.push(args.map(String).join(' ')));
      this.restores.push(() => spy.mockRestore());
    }
  }

  stop(): void {
    this.restores.splice(0).forEach((restore) => restore());
  }

  text(): string {
    return this.chunks.join('');
  }
}

describe('no secret in logs, outbox rows, queues, metrics or the queue board', () => {
  const output = new OutputCapture();
  const previousEnv = { LOG_LEVEL: process.env.LOG_LEVEL, PUSH_ALLOW_LOOPBACK: process.env.PUSH_ALLOW_LOOPBACK };
  let sys: TestSystem;
  let env: AppEnv;
  let pushService: LocalPushService;
  const secrets: Secret[] = [];
  const keep = (what: string, value: unknown): string => {
    if (typeof value !== 'string' || value.length < 6) throw new Error(`${what}: not a secret worth looking for (${String(value)})`);
    secrets.push({ what, value });
    return value;
  };
  /** The refresh (or board) token a Set-Cookie header carries. */
  const cookieToken = (setCookie: unknown, name: string): string => {
    const header = (Array.isArray(setCookie) ? setCookie : [setCookie]).map(String).find((c) => c.startsWith(`${name}=`));
    return header!.split(';')[0].slice(name.length + 1);
  };
  let fan: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'trace';
    // The push service of this test listens on 127.0.0.1.
    process.env.PUSH_ALLOW_LOOPBACK = 'true';
    output.start();
    sys = await startTestSystem();
    env = sys.api.get<AppEnv>(APP_ENV);
    pushService = await new LocalPushService().listen();
  });

  afterAll(async () => {
    await sys?.close();
    await pushService?.close();
    output.stop();
    for (const [name, value] of Object.entries(previousEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('runs every flow that handles a secret, keeping each secret it sees', async () => {
    keep('JWT secret', env.jwtSecret);
    keep('VAPID private key', env.vapid.privateKey);

    // Sign-up, resend (past the cooldown), verify.
    fan = await registerUser(sys);
    keep('password', fan.password);
    keep('sign-up code', await sys.smtp.waitForCode(fan.email, 1));
    await moveCodesBack(sys, fan.id, 'email_verification', 'created_at', 61);
    await sys.http.post('/api/auth/resend-otp/').send({ email: fan.email, purpose: 'email_verification' }).expect(200);
    const resent = keep('resent code', await sys.smtp.waitForCode(fan.email, 2));
    await sys.http.post('/api/auth/verify-otp/').send({ email: fan.email, otp_code: resent, purpose: 'email_verification' }).expect(200);
    const [{ password_hash: firstHash }]: { password_hash: string }[] = await sys.db.query(`SELECT password_hash FROM users WHERE id = $1`, [fan.id]);
    keep('password hash', firstHash.split('$').pop());

    // Sign-in and refresh (the refresh token only ever travels in cookies).
    const login = await sys.http.post('/api/auth/login/').send({ email: fan.email, password: fan.password }).expect(200);
    keep('access token (sign-in)', login.body.data.tokens.access);
    const refreshToken = keep('refresh token (sign-in)', cookieToken(login.headers['set-cookie'], 'scoreline_refresh'));
    const refreshed = await sys.http.post('/api/auth/refresh/').set('Cookie', `scoreline_refresh=${refreshToken}`).expect(200);
    const access = keep('access token (refresh)', refreshed.body.data.tokens.access);
    keep('refresh token (refresh)', cookieToken(refreshed.headers['set-cookie'], 'scoreline_refresh'));
    const auth = { Authorization: `Bearer ${access}` };

    // Calendar feed: made, rotated (the old URL in the body), fetched; the old one is refused.
    const feed = await sys.http.get('/api/calendar/feed').set(auth).expect(200);
    const firstFeedUrl: string = feed.body.data.url;
    keep('calendar token (first)', firstFeedUrl.split('/').pop()!.replace(/\.ics$/, ''));
    const rotated = await sys.http.post('/api/calendar/feed/rotate/').set(auth).send({ replaces: firstFeedUrl }).expect(200);
    const feedPath = new URL(rotated.body.data.url as string).pathname;
    keep('calendar token (rotated)', feedPath.split('/').pop()!.replace(/\.ics$/, ''));
    const ics = await sys.http.get(feedPath).expect(200);
    expect(ics.text).toContain('BEGIN:VCALENDAR');
    await sys.http.get(`${feedPath}?token=${feedPath.split('/').pop()}`).expect(200);
    await sys.http.get(new URL(firstFeedUrl).pathname).expect(404);

    // The account export.
    const exported = await sys.http.get('/api/account/export/').set(auth).expect(200);
    expect(exported.body.data).toBeDefined();

    // Forgot and reset the password, then sign in with the new one.
    await sys.http.post('/api/auth/forgot-password/').send({ email: fan.email }).expect(200);
    const resetCode = keep('reset code', await sys.smtp.waitForCode(fan.email, 3));
    const newPassword = keep('new password', 'another-horse-battery-9');
    await sys.http
      .post('/api/auth/reset-password/')
      .send({ email: fan.email, otp_code: resetCode, new_password: newPassword, new_password_confirm: newPassword })
      .expect(200);
    const [{ password_hash: secondHash }]: { password_hash: string }[] = await sys.db.query(`SELECT password_hash FROM users WHERE id = $1`, [fan.id]);
    keep('password hash (after reset)', secondHash.split('$').pop());
    const again = await sys.http.post('/api/auth/login/').send({ email: fan.email, password: newPassword }).expect(200);
    keep('access token (after reset)', again.body.data.tokens.access);
    keep('refresh token (after reset)', cookieToken(again.headers['set-cookie'], 'scoreline_refresh'));

    // Push: a device subscribes, a join request is pushed with its action token, which decides it.
    const owner = await fastUser(sys, 'Olga', 'Owner');
    const requester = await fastUser(sys, 'Remy', 'Requester');
    keep('access token (owner)', owner.token);
    keep('access token (requester)', requester.token);
    const phone = new FakeBrowser(pushService.endpoint('/send/owner-phone'));
    keep('push subscription auth secret', phone.subscription().keys.auth);
    await sys.http.post('/api/push/subscriptions/').set(owner.auth).send(phone.subscription()).expect(200);
    const league = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Sweep Secrets', type: 'private' }).expect(201);
    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'private', code: league.body.data.code }).expect(200);
    const deadline = Date.now() + 20_000;
    while (pushService.to('/send/owner-phone').length === 0) {
      if (Date.now() > deadline) throw new Error('no push reached the owner');
      await new Promise((r) => setTimeout(r, 50));
    }
    const pushed = phone.decrypt(pushService.to('/send/owner-phone')[0].body) as PushPayload;
    const actionToken = keep('push action token', pushed.action_token);
    await sys.http.post('/api/push/actions/').send({ token: actionToken, action: 'approve' }).expect(200);

    // The queue board: an admin's board session cookie, and the board's view of the mail jobs.
    const admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    keep('access token (admin)', admin.token);
    const session = await sys.http.post('/api/admin/queues/session').set(admin.auth).expect(200);
    keep('queue board session', cookieToken(session.headers['set-cookie'], 'scoreline_queue_board'));

    await settleMail(sys);
    await sys.settle();
    expect(secrets).toHaveLength(23);
  });

  it('finds none in the outbox: email codes travel sealed, and the seal is scrubbed once the email went out', async () => {
    const rows: { name: string; payload: Record<string, unknown> }[] = await sys.db.query(`SELECT name, payload FROM outbox_events ORDER BY id`);
    expect(occurrences({ outbox_events: JSON.stringify(rows) }, secrets)).toEqual([]);
    const otpRows = rows.filter((r) => r.name === 'otp.requested' && r.payload.userId === fan.id);
    expect(otpRows).toHaveLength(3);
    for (const row of otpRows) {
      expect(row.payload).not.toHaveProperty('code');
      expect(row.payload.sealedCode).toBeNull();
    }
  });

  it('finds none under the run prefix in Redis (every job, every key), in /metrics or in the queue board', async () => {
    const redis = sys.api.get<Redis>(REDIS);
    const dump: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.queuePrefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string' ? await redis.get(key)
          : type === 'hash' ? await redis.hgetall(key)
          : type === 'list' ? await redis.lrange(key, 0, -1)
          : type === 'set' ? await redis.smembers(key)
          : type === 'zset' ? await redis.zrange(key, 0, -1, 'WITHSCORES')
          : type === 'stream' ? await redis.xrange(key, '-', '+')
          : null;
        dump.push(`${key} ${JSON.stringify(value)}`);
      }
    } while (cursor !== '0');
    const redisText = dump.join('\n');
    const metrics = await sys.metrics.get('/metrics').expect(200);

    const admin = await fastUser(sys, 'Bea', 'Board');
    await grantAdminRole(sys, admin.id);
    const session = await sys.http.post('/api/admin/queues/session').set(admin.auth).expect(200);
    const boardCookie = String(session.headers['set-cookie']).split(';')[0];
    const board = await sys.http.get('/api/admin/queues/api/queues?activeQueue=mail&status=completed&page=1&jobsPerPage=50').set('Cookie', boardCookie).expect(200);

    expect(occurrences({ Redis: redisText, '/metrics': metrics.text, 'the queue board': board.text }, secrets)).toEqual([]);
    // What was searched holds what it should: the mail jobs (completed jobs are kept an hour) with
    // their codes sealed, the board's view of them, and the feed's requests under their route.
    expect(redisText).toMatch(/otp\.requested/);
    expect(redisText).toMatch(/\\"sealedCode\\":\\"v1\./);
    expect(board.text).toContain('otp.requested');
    expect(metrics.text).toContain('route="/api/calendar/:file"');
  });

  it('answers a re-delivered code email after the scrub as already sent, and never sends an email without its code', async () => {
    const mailsBefore = sys.smtp.messages.length;
    const sender = sys.workers.get(SendOtpEmailService, { strict: false });
    const [row]: (OutboxRow<'otp.requested'> & { pending_queues: string[] })[] = await sys.db.query(
      `SELECT id, name, payload, created_at, pending_queues FROM outbox_events WHERE name = 'otp.requested' AND (payload->>'userId')::int = $1 ORDER BY id LIMIT 1`,
      [fan.id],
    );
    expect(row.payload.sealedCode).toBeNull();
    await expect(sender.handle(domainEventOf(row))).resolves.toBe('already-sent');

    // The same through the outbox: its job lost, the sweeper hands the scrubbed row out again.
    const mailQueue = sys.workers.get<Queue>(getQueueToken('mail'), { strict: false });
    await mailQueue.remove(`evt-${row.id}`);
    await sys.db.query(`UPDATE outbox_events SET pending_queues = '{mail}', dispatched_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    expect(await sys.workers.get(OutboxRelayService, { strict: false }).sweep()).toBeGreaterThanOrEqual(1);
    await sys.settle();
    const [settled]: { pending_queues: string[]; last_error: string | null }[] = await sys.db.query(`SELECT pending_queues, last_error FROM outbox_events WHERE id = $1`, [row.id]);
    expect(settled).toEqual({ pending_queues: [], last_error: null });

    // Never sent and its seal gone, or sealed under another secret: given up, no email.
    const unsent = (sealedCode: string | null): DomainEvent<'otp.requested'> => ({
      ...domainEventOf(row),
      payload: { ...row.payload, otpId: 2_000_000_000, sealedCode },
    });
    await expect(sender.handle(unsent(null))).rejects.toBeInstanceOf(UnrecoverableError);
    const foreign = sealOtpCode('some-other-secret-0123456789', '123456', { ...row.payload, otpId: 2_000_000_000 });
    await expect(sender.handle(unsent(foreign))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(sys.smtp.messages.length).toBe(mailsBefore);
  });

  it('finds none of them in the whole log output, which holds the requests that carried them', async () => {
    const log = output.text();
    // The capture saw the app's request lines at trace level: the search below can find things.
    expect(log).toContain('"msg":"request completed"');
    expect(occurrences({ 'the log': log }, secrets)).toEqual([]);
    // ... and shows where they were taken out.
    expect(log).toMatch(/"url":"\/api\/calendar\/\[Redacted\]\.ics\?token=\[Redacted\]"/);
    expect(log).toMatch(/"set-cookie":"\[Redacted\]"/);
    expect(log).toMatch(/"authorization":"\[Redacted\]"/);
    expect(log).toMatch(/"cookie":"\[Redacted\]"/);
  });
});
