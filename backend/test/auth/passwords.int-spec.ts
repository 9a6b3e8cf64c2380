import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, login, moveCodesBack, settleMail, verifyOtp, wrongCode, writeSnapshot } from '../api/api-helpers';

jest.setTimeout(60_000);

const FORGOT_ANSWER = { message: 'If an account exists for that email, we have sent a 6-digit reset code to it.' };
// Every failed code check answers the same: the answer cannot tell an account's state.
const LOCKED = 'Invalid verification code.';

describe('forgot, reset and change password', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  const forgot = (email: string) => sys.http.post('/api/auth/forgot-password/').send({ email });
  const reset = (email: string, otp_code: string, password: string, confirm = password) =>
    sys.http.post('/api/auth/reset-password/').send({ email, otp_code, new_password: password, new_password_confirm: confirm });
  const profile = (token: string) => sys.http.get('/api/auth/profile/').set(bearer(token));

  it('answers forgot-password identically for known and unknown emails, and mails only the known one', async () => {
    const user = await createVerifiedUser(sys);
    const unknown = `nobody_${Date.now()}@example.com`;

    const before = await writeSnapshot(sys);
    const forUnknown = await forgot(unknown);
    await settleMail(sys);
    expect(await writeSnapshot(sys)).toEqual(before);
    const forKnown = await forgot(user.email.toUpperCase());

    expect({ status: forKnown.status, body: forKnown.body }).toEqual({ status: 200, body: FORGOT_ANSWER });
    expect({ status: forUnknown.status, body: forUnknown.body }).toEqual({ status: forKnown.status, body: forKnown.body });
    await sys.smtp.waitForCode(user.email, 2); // mail 1 was the verification code
    await settleMail(sys);
    expect(sys.smtp.mailsTo(unknown)).toHaveLength(0);

    // Asked again during the cooldown: the same answer, and no second mail.
    const again = await forgot(user.email);
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: FORGOT_ANSWER });
    await settleMail(sys);
    expect(sys.smtp.mailsTo(user.email)).toHaveLength(2);
  });

  it('resets the password with the emailed code: the old password and every earlier token stop working', async () => {
    const user = await createVerifiedUser(sys);
    const secondSession = (await login(sys, user.email, user.password).expect(200)).body.data.tokens.access as string;
    // Both sessions in use (and so remembered by the API) before the reset.
    for (const token of [user.token, secondSession]) await profile(token).expect(200);
    await forgot(user.email).expect(200);
    const code = await sys.smtp.waitForCode(user.email, 2);

    // Checking the code (the screen's step) does not use it up.
    const checked = await verifyOtp(sys, user.email, code, 'password_reset').expect(200);
    expect(checked.body.message).toMatch(/code is valid/i);

    const res = await reset(user.email, code, 'brand-new-pass-1').expect(200);
    expect(res.body).toEqual({ message: 'Password has been reset successfully!' });

    expectErrorShape(await login(sys, user.email, user.password), 401);
    const fresh = await login(sys, user.email, 'brand-new-pass-1').expect(200);
    for (const old of [user.token, secondSession]) {
      const refused = await profile(old);
      expectErrorShape(refused, 401);
    }
    await profile(fresh.body.data.tokens.access).expect(200);
  });

  it('uses a reset code once', async () => {
    const user = await createVerifiedUser(sys);
    await forgot(user.email).expect(200);
    const code = await sys.smtp.waitForCode(user.email, 2);
    await reset(user.email, code, 'first-new-pass-1').expect(200);

    const second = await reset(user.email, code, 'second-new-pass-2');
    expectErrorShape(second, 400);
    expect(second.body.message).toBe('Invalid verification code.');
    const check = await verifyOtp(sys, user.email, code, 'password_reset');
    expectErrorShape(check, 400);
    await login(sys, user.email, 'first-new-pass-1').expect(200);
    expectErrorShape(await login(sys, user.email, 'second-new-pass-2'), 401);
  });

  it('refuses a reset whose confirmation differs, without using up the code or an attempt', async () => {
    const user = await createVerifiedUser(sys);
    await forgot(user.email).expect(200);
    const code = await sys.smtp.waitForCode(user.email, 2);

    const before = await writeSnapshot(sys);
    const res = await reset(user.email, code, 'brand-new-pass-1', 'brand-new-pass-2');
    expectErrorShape(res, 400);
    expect(res.body.errors.new_password_confirm).toEqual(['Passwords do not match.']);
    expect(await writeSnapshot(sys)).toEqual(before);

    await login(sys, user.email, user.password).expect(200);
    await reset(user.email, code, 'brand-new-pass-1').expect(200);
  });

  it('locks a reset code after three wrong codes, even against the right one, until a new code is requested', async () => {
    const user = await createVerifiedUser(sys);
    await forgot(user.email).expect(200);
    const code = await sys.smtp.waitForCode(user.email, 2);
    const wrong = wrongCode(code);

    for (const attempt of [1, 2]) {
      const res = await reset(user.email, wrong, 'brand-new-pass-1');
      expectErrorShape(res, 400);
      expect({ attempt, message: res.body.message }).toEqual({ attempt, message: 'Invalid verification code.' });
    }
    // The screen's check of the code counts as an attempt too.
    const third = await verifyOtp(sys, user.email, wrong, 'password_reset');
    expectErrorShape(third, 400);
    expect(third.body.message).toBe(LOCKED);
    for (const later of [code, code]) {
      const res = await reset(user.email, later, 'brand-new-pass-1');
      expectErrorShape(res, 400);
      expect(res.body.message).toBe(LOCKED);
    }
    await login(sys, user.email, user.password).expect(200);

    await moveCodesBack(sys, user.id, 'password_reset', 'created_at', 61);
    await forgot(user.email).expect(200);
    const fresh = await sys.smtp.waitForCode(user.email, 3);
    await reset(user.email, fresh, 'brand-new-pass-1').expect(200);
    await login(sys, user.email, 'brand-new-pass-1').expect(200);
  });

  it('refuses an expired reset code', async () => {
    const user = await createVerifiedUser(sys);
    await forgot(user.email).expect(200);
    const code = await sys.smtp.waitForCode(user.email, 2);
    await moveCodesBack(sys, user.id, 'password_reset', 'expires_at', 601);
    const res = await reset(user.email, code, 'brand-new-pass-1');
    expectErrorShape(res, 400);
    expect(res.body.message).toBe('Invalid verification code.');
    await login(sys, user.email, user.password).expect(200);
  });

  it('changes the password only with the current one, answers a fresh working token and refuses the previous token', async () => {
    const user = await createVerifiedUser(sys);
    const change = (token: string, body: object) => sys.http.post('/api/auth/change-password/').set(bearer(token)).send(body);

    const wrongCurrent = await change(user.token, { current_password: 'not-my-password', new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' });
    expectErrorShape(wrongCurrent, 400);
    expect(wrongCurrent.body.errors.current_password).toEqual(['Your current password is incorrect.']);

    const mismatch = await change(user.token, { current_password: user.password, new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-2' });
    expectErrorShape(mismatch, 400);
    expect(mismatch.body.message).toBe('New passwords do not match!');
    expect(mismatch.body.errors.new_password_confirm).toEqual(['New passwords do not match!']);

    // Neither refusal changed anything: the old token and password still work.
    await profile(user.token).expect(200);
    await login(sys, user.email, user.password).expect(200);

    const ok = await change(user.token, { current_password: user.password, new_password: 'brand-new-pass-1', new_password_confirm: 'brand-new-pass-1' }).expect(200);
    expect(ok.body.message).toBe('Password changed successfully!');
    const fresh: string = ok.body.data.tokens.access;
    expect(fresh).toMatch(/^ey/);
    expect(fresh).not.toBe(user.token);

    const me = await profile(fresh).expect(200);
    expect(me.body.data).toMatchObject({ id: user.id, username: user.username });
    expectErrorShape(await profile(user.token), 401);
    expectErrorShape(await login(sys, user.email, user.password), 401);
    await login(sys, user.email, 'brand-new-pass-1').expect(200);
  });
});
