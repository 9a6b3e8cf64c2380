import { expectErrorShape, login, moveCodesBack, registerUser, settleMail, verifyOtp, wrongCode, writeSnapshot } from '../api/api-helpers';
import { startTestSystem, TestSystem } from '../support/test-system';

const INVALID = 'Invalid verification code.';
// Every failed check answers the same (wrong, locked, expired, used, or no such account): the
// answer cannot tell an account's state. The screen counts attempts and shows the lock itself.
const LOCKED = INVALID;
const EXPIRED = INVALID;

jest.setTimeout(60_000);

describe('email verification codes', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  const resend = (email: string) => sys.http.post('/api/auth/resend-otp/').send({ email, purpose: 'email_verification' });

  it('locks a code after three wrong attempts, even against the right code, until a resend issues a fresh one', async () => {
    const user = await registerUser(sys);
    const code = await sys.smtp.waitForCode(user.email);
    const wrong = wrongCode(code);

    for (const attempt of [1, 2]) {
      const res = await verifyOtp(sys, user.email, wrong);
      expectErrorShape(res, 400);
      expect({ attempt, message: res.body.message }).toEqual({ attempt, message: INVALID });
    }
    const third = await verifyOtp(sys, user.email, wrong);
    expectErrorShape(third, 400);
    expect(third.body.message).toBe(LOCKED);
    for (const later of [wrong, code, code]) {
      const res = await verifyOtp(sys, user.email, later);
      expectErrorShape(res, 400);
      expect(res.body.message).toBe(LOCKED);
    }
    expect(await sys.db.query(`SELECT email_verified_at FROM users WHERE id = $1`, [user.id])).toEqual([{ email_verified_at: null }]);
    expectErrorShape(await login(sys, user.email, user.password), 403);

    // Past the 60 s cooldown a resend mails a new code with a fresh attempt count.
    await moveCodesBack(sys, user.id, 'email_verification', 'created_at', 61);
    const resent = await resend(user.email).expect(200);
    expect(resent.body).toEqual({ message: 'New verification code sent to your email!' });
    const fresh = await sys.smtp.waitForCode(user.email, 2);
    // The attempt count starts again: one wrong try is not a lock.
    const retry = await verifyOtp(sys, user.email, wrongCode(fresh));
    expectErrorShape(retry, 400);
    expect(retry.body.message).toBe(INVALID);
    const ok = await verifyOtp(sys, user.email, fresh).expect(200);
    expect(ok.body.message).toMatch(/verified/i);
    await login(sys, user.email, user.password).expect(200);
  });

  it('refuses a resend during the 60 s cooldown with the seconds left and sends no mail; afterwards a new code replaces the old one', async () => {
    const registeredAt = Date.now();
    const user = await registerUser(sys);
    const first = await sys.smtp.waitForCode(user.email);
    const elapsed = () => Math.ceil((Date.now() - registeredAt) / 1000);

    const before = await writeSnapshot(sys);
    const early = await resend(user.email);
    expectErrorShape(early, 429);
    const seconds = early.body.retry_after_seconds;
    expect(seconds).toBeGreaterThanOrEqual(60 - elapsed());
    expect(seconds).toBeLessThanOrEqual(60);
    expect(early.body.message).toBe(`Please wait ${seconds} seconds before requesting a new code.`);
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(1);
    expect(await writeSnapshot(sys)).toEqual(before);

    // Half-way through the cooldown the count goes down.
    await moveCodesBack(sys, user.id, 'email_verification', 'created_at', 30);
    const later = await resend(user.email);
    expectErrorShape(later, 429);
    expect(later.body.retry_after_seconds).toBeLessThanOrEqual(30);
    expect(later.body.retry_after_seconds).toBeGreaterThanOrEqual(30 - elapsed());

    await moveCodesBack(sys, user.id, 'email_verification', 'created_at', 31);
    await resend(user.email).expect(200);
    const second = await sys.smtp.waitForCode(user.email, 2);
    expect(second).not.toBe(first);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(2);

    const stale = await verifyOtp(sys, user.email, first);
    expectErrorShape(stale, 400);
    expect(stale.body.message).toBe(INVALID);
    await verifyOtp(sys, user.email, second).expect(200);
  });

  it('answers a resend for an unknown email like one for a known email, without sending anything', async () => {
    const before = await writeSnapshot(sys);
    const res = await resend(`nobody_${Date.now()}@example.com`).expect(200);
    expect(res.body).toEqual({ message: 'New verification code sent to your email!' });
    await settleMail(sys);
    expect(await writeSnapshot(sys)).toEqual(before);
  });

  it('lets a code verify for 10 minutes and no longer', async () => {
    const fresh = await registerUser(sys);
    const stale = await registerUser(sys);
    const freshCode = await sys.smtp.waitForCode(fresh.email);
    const staleCode = await sys.smtp.waitForCode(stale.email);

    const [{ lifetime }]: { lifetime: number }[] = await sys.db.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM email_codes WHERE user_id = $1`,
      [fresh.id],
    );
    expect(Math.abs(lifetime - 600)).toBeLessThanOrEqual(1);

    // 9 min 50 s old: still good.
    await moveCodesBack(sys, fresh.id, 'email_verification', 'created_at', 590);
    await moveCodesBack(sys, fresh.id, 'email_verification', 'expires_at', 590);
    await verifyOtp(sys, fresh.email, freshCode).expect(200);

    // 10 min 1 s old: expired, whatever the code.
    await moveCodesBack(sys, stale.id, 'email_verification', 'created_at', 601);
    await moveCodesBack(sys, stale.id, 'email_verification', 'expires_at', 601);
    const res = await verifyOtp(sys, stale.email, staleCode);
    expectErrorShape(res, 400);
    expect(res.body.message).toBe(EXPIRED);
    expectErrorShape(await login(sys, stale.email, stale.password), 403);

    // A new code (the cooldown is long over) works again.
    await resend(stale.email).expect(200);
    await verifyOtp(sys, stale.email, await sys.smtp.waitForCode(stale.email, 2)).expect(200);
  });

  it('uses a verification code once: the same code cannot verify again', async () => {
    const user = await registerUser(sys);
    const code = await sys.smtp.waitForCode(user.email);
    await verifyOtp(sys, user.email, code).expect(200);
    const [{ consumed }]: { consumed: boolean }[] = await sys.db.query(
      `SELECT consumed_at IS NOT NULL AS consumed FROM email_codes WHERE user_id = $1 AND purpose = 'email_verification'`,
      [user.id],
    );
    expect(consumed).toBe(true);

    const again = await verifyOtp(sys, user.email, code);
    expectErrorShape(again, 400);
    expect(again.body.message).toBe(INVALID);
    // A resend for a verified account answers like any other and sends nothing.
    await moveCodesBack(sys, user.id, 'email_verification', 'created_at', 61);
    const mails = sys.smtp.mailsTo(user.email).length;
    const resendAfter = await resend(user.email).expect(200);
    expect(resendAfter.body).toEqual({ message: 'New verification code sent to your email!' });
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(mails);
  });

  it('refuses a code sent for another purpose', async () => {
    const user = await registerUser(sys);
    const code = await sys.smtp.waitForCode(user.email);
    const res = await verifyOtp(sys, user.email, code, 'password_reset');
    expectErrorShape(res, 400);
    expect(res.body.message).toBe(INVALID);
    await verifyOtp(sys, user.email, code).expect(200);
  });
});
