import type Redis from 'ioredis';
import { EMAIL_NOT_VERIFIED } from '@scoreline/contracts/api/auth';
import { BackgroundWorkService as BackgroundWork } from '@scoreline/backend/auth/background-work.service';
import { LoginThrottleService } from '@scoreline/backend/auth/login-throttle.service';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { expectErrorShape, login, moveCodesBack, registerUser, settleMail, userIdOf, verifyOtp, writeSnapshot } from '../api/api-helpers';
import { readMail } from '../notifications/mail-text';
import { createVerifiedUser, newUserInput } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';

jest.setTimeout(120_000);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Median duration of `known()` and of `unknown()`, run alternately `rounds` times (so a load
 * spike on the shared machine hits both), with `between()` outside the timing.
 */
async function medians(rounds: number, known: () => Promise<unknown>, unknown: () => Promise<unknown>, between: () => Promise<unknown> = async () => undefined) {
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const [run, into] of i % 2 === 0 ? ([[known, k], [unknown, u]] as const) : ([[unknown, u], [known, k]] as const)) {
      await between();
      const start = process.hrtime.bigint();
      await run();
      into.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return { known: median(k), unknown: median(u) };
}

/** Within a generous 0.5–2× of each other: a lookup-only path (~3 ms vs ~100 ms) is far outside. */
function expectSimilar({ known, unknown }: { known: number; unknown: number }): void {
  const ratio = known / unknown;
  if (ratio < 0.5 || ratio > 2) throw new Error(`medians differ: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms (ratio ${ratio.toFixed(2)})`);
}

