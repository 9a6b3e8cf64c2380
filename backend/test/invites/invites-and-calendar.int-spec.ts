import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INVITE_REPLACED, INVITE_REPLACED_MESSAGE } from '@scoreline/contracts/api/invites';
import type { CalendarFeedSettings } from '@scoreline/contracts/api/calendar';
import { call, expectErrorShape, fireAtOnce, statusCounts } from '../support/concurrency';
import { bearer, grantAdminRole, seasonSlice } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { fastUser, type FastUser } from '../leagues/league-test-helpers';

jest.setTimeout(60_000);

const INDEX = `<!doctype html><html lang="en"><head>
<meta name="description" content="Scoreline — predict every match." />
<title>Scoreline — Football Score Predictions</title>
</head><body><div id="root"></div></body></html>`;

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
/** A calendar client's view: unfolded lines (RFC 5545 §3.1). */
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');
/** The VEVENT with this UID, as its lines. */
function eventOf(text: string, uid: string): string[] {
  const lines = icsLines(text);
  const at = lines.indexOf(`UID:${uid}`);
  if (at < 0) return [];
  return lines.slice(lines.lastIndexOf('BEGIN:VEVENT', at), lines.indexOf('END:VEVENT', at) + 1);
}

/**
 * Issue 13 §3 and §4 against the real API: invite link pages with their preview card (built only
 * from what the link may reveal), code rotation under races and the replaced link's message, and
 * the personal calendar feed (content, rotation, a moved fixture).
 */
