import { startTestSystem, TestSystem } from '../support/test-system';
import { newUserInput } from '../support/factories';

describe('sign-up → email → verify → sign-in → onboarding', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  it('takes a new fan from registration to their leagues', async () => {
    const input = newUserInput({ email: `Mixed.Case_${Date.now()}@Example.com` });
    const email = input.email.toLowerCase();

    const reg = await sys.http.post('/api/auth/register/').send({ ...input, password_confirm: input.password }).expect(201);
    expect(reg.body.data).toEqual({ email, username: input.username });

    // Unverified sign-in is refused with a message that says why.
    const early = await sys.http.post('/api/auth/login/').send({ email, password: input.password }).expect(403);
    expect(early.body.message).toMatch(/verify your email/i);

    // Not a player yet: an unverified sign-up is in no league, so its name shows nowhere.
    const leaguesOf = (): Promise<{ type: string }[]> =>
      sys.db.query(`SELECT l.type FROM league_members m JOIN leagues l ON l.id = m.league_id JOIN users u ON u.id = m.user_id WHERE u.email = $1`, [email]);
    expect(await leaguesOf()).toEqual([]);

    const code = await sys.smtp.waitForCode(email);
    expect(sys.smtp.mailsTo(email)[0].raw).toContain(code);
    await sys.http.post('/api/auth/verify-otp/').send({ email, otp_code: code, purpose: 'email_verification' }).expect(200);
    // Verified: in the global league at once, before onboarding.
    expect(await leaguesOf()).toEqual([{ type: 'global' }]);

    const login = await sys.http.post('/api/auth/login/').send({ email: input.email, password: input.password }).expect(200);
    const token: string = login.body.data.tokens.access;
    expect(token).toMatch(/^ey/);
    const auth = { Authorization: `Bearer ${token}` };

    const profile = await sys.http.get('/api/auth/profile/').set(auth).expect(200);
    expect(profile.body.data).toMatchObject({ username: input.username, email, first_name: 'Alex', last_name: 'Morgan' });

    const status = await sys.http.get('/api/onboarding/status/').set(auth).expect(200);
    expect(status.body.data).toMatchObject({ completed_onboarding: false, is_complete: false });

    const countries = await sys.http.get('/api/onboarding/countries/').set(auth).expect(200);
    const england = countries.body.data.find((c: { name: string }) => c.name === 'England');
    expect(countries.body.data.length).toBeGreaterThan(250);
    expect(england.flag).toBeTruthy();

    const clubs = await sys.http.get('/api/onboarding/clubs/').query({ search: 'arsen', country_id: england.id }).set(auth).expect(200);
    expect(clubs.body.data[0]).toMatchObject({ name: 'Arsenal FC', league: { name: 'English Premier League' } });

    await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: england.id, club_id: clubs.body.data[0].id }).expect(200);
    const after = await sys.http.get('/api/onboarding/status/').set(auth).expect(200);
    expect(after.body.data).toMatchObject({ completed_onboarding: true, is_complete: true });
    const prefs = await sys.http.get('/api/onboarding/preferences/').set(auth).expect(200);
    expect(prefs.body.data).toMatchObject({ country: { name: 'England' }, club: { name: 'Arsenal FC' } });

    const leagues: { type: string; name: string }[] = await sys.db.query(
      `SELECT l.type, l.name FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE m.user_id = $1 ORDER BY l.type`,
      [profile.body.data.id],
    );
    expect(leagues).toEqual([
      // Each named with its competition (a fan may play several).
      { type: 'club', name: 'Arsenal FC Fans · English Premier League' },
      { type: 'country', name: 'England League · English Premier League' },
      { type: 'global', name: 'Global League · English Premier League' },
    ]);
  });
});