const unknownEmail = () => `nobody_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('no account enumeration through sign-up, sign-in, codes and reset', () => {
  let sys: TestSystem;
  let throttle: LoginThrottleService;
  let redis: Redis;
  beforeAll(async () => {
    sys = await startTestSystem();
    throttle = sys.api.get(LoginThrottleService);
    redis = sys.api.get<Redis>(REDIS);
  });
  afterAll(async () => {
    await sys.close();
  });

  const register = (body: object) => sys.http.post('/api/auth/register/').send(body);
  const resend = (email: string) => sys.http.post('/api/auth/resend-otp/').send({ email, purpose: 'email_verification' });
  const forgot = (email: string) => sys.http.post('/api/auth/forgot-password/').send({ email });
  const clearCodeSlot = (email: string) => redis.del(throttle.codeSlotKey(email, 'email_verification'));

  it('answers a sign-up with an existing email exactly like a new one, changes nothing, and mails the owner a sign-in hint instead of a code', async () => {
    const owner = await createVerifiedUser(sys);
    await sys.http.put('/api/auth/preferences/').set({ Authorization: `Bearer ${owner.token}` }).send({ preferences: { language: 'fr' } }).expect(200);
    await settleMail(sys);
    const before = await writeSnapshot(sys);
    const mails = sys.smtp.mailsTo(owner.email).length;

    const fresh = newUserInput();
    const freshAnswer = await register({ ...fresh, password_confirm: fresh.password });
    const again = newUserInput({ email: owner.email.toUpperCase(), password: 'another-pass-9' });
    const existingAnswer = await register({ ...again, password_confirm: again.password });
    expect(existingAnswer.status).toBe(201);
    expect(existingAnswer.body).toEqual({ ...freshAnswer.body, data: { email: owner.email, username: again.username } });
    expect(Object.keys(existingAnswer.headers).sort()).toEqual(Object.keys(freshAnswer.headers).sort());

    await settleMail(sys);
    const after = await writeSnapshot(sys);
    // The fresh sign-up added its own user; the owner's row and codes are untouched.
    const [row]: { username: string; password_unchanged: boolean }[] = await sys.db.query(
      `SELECT username, password_hash = (SELECT password_hash FROM users WHERE id = $1) AS password_unchanged FROM users WHERE id = $1`,
      [owner.id],
    );
    expect(row).toEqual({ username: owner.username, password_unchanged: true });
    expect(after.users).toBe(before.users + 1);
    const ownerCodes: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM email_codes WHERE user_id = $1`, [owner.id]);
    expect(ownerCodes[0].n).toBe(1);
    await login(sys, owner.email, owner.password).expect(200);
    expectErrorShape(await login(sys, owner.email, 'another-pass-9'), 401);

    const hint = sys.smtp.mailsTo(owner.email).slice(mails);
    expect(hint).toHaveLength(1);
    const { subject, text } = readMail(hint[0]);
    expect(subject).toBe('Vous avez déjà un compte Scoreline');
    expect(text).toContain('http://localhost:3999/forgot-password');
    expect(text).toContain('http://localhost:3999/signin');
    expect(`${subject}\n${text}`).not.toMatch(/\b\d{6}\b/);

    // Repeating it within the window does not flood the owner's inbox.
    const third = newUserInput({ email: owner.email });
    await register({ ...third, password_confirm: third.password }).expect(201);
    await settleMail(sys);
    expect(sys.smtp.mailsTo(owner.email).slice(mails)).toHaveLength(1);
  });

  it('sends an unverified account a new code when its sign-up is sent again (same username too)', async () => {
    const { id: _id, ...user } = await registerUser(sys);
    const userId = _id;
    const first = await sys.smtp.waitForCode(user.email);
    // Within the cooldown: the same answer, the earlier code stands.
    await register({ ...user, password_confirm: user.password }).expect(201);
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(1);

    await moveCodesBack(sys, userId, 'email_verification', 'created_at', 61);
    const res = await register({ ...user, password_confirm: user.password });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ email: user.email, username: user.username });
    const second = await sys.smtp.waitForCode(user.email, 2);
    expect(second).not.toBe(first);
    await verifyOtp(sys, user.email, second).expect(200);
    await login(sys, user.email, user.password).expect(200);
  });

  it('never answers 500 to identical sign-ups sent at once: one account, every answer 201', async () => {
    const input = newUserInput();
    const answers = await Promise.all(Array.from({ length: 6 }, () => register({ ...input, password_confirm: input.password })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const rows: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [input.email]);
    expect(rows[0].n).toBe(1);
    await settleMail(sys);
    expect(sys.smtp.mailsTo(input.email)).toHaveLength(1);
  });

  it('signs in with the right password to an unverified account: 403 email_not_verified and a fresh code, cooldown respected', async () => {
    const user = await registerUser(sys);
    const first = await sys.smtp.waitForCode(user.email);

    const early = await login(sys, user.email, user.password);
    expectErrorShape(early, 403);
    expect(early.body.detail).toBe(EMAIL_NOT_VERIFIED);
    expect(early.body.message).toMatch(/verify/i);
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(1); // the first code is under a minute old

    await moveCodesBack(sys, user.id, 'email_verification', 'created_at', 61);
    const later = await login(sys, user.email, user.password);
    expectErrorShape(later, 403);
    expect(later.body.detail).toBe(EMAIL_NOT_VERIFIED);
    const second = await sys.smtp.waitForCode(user.email, 2);
    expect(second).not.toBe(first);

    // A wrong password to an unverified account is just a wrong password.
    const wrong = await login(sys, user.email, 'not-the-password');
    expectErrorShape(wrong, 401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password.', detail: 'Invalid email or password.' });
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(2);

    await verifyOtp(sys, user.email, second).expect(200);
    await login(sys, user.email, user.password).expect(200);
  });

  it('answers resend, verify, forgot and reset the same for an unknown, an unverified and a verified email', async () => {
    const verified = await createVerifiedUser(sys);
    const unverified = await registerUser(sys);
    await settleMail(sys);
    const emails = [unknownEmail(), unverified.email, verified.email];
    const answers = async (send: (email: string) => Promise<{ status: number; body: unknown }>) => {
      const out = [];
      for (const email of emails) {
        await clearCodeSlot(email);
        const res = await send(email);
        out.push({ status: res.status, body: res.body });
      }
      return out;
    };
    const same = (list: { status: number; body: unknown }[]) => expect(list.slice(1)).toEqual([list[0], list[0]]);

    same(await answers((email) => resend(email)));
    same(await answers((email) => forgot(email)));
    same(await answers((email) => verifyOtp(sys, email, '000000')));
    same(await answers((email) => verifyOtp(sys, email, '000000', 'password_reset')));
    same(
      await answers((email) =>
        sys.http.post('/api/auth/reset-password/').send({ email, otp_code: '000000', new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' }),
      ),
    );
    // The cooldown's 429 comes for any email, known or not.
    const cooling = [];
    for (const email of emails) {
      await clearCodeSlot(email);
      await resend(email).expect(200);
      const res = await resend(email);
      cooling.push({ status: res.status, message: res.body.message, wait: res.body.retry_after_seconds >= 59 });
    }
    expect(cooling[0].status).toBe(429);
    expect(cooling.slice(1)).toEqual([cooling[0], cooling[0]]);
    // Resetting a password of a verified account still works with its real code.
    await settleMail(sys);
    const resetMails = sys.smtp.mailsTo(verified.email).filter((m) => /reset code/.test(m.subject));
    expect(resetMails.length).toBeGreaterThanOrEqual(1);
  });

  it('takes about as long to refuse a sign-in for an unknown email as for a wrong password (median of 15)', async () => {
    const user = await createVerifiedUser(sys);
    const other = unknownEmail();
    const timing = await medians(
      15,
      () => login(sys, user.email, 'not-the-password').expect(401),
      () => login(sys, other, 'not-the-password').expect(401),
      // The per-account throttle would answer 429 after 5 failures; it is tested on its own.
      () => Promise.all([throttle.reset(user.email), throttle.reset(other)]),
    );
    expectSimilar(timing);
  });

  it('takes about as long to answer a sign-up with an existing email as a new one (median of 15)', async () => {
    const owner = await createVerifiedUser(sys);
    const timing = await medians(
      15,
      () => {
        const input = newUserInput({ email: owner.email });
        return register({ ...input, password_confirm: input.password }).expect(201);
      },
      () => {
        const input = newUserInput();
        return register({ ...input, password_confirm: input.password }).expect(201);
      },
    );
    expectSimilar(timing);
  });

  it('takes about as long to answer resend and forgot-password for a known email as for an unknown one (median of 15)', async () => {
    const unverified = await registerUser(sys);
    const verified = await createVerifiedUser(sys);
    const other = unknownEmail();
    const between = async () => {
      await sys.api.get(BackgroundWork).idle();
      await Promise.all([clearCodeSlot(unverified.email), clearCodeSlot(other)]);
      await moveCodesBack(sys, unverified.id, 'email_verification', 'created_at', 61);
      await moveCodesBack(sys, verified.id, 'password_reset', 'created_at', 61);
    };
    expectSimilar(await medians(15, () => resend(unverified.email).expect(200), () => resend(other).expect(200), between));
    expectSimilar(await medians(15, () => forgot(verified.email).expect(200), () => forgot(other).expect(200), between));
    await settleMail(sys);
    // The known ones were really served: codes went out.
    expect(sys.smtp.mailsTo(unverified.email).length).toBeGreaterThan(1);
    expect(sys.smtp.mailsTo(verified.email).filter((m) => /reset code/.test(m.subject)).length).toBeGreaterThan(1);
    expect(await userIdOf(sys, verified.email)).toBe(verified.id);
  });
});