describe('invite links and the calendar feed', () => {
  let sys: TestSystem;
  let dist: string;
  const before = process.env.FRONTEND_DIST;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'scoreline-invite-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    process.env.FRONTEND_DIST = dist;
    sys = await startTestSystem();
  });

  afterAll(async () => {
    // Suites share the run's database: leave no active season behind.
    await sys?.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    await sys?.close();
    if (before === undefined) delete process.env.FRONTEND_DIST;
    else process.env.FRONTEND_DIST = before;
    rmSync(dist, { recursive: true, force: true });
  });

  async function createLeague(owner: FastUser, body: Record<string, unknown>): Promise<{ id: number; code: string | null }> {
    const res = await sys.http.post('/api/leagues/').set(owner.auth).send(body).expect(201);
    return res.body.data as { id: number; code: string | null };
  }

  describe('invite links', () => {
    let owner: FastUser;
    let privateLeague: { id: number; code: string };
    let publicLeague: { id: number };

    beforeAll(async () => {
      owner = await fastUser(sys, 'Zelda', 'Secretowner');
      privateLeague = (await createLeague(owner, { name: 'Office <Predictors> & "Friends"', type: 'private', description: 'Hidden plans' })) as { id: number; code: string };
      const member = await fastUser(sys, 'Marvin', 'Hiddenmember');
      await sys.http.post('/api/leagues/join/').set(member.auth).send({ type: 'private', code: privateLeague.code }).expect(200);
      const [request]: { id: number }[] = await sys.db.query(`SELECT user_id AS id FROM league_requests WHERE league_id = $1`, [privateLeague.id]);
      await sys.http.post(`/api/leagues/${privateLeague.id}/approve-request/${request.id}/`).set(owner.auth).expect(200);
      publicLeague = await createLeague(owner, { name: 'Open Doors', type: 'public', description: 'Everyone welcome' });
    });

    it("previews a private league's link with its escaped name and member count, never a member's name or the description", async () => {
      const res = await sys.http.get(`/join/${privateLeague.code.toLowerCase()}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.text;
      expect(meta(html, 'og:title')).toBe('Join Office &lt;Predictors&gt; &amp; &quot;Friends&quot; on Scoreline');
      expect(meta(html, 'og:description')).toContain('2 members');
      expect(meta(html, 'og:image')).toBe('http://localhost:3999/og-invite.png');
      expect(meta(html, 'og:url')).toBe(`http://localhost:3999/join/${privateLeague.code.toLowerCase()}`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(html).not.toContain('<Predictors>');
      for (const secret of ['Zelda', 'Secretowner', 'Marvin', 'Hiddenmember', 'Hidden plans']) expect(html).not.toContain(secret);
      expect(html).not.toContain(`/leagues/${privateLeague.id}`);
      expect(html).toContain('<div id="root"></div>');

      const api = await sys.http.get(`/api/invites/code/${privateLeague.code}/`).expect(200);
      expect(api.body.data).toEqual({ kind: 'private', name: 'Office <Predictors> & "Friends"', member_count: 2, league_id: null, description: null });
    });

    it('previews a public league with its description, and answers generic tags for unknown links', async () => {
      const html = (await sys.http.get(`/leagues/${publicLeague.id}/join`).expect(200)).text;
      expect(meta(html, 'og:title')).toBe('Join Open Doors on Scoreline');
      expect(meta(html, 'og:description')).toBe('A public prediction league with 1 member. Everyone welcome');
      for (const path of ['/join/NOSUCH22', '/join/%3Cscript%3E', `/leagues/${privateLeague.id}/join`, '/leagues/999999/join']) {
        const page = await sys.http.get(path).expect(200);
        expect([path, meta(page.text, 'og:title')]).toEqual([path, 'Join a league on Scoreline']);
        expect(page.text).not.toContain('Office');
      }
      await sys.http.get('/api/invites/code/NOSUCH22/').expect(404);
      await sys.http.get(`/api/invites/league/${privateLeague.id}/`).expect(404);
      expect((await sys.http.get(`/api/invites/league/${publicLeague.id}/`).expect(200)).body.data).toMatchObject({ kind: 'public', league_id: publicLeague.id, member_count: 1 });
    });

    it('rotates the code once for N simultaneous clicks; the old link says it was replaced, in the page, the preview and the join', async () => {
      const old = privateLeague.code;
      const N = 8;
      const answers = await fireAtOnce(Array.from({ length: N }, () => () => call(sys.baseUrl, 'POST', `/api/leagues/${privateLeague.id}/regenerate-code/`, owner.token, { replaces: old })));
      expectErrorShape(answers);
      expect(statusCounts(answers)).toEqual({ 200: N });
      const codes = new Set(answers.map((a) => (a.body.data as { code: string }).code));
      expect(codes.size).toBe(1);
      const [fresh] = [...codes];
      expect(fresh).not.toBe(old);
      const [{ retired }]: { retired: number }[] = await sys.db.query(`SELECT count(*)::int AS retired FROM league_retired_codes WHERE league_id = $1`, [privateLeague.id]);
      expect(retired).toBe(1);

      const joiner = await fastUser(sys, 'Late', 'Comer');
      const join = await sys.http.post('/api/leagues/join/').set(joiner.auth).send({ type: 'private', code: old }).expect(410);
      expect(join.body).toMatchObject({ message: INVITE_REPLACED_MESSAGE, detail: INVITE_REPLACED });
      const preview = await sys.http.get(`/api/invites/code/${old}/`).expect(410);
      expect(preview.body.detail).toBe(INVITE_REPLACED);
      const page = await sys.http.get(`/join/${old}`).expect(200);
      expect(meta(page.text, 'og:title')).toBe('This Scoreline invite link was replaced');
      expect(page.text).not.toContain('Office');
      // The new code works.
      await sys.http.post('/api/leagues/join/').set(joiner.auth).send({ type: 'private', code: fresh }).expect(200);
      privateLeague.code = fresh;
    });

    it('two rotations without `replaces` both rotate, one after the other, and both old codes say replaced', async () => {
      const first = privateLeague.code;
      const answers = await fireAtOnce([0, 1].map(() => () => call(sys.baseUrl, 'POST', `/api/leagues/${privateLeague.id}/regenerate-code/`, owner.token)));
      expect(statusCounts(answers)).toEqual({ 200: 2 });
      const [{ code }]: { code: string }[] = await sys.db.query(`SELECT code FROM leagues WHERE id = $1`, [privateLeague.id]);
      const issued = answers.map((a) => (a.body.data as { code: string }).code);
      expect(issued).toContain(code);
      for (const stale of [first, ...issued.filter((c) => c !== code)]) await sys.http.get(`/api/invites/code/${stale}/`).expect(410);
      await sys.http.get(`/api/invites/code/${code}/`).expect(200);
      privateLeague.code = code;
    });

    it('refuses rotation by a non-owner and a malformed replaces, changing nothing', async () => {
      const stranger = await fastUser(sys, 'Sly', 'Stranger');
      await sys.http.post(`/api/leagues/${privateLeague.id}/regenerate-code/`).set(stranger.auth).send({}).expect(404);
      const bad = await sys.http.post(`/api/leagues/${privateLeague.id}/regenerate-code/`).set(owner.auth).send({ replaces: 'X'.repeat(20) }).expect(400);
      expect(bad.body.errors.replaces).toBeDefined();
      const [{ code }]: { code: string }[] = await sys.db.query(`SELECT code FROM leagues WHERE id = $1`, [privateLeague.id]);
      expect(code).toBe(privateLeague.code);
    });
  });

  describe('the calendar feed', () => {
    let fan: FastUser;
    let settings: CalendarFeedSettings;
    let fixture: { id: number; home_club_id: number; gameweek_id: number; kickoff_at: Date };

    const feedPath = (s: CalendarFeedSettings) => new URL(s.url).pathname;

    beforeAll(async () => {
      const admin = await fastUser(sys, 'Ada', 'Admin');
      await grantAdminRole(sys, admin.id);
      await sys.http.post('/api/admin/seasons/import').set(bearer(admin.token)).send({ season: seasonSlice('2024-25/en.1.json', [1, 2], 'English Premier League 2089/90') }).expect(201);
      [fixture] = await sys.db.query(
        `SELECT f.id, f.home_club_id, f.gameweek_id, f.kickoff_at FROM fixtures f JOIN seasons s ON s.id = f.season_id AND s.is_active
         JOIN gameweeks g ON g.id = f.gameweek_id WHERE g.number = 1 ORDER BY f.kickoff_at, f.id LIMIT 1`,
      );
      fan = await fastUser(sys, 'Cal', 'Endar');
      await sys.db.query(`UPDATE users SET club_id = $2 WHERE id = $1`, [fan.id, fixture.home_club_id]);
      settings = (await sys.http.get('/api/calendar/feed/').set(fan.auth).expect(200)).body.data;
    });

    it('gives each fan a secret https and webcal URL, the same on every read', async () => {
      expect(settings.url).toMatch(/^http:\/\/localhost:3999\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(settings.webcal_url).toBe(settings.url.replace('http://', 'webcal://'));
      expect(settings.include_club_kickoffs).toBe(true);
      expect((await sys.http.get('/api/calendar/feed/').set(fan.auth).expect(200)).body.data).toEqual(settings);
      await sys.http.get('/api/calendar/feed/').expect(401);
    });

    it("serves every gameweek deadline with a one-hour alarm and the club's kick-offs, as RFC 5545 text", async () => {
      const res = await sys.http.get(feedPath(settings)).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const text = res.text;
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const gameweeks: { id: number; starts_at: Date }[] = await sys.db.query(
        `SELECT g.id, g.starts_at FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active ORDER BY g.number`,
      );
      expect(gameweeks).toHaveLength(2);
      for (const g of gameweeks) {
        const event = eventOf(text, `gameweek-${g.id}-deadline@localhost`);
        expect(event).toContain(`DTSTART:${new Date(g.starts_at).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}`);
        // One hour before (ical-generator writes the duration as -PT1H).
        expect(event).toEqual(expect.arrayContaining(['BEGIN:VALARM', 'TRIGGER:-PT1H', 'ACTION:DISPLAY']));
      }
      const [{ n }]: { n: number }[] = await sys.db.query(
        `SELECT count(*)::int AS n FROM fixtures f JOIN seasons s ON s.id = f.season_id AND s.is_active WHERE $1 IN (f.home_club_id, f.away_club_id)`,
        [fixture.home_club_id],
      );
      expect(icsLines(text).filter((l) => /^UID:fixture-\d+@localhost$/.test(l))).toHaveLength(n);
      expect(eventOf(text, `fixture-${fixture.id}@localhost`)).toContain('SEQUENCE:0');

      await sys.http.put('/api/calendar/feed/').set(fan.auth).send({ include_club_kickoffs: false }).expect(200);
      expect((await sys.http.get(feedPath(settings)).expect(200)).text).not.toContain('UID:fixture-');
      await sys.http.put('/api/calendar/feed/').set(fan.auth).send({ include_club_kickoffs: 'yes' }).expect(400);
      await sys.http.put('/api/calendar/feed/').set(fan.auth).send({ include_club_kickoffs: true }).expect(200);
    });

    it('moves the event when its fixture moves: new time, higher SEQUENCE, same UID, for the match and the deadline', async () => {
      const admin = await fastUser(sys, 'Ada', 'Again');
      await grantAdminRole(sys, admin.id);
      const earlier = new Date(new Date(fixture.kickoff_at).getTime() - 3 * 3600_000);
      await sys.http.patch(`/api/admin/fixtures/${fixture.id}`).set(bearer(admin.token)).send({ match_time: earlier.toISOString() }).expect(200);
      const text = (await sys.http.get(feedPath(settings)).expect(200)).text;
      const stamp = earlier.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
      const match = eventOf(text, `fixture-${fixture.id}@localhost`);
      expect(match).toEqual(expect.arrayContaining([`DTSTART:${stamp}`, 'SEQUENCE:1']));
      const deadline = eventOf(text, `gameweek-${fixture.gameweek_id}-deadline@localhost`);
      expect(deadline).toEqual(expect.arrayContaining([`DTSTART:${stamp}`, 'SEQUENCE:1']));
      const modified = deadline.find((l) => l.startsWith('LAST-MODIFIED:'))!;
      expect(Date.now() - Date.parse(modified.slice(14).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'))).toBeLessThan(60_000);
    });

    it('rotation revokes the old URL at once; two rotations at once with replaces make one new URL', async () => {
      const answers = await fireAtOnce([0, 1, 2].map(() => () => call(sys.baseUrl, 'POST', '/api/calendar/feed/rotate/', fan.token, { replaces: settings.url })));
      expect(statusCounts(answers)).toEqual({ 200: 3 });
      const urls = new Set(answers.map((a) => (a.body.data as CalendarFeedSettings).url));
      expect(urls.size).toBe(1);
      const [fresh] = [...urls];
      expect(fresh).not.toBe(settings.url);
      const gone = await sys.http.get(feedPath(settings)).expect(404);
      expect(gone.body.message).toMatch(/No calendar feed/);
      await sys.http.get(new URL(fresh).pathname).expect(200);
      await sys.http.get('/api/calendar/not-a-token.ics').expect(404);
      await sys.http.post('/api/calendar/feed/rotate/').set(fan.auth).send({ replaces: 'nonsense' }).expect(400);
    });
  });
});
