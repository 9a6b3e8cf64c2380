import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCE_SETTINGS,
  type UserPreferences,
} from '@scoreline/contracts/api/preferences';
import { bearer, expectErrorShape } from '../api/api-helpers';
import { createVerifiedUser } from '../support/factories';
import { insertVerifiedUsers } from '../support/game-factories';
import { startTestSystem, TestSystem } from '../support/test-system';

jest.setTimeout(60_000);

const DEFAULTS: UserPreferences = { preferences: DEFAULT_PREFERENCE_SETTINGS, notifications: DEFAULT_NOTIFICATION_SETTINGS };

describe('user preferences (Settings → Notifications and Preferences)', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  const read = (token: string) => sys.http.get('/api/auth/preferences/').set(bearer(token));
  const save = (token: string, body: unknown) => sys.http.put('/api/auth/preferences/').set(bearer(token)).send(body as object);
  const storedRow = async (userId: number) =>
    sys.db.query(`SELECT theme, language, timezone, notify_gameweek_deadlines, notify_league_updates, notify_match_results,
                         notify_weekly_digest, updated_at FROM user_preferences WHERE user_id = $1`, [userId]);

  it('answers the defaults for a user who never saved any, without writing a row', async () => {
    const user = await createVerifiedUser(sys);
    const res = await read(user.token).expect(200);
    expect(res.body).toEqual({ data: DEFAULTS });
    expect(await storedRow(user.id)).toEqual([]);
    // Without the trailing slash too (API convention).
    expect((await sys.http.get('/api/auth/preferences').set(bearer(user.token)).expect(200)).body).toEqual({ data: DEFAULTS });
  });

  it('merges each partial save into what is stored and answers the whole', async () => {
    const [user] = await insertVerifiedUsers(sys, 1, 'prefs');

    const first = await save(user.token, { preferences: { timezone: 'EST' } }).expect(200);
    expect(first.body).toEqual({
      message: 'Settings saved.',
      data: { preferences: { ...DEFAULT_PREFERENCE_SETTINGS, timezone: 'EST' }, notifications: DEFAULT_NOTIFICATION_SETTINGS },
    });

    const second = await save(user.token, { notifications: { matchResults: true, weeklyDigest: false } }).expect(200);
    const expected: UserPreferences = {
      preferences: { ...DEFAULT_PREFERENCE_SETTINGS, timezone: 'EST' },
      notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, matchResults: true, weeklyDigest: false },
    };
    expect(second.body.data).toEqual(expected);

    const third = await save(user.token, { preferences: { theme: 'light', language: 'de' }, notifications: { gameweekDeadlines: false } }).expect(200);
    expected.preferences = { theme: 'light', language: 'de', timezone: 'EST' };
    expected.notifications.gameweekDeadlines = false;
    expect(third.body.data).toEqual(expected);

    // An empty change (or empty objects) keeps everything.
    expect((await save(user.token, {}).expect(200)).body.data).toEqual(expected);
    expect((await save(user.token, { preferences: {}, notifications: {} }).expect(200)).body.data).toEqual(expected);

    // What a later read (another device) sees, and what the row holds.
    expect((await read(user.token).expect(200)).body).toEqual({ data: expected });
    const [row] = await storedRow(user.id);
    expect(row).toMatchObject({
      theme: 'light',
      language: 'de',
      timezone: 'EST',
      notify_gameweek_deadlines: false,
      notify_league_updates: true,
      notify_match_results: true,
      notify_weekly_digest: false,
    });
  });

  it('refuses bad values, wrong types and unknown fields with field errors, and writes nothing', async () => {
    const [user] = await insertVerifiedUsers(sys, 1, 'prefsbad');
    await save(user.token, { preferences: { theme: 'light' } }).expect(200);
    const [before] = await storedRow(user.id);

    const cases: { body: unknown; field: string }[] = [
      { body: { preferences: { theme: 'neon' } }, field: 'preferences.theme' },
      { body: { preferences: { language: 'pt' } }, field: 'preferences.language' },
      { body: { preferences: { timezone: 'Europe/Paris' } }, field: 'preferences.timezone' },
      { body: { preferences: { timezone: null } }, field: 'preferences.timezone' },
      { body: { preferences: { theme: 1 } }, field: 'preferences.theme' },
      { body: { notifications: { matchResults: 'yes' } }, field: 'notifications.matchResults' },
      { body: { notifications: { weeklyDigest: 1 } }, field: 'notifications.weeklyDigest' },
      { body: { notifications: { weeklyDigest: null } }, field: 'notifications.weeklyDigest' },
      { body: { preferences: 'dark' }, field: 'preferences' },
      { body: { preferences: ['light'] }, field: 'preferences' },
      { body: { notifications: null }, field: 'notifications' },
      { body: { theme: 'light' }, field: 'theme' },
      { body: { preferences: { theme: 'dark', fontSize: 12 } }, field: 'preferences.fontSize' },
      { body: { notifications: { sms: true } }, field: 'notifications.sms' },
      // One bad field spoils the whole change: the good one is not saved either.
      { body: { preferences: { theme: 'dark' }, notifications: { leagueUpdates: 'no' } }, field: 'notifications.leagueUpdates' },
    ];
    for (const { body, field } of cases) {
      const res = await save(user.token, body);
      expectErrorShape(res, 400);
      expect({ body, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ body, fields: [field] });
    }
    // The messages say what is allowed.
    const messageOf = async (body: unknown) => (await save(user.token, body)).body.message;
    expect(await messageOf({ preferences: { theme: 'neon' } })).toBe('theme must be one of: dark, light, auto.');
    expect(await messageOf({ preferences: { timezone: 'CET' } })).toBe('timezone must be one of: local, UTC, GMT, EST, PST.');
    expect(await messageOf({ notifications: { matchResults: 'yes' } })).toBe('matchResults must be true or false.');
    expect(await messageOf({ preferences: 'dark' })).toBe('preferences must be an object.');
    expect(await messageOf({ notifications: { sms: true } })).toBe('notifications.sms is not an allowed field.');

    const array = await save(user.token, [{ preferences: { theme: 'dark' } }]);
    expectErrorShape(array, 400);

    expect(await storedRow(user.id)).toEqual([before]);
    expect((await read(user.token).expect(200)).body.data.preferences.theme).toBe('light');
  });

  it('asks for a valid token on both calls and writes nothing without one', async () => {
    const before = await sys.db.query(`SELECT count(*)::int AS n FROM user_preferences`);
    expectErrorShape(await sys.http.get('/api/auth/preferences/'), 401);
    expectErrorShape(await sys.http.put('/api/auth/preferences/').send({ preferences: { theme: 'light' } }), 401);
    expectErrorShape(await sys.http.put('/api/auth/preferences/').set(bearer('not-a-token')).send({ preferences: { theme: 'light' } }), 401);
    expect(await sys.db.query(`SELECT count(*)::int AS n FROM user_preferences`)).toEqual(before);
  });

  it("keeps each user's settings to that user", async () => {
    const [alice, bob] = await insertVerifiedUsers(sys, 2, 'prefspair');
    await save(alice.token, { preferences: { theme: 'light', language: 'fr', timezone: 'PST' }, notifications: { leagueUpdates: false } }).expect(200);

    expect((await read(bob.token).expect(200)).body).toEqual({ data: DEFAULTS });
    await save(bob.token, { preferences: { timezone: 'GMT' } }).expect(200);

    expect((await read(alice.token).expect(200)).body.data).toEqual({
      preferences: { theme: 'light', language: 'fr', timezone: 'PST' },
      notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, leagueUpdates: false },
    });
    expect((await read(bob.token).expect(200)).body.data).toEqual({
      preferences: { ...DEFAULT_PREFERENCE_SETTINGS, timezone: 'GMT' },
      notifications: DEFAULT_NOTIFICATION_SETTINGS,
    });
    // A user_id in the body is an unknown field, not a way to write someone else's row.
    expectErrorShape(await save(bob.token, { user_id: alice.id, preferences: { theme: 'dark' } }), 400);
    expect((await read(alice.token).expect(200)).body.data.preferences.theme).toBe('light');
  });

  it('documents both calls in the OpenAPI description', async () => {
    const doc = await sys.http.get('/api/docs-json').expect(200);
    const path = doc.body.paths['/api/auth/preferences'] ?? doc.body.paths['/api/auth/preferences/'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(path.put.requestBody)).toContain('UpdatePreferencesDto');
    expect(JSON.stringify(path.get.responses['200'])).toContain('UserPreferencesDto');
    const schemas = doc.body.components.schemas;
    expect(schemas.PreferenceSettingsDto.properties.timezone.enum).toEqual(['local', 'UTC', 'GMT', 'EST', 'PST']);
    expect(Object.keys(schemas.NotificationSettingsDto.properties).sort()).toEqual(['gameweekDeadlines', 'leagueUpdates', 'matchResults', 'weeklyDigest']);
  });
});
