import type { Club, Country } from '@scoreline/contracts/api/onboarding';
import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, writeSnapshot } from '../api/api-helpers';

jest.setTimeout(60_000);

/** What an automatic league's name ends with: its competition (the home one here). */
const IN_EPL = ' · English Premier League';

describe('onboarding', () => {
  let sys: TestSystem;
  let reader: { Authorization: string };
  let countries: Country[];
  const country = (name: string): Country => countries.find((c) => c.name === name)!;

  beforeAll(async () => {
    sys = await startTestSystem();
    reader = bearer((await createVerifiedUser(sys)).token);
    countries = (await sys.http.get('/api/onboarding/countries/').set(reader).expect(200)).body.data;
  });
  afterAll(async () => {
    await sys.close();
  });

  const clubs = async (query: Record<string, string | number>): Promise<Club[]> =>
    (await sys.http.get('/api/onboarding/clubs/').query(query).set(reader).expect(200)).body.data;
  const clubNamed = async (name: string): Promise<Club> => (await clubs({ search: name })).find((c) => c.name === name)!;
  const leaguesOf = (userId: number): Promise<{ type: string; name: string }[]> =>
    sys.db.query(
      `SELECT l.type, l.name FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE m.user_id = $1 ORDER BY l.type, l.name`,
      [userId],
    );
  const membershipEvents = (userId: number): Promise<{ name: string; league: string; via: string }[]> =>
    sys.db.query(
      `SELECT o.name, l.name AS league, o.payload->>'via' AS via
       FROM outbox_events o JOIN leagues l ON l.id = (o.payload->>'leagueId')::int
       WHERE o.name IN ('member.joined', 'member.left') AND (o.payload->>'userId')::int = $1 ORDER BY o.id`,
      [userId],
    );

  it('lists every country, England, Scotland and Wales among them, each with a code and a flag', () => {
    expect(countries.length).toBeGreaterThan(200);
    for (const [name, code] of [
      ['England', 'GB-ENG'],
      ['Scotland', 'GB-SCT'],
      ['Wales', 'GB-WLS'],
    ]) {
      expect(country(name)).toEqual({ id: expect.any(Number), code, name, flag: expect.stringMatching(/.+/) });
    }
  });

  it('finds clubs by a partial, case-insensitive name, with their competition', async () => {
    for (const search of ['ARSEN', 'arsenal', 'senal f', '  Arsenal  ']) {
      const found = await clubs({ search });
      expect({ search, first: found[0] }).toEqual({
        search,
        first: {
          id: expect.any(Number),
          name: 'Arsenal FC',
          logo: null,
          short_name: expect.any(String),
          country_id: country('England').id,
          league: { name: 'English Premier League', code: 'en.1' },
        },
      });
    }
  });

  it('finds a club by an alternate name: "Man Utd" finds Manchester United FC', async () => {
    for (const search of ['Man Utd', 'man utd', 'NEWTON HEATH']) {
      expect((await clubs({ search })).map((c) => c.name)).toContain('Manchester United FC');
    }
    expect((await clubs({ search: 'Man Utd' })).map((c) => c.name)).not.toContain('Manchester City FC');
  });

  it('filters clubs by country_id', async () => {
    const everywhere = (await clubs({ search: 'united', limit: 100 })).map((c) => c.name);
    expect(everywhere).toEqual(expect.arrayContaining(['Manchester United FC', 'Dundee United']));

    const english = await clubs({ search: 'united', country_id: country('England').id, limit: 100 });
    expect(english.map((c) => c.name)).toContain('Manchester United FC');
    expect(english.map((c) => c.name)).not.toContain('Dundee United');
    expect(new Set(english.map((c) => c.country_id))).toEqual(new Set([country('England').id]));

    const scottish = await clubs({ search: 'united', country_id: country('Scotland').id });
    expect(scottish.map((c) => c.name)).toEqual(['Dundee United']);
    expect(await clubs({ country_id: country('Wales').id })).toEqual([]);
  });

  it('caps the club list at limit (20 by default)', async () => {
    expect(await clubs({ limit: 3 })).toHaveLength(3);
    expect(await clubs({})).toHaveLength(20);
    const hundred = await clubs({ limit: 100 });
    expect(hundred.length).toBeGreaterThan(20);
    expect(hundred.length).toBeLessThanOrEqual(100);
    expect(await clubs({ search: 'fc', limit: 1 })).toHaveLength(1);
  });

  it('treats LIKE wildcards and injection-looking searches as plain text', async () => {
    for (const search of ['%', '_', '\\', "' OR 1=1 --", '<script>', '${jndi:ldap://x/a}', '../../etc/passwd']) {
      expect({ search, found: await clubs({ search }) }).toEqual({ search, found: [] });
    }
  });

  it('refuses to complete with an unknown country or club and writes nothing', async () => {
    const user = await createVerifiedUser(sys);
    const arsenal = await clubNamed('Arsenal FC');
    const before = await writeSnapshot(sys);
    const complete = (body: object) => sys.http.post('/api/onboarding/complete/').set(bearer(user.token)).send(body);

    const noCountry = await complete({ country_id: 2147483647, club_id: arsenal.id });
    expectErrorShape(noCountry, 400);
    expect(noCountry.body.errors).toEqual({ country_id: ['That country does not exist.'] });
    const noClub = await complete({ country_id: country('England').id, club_id: 2147483647 });
    expectErrorShape(noClub, 400);
    expect(noClub.body.errors).toEqual({ club_id: ['That club does not exist.'] });
    const neither = await complete({ country_id: 999999, club_id: 999999 });
    expectErrorShape(neither, 400);
    expect(Object.keys(neither.body.errors).sort()).toEqual(['club_id', 'country_id']);

    expect(await writeSnapshot(sys)).toEqual(before);
    const status = await sys.http.get('/api/onboarding/status/').set(bearer(user.token)).expect(200);
    expect(status.body.data).toEqual({ completed_onboarding: false, is_complete: false, has_preferences: false });
  });

  it("completes onboarding, then moves the user's country and club leagues when the choice changes, keeping the global league", async () => {
    const user = await createVerifiedUser(sys);
    const auth = bearer(user.token);
    const arsenal = await clubNamed('Arsenal FC');
    const celtic = await clubNamed('Celtic FC');

    const before = await sys.http.get('/api/onboarding/status/').set(auth).expect(200);
    expect(before.body.data).toEqual({ completed_onboarding: false, is_complete: false, has_preferences: false });
    expect((await sys.http.get('/api/onboarding/preferences/').set(auth).expect(200)).body.data).toEqual({ country: null, club: null });
    expect(await leaguesOf(user.id)).toEqual([{ type: 'global', name: `Global League${IN_EPL}` }]);

    const first = await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: country('England').id, club_id: arsenal.id }).expect(200);
    expect(first.body).toEqual({
      message: 'Your preferences are saved.',
      data: { country: { id: country('England').id, name: 'England', flag: country('England').flag }, club: { id: arsenal.id, name: 'Arsenal FC' } },
    });
    const after = await sys.http.get('/api/onboarding/status/').set(auth).expect(200);
    expect(after.body.data).toEqual({ completed_onboarding: true, is_complete: true, has_preferences: true });
    expect((await sys.http.get('/api/auth/profile/').set(auth).expect(200)).body.data.completed_onboarding).toBe(true);
    expect(await leaguesOf(user.id)).toEqual([
      { type: 'club', name: `Arsenal FC Fans${IN_EPL}` },
      { type: 'country', name: `England League${IN_EPL}` },
      { type: 'global', name: `Global League${IN_EPL}` },
    ]);

    // Saving the same choice again changes nothing.
    const eventsBefore = await membershipEvents(user.id);
    await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: country('England').id, club_id: arsenal.id }).expect(200);
    expect(await membershipEvents(user.id)).toEqual(eventsBefore);

    const moved = await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: country('Scotland').id, club_id: celtic.id }).expect(200);
    expect(moved.body.data).toEqual({
      country: { id: country('Scotland').id, name: 'Scotland', flag: country('Scotland').flag },
      club: { id: celtic.id, name: 'Celtic FC' },
    });
    expect((await sys.http.get('/api/onboarding/preferences/').set(auth).expect(200)).body.data).toEqual(moved.body.data);
    expect(await leaguesOf(user.id)).toEqual([
      { type: 'club', name: `Celtic FC Fans${IN_EPL}` },
      { type: 'country', name: `Scotland League${IN_EPL}` },
      { type: 'global', name: `Global League${IN_EPL}` },
    ]);
    // Other areas (standings, activity, live) learn about the move from the outbox.
    expect(await membershipEvents(user.id)).toEqual([
      { name: 'member.joined', league: `Global League${IN_EPL}`, via: 'automatic' },
      { name: 'member.joined', league: `England League${IN_EPL}`, via: 'automatic' },
      { name: 'member.joined', league: `Arsenal FC Fans${IN_EPL}`, via: 'automatic' },
      { name: 'member.left', league: expect.stringMatching(/^(England League|Arsenal FC Fans) · English Premier League$/), via: 'preferences' },
      { name: 'member.left', league: expect.stringMatching(/^(England League|Arsenal FC Fans) · English Premier League$/), via: 'preferences' },
      { name: 'member.joined', league: `Scotland League${IN_EPL}`, via: 'automatic' },
      { name: 'member.joined', league: `Celtic FC Fans${IN_EPL}`, via: 'automatic' },
    ]);
    const left = (await membershipEvents(user.id)).filter((e) => e.name === 'member.left').map((e) => e.league);
    expect(left.sort()).toEqual([`Arsenal FC Fans${IN_EPL}`, `England League${IN_EPL}`]);
  });

  it('skips onboarding: marked done, no preferences, still only in the global league', async () => {
    const user = await createVerifiedUser(sys);
    const auth = bearer(user.token);
    const res = await sys.http.post('/api/onboarding/skip/').set(auth).expect(200);
    expect(res.body).toEqual({ message: 'Onboarding skipped. You can choose your country and club later in settings.' });

    const status = await sys.http.get('/api/onboarding/status/').set(auth).expect(200);
    expect(status.body.data).toEqual({ completed_onboarding: true, is_complete: true, has_preferences: false });
    expect((await sys.http.get('/api/onboarding/preferences/').set(auth).expect(200)).body.data).toEqual({ country: null, club: null });
    expect(await leaguesOf(user.id)).toEqual([{ type: 'global', name: `Global League${IN_EPL}` }]);

    // Skipping twice is harmless, and preferences can still be chosen later.
    await sys.http.post('/api/onboarding/skip/').set(auth).expect(200);
    expect(await leaguesOf(user.id)).toEqual([{ type: 'global', name: `Global League${IN_EPL}` }]);
    const celtic = await clubNamed('Celtic FC');
    await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: country('Scotland').id, club_id: celtic.id }).expect(200);
    expect((await leaguesOf(user.id)).map((l) => l.type)).toEqual(['club', 'country', 'global']);
  });

  it("keeps a user's preferences and leagues when they skip after completing", async () => {
    const user = await createVerifiedUser(sys);
    const auth = bearer(user.token);
    const arsenal = await clubNamed('Arsenal FC');
    await sys.http.post('/api/onboarding/complete/').set(auth).send({ country_id: country('England').id, club_id: arsenal.id }).expect(200);
    await sys.http.post('/api/onboarding/skip/').set(auth).expect(200);
    expect((await sys.http.get('/api/onboarding/preferences/').set(auth).expect(200)).body.data.club).toEqual({ id: arsenal.id, name: 'Arsenal FC' });
    expect((await leaguesOf(user.id)).map((l) => l.type)).toEqual(['club', 'country', 'global']);
  });
});
