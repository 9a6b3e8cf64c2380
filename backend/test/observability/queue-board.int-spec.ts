import { QUEUES } from '@scoreline/backend/platform/outbox/event-routes';
import { expectErrorShape } from '../api/api-helpers';
import { grantAdminRole } from '../support/game-factories';
import { fastUser } from '../leagues/league-test-helpers';
import { startTestSystem, TestSystem } from '../support/test-system';

describe('Bull Board for admins', () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  /** The cookie a session call set, as a Cookie header value. */
  const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

  it('turns anonymous visitors away with 401 in the error shape, at the page and at the session call', async () => {
    expectErrorShape(await sys.http.get('/api/admin/queues/').expect(401), 401);
    expectErrorShape(await sys.http.get('/api/admin/queues/api/queues').expect(401), 401);
    expectErrorShape(await sys.http.get('/api/admin/queues/').set('Cookie', 'scoreline_queue_board=not-a-token').expect(401), 401);
    expectErrorShape(await sys.http.post('/api/admin/queues/session').expect(401), 401);
  });

  it('refuses a non-admin a session (404, as if there were none), and refuses an access token passed off as the board cookie', async () => {
    const fan = await fastUser(sys, 'Nora', 'Nonadmin');
    expectErrorShape(await sys.http.post('/api/admin/queues/session').set(fan.auth).expect(404), 404);
    expectErrorShape(await sys.http.get('/api/admin/queues/').set('Cookie', `scoreline_queue_board=${fan.token}`).expect(401), 401);
  });

  it('gives an admin a short-lived HttpOnly SameSite=Strict cookie that opens the board listing every queue', async () => {
    const admin = await fastUser(sys, 'Ada', 'Admin');
    await grantAdminRole(sys, admin.id);
    const session = await sys.http.post('/api/admin/queues/session').set(admin.auth).expect(200);
    expect(session.body.data).toEqual({ url: '/api/admin/queues/', expires_in: 900 });
    const setCookie = String(session.headers['set-cookie']);
    expect(setCookie).toMatch(/^scoreline_queue_board=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/admin\/queues; Max-Age=900; HttpOnly; SameSite=Strict/);
    const cookie = cookieFrom(session.headers['set-cookie']);

    const page = await sys.http.get('/api/admin/queues/').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.text).toContain('Scoreline queues');
    const script = page.text.match(/<script defer src="(static\/js\/[^"]+\.js)"/)![1];
    await sys.http.get(`/api/admin/queues/${script}`).set('Cookie', cookie).expect(200).expect('content-type', /javascript/);

    const listing = await sys.http.get('/api/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    const names = (listing.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual([...QUEUES].sort());

    // The board cookie is no bearer token: it cannot call the API as the admin.
    const boardToken = cookie.split('=')[1];
    expectErrorShape(await sys.http.get('/api/admin/fixtures/').set('Authorization', `Bearer ${boardToken}`).expect(401), 401);
  });

  it('re-reads the role on every board request: a withdrawn admin finds nothing at once (404)', async () => {
    const admin = await fastUser(sys, 'Wanda', 'Withdrawn');
    await grantAdminRole(sys, admin.id);
    const session = await sys.http.post('/api/admin/queues/session').set(admin.auth).expect(200);
    const cookie = cookieFrom(session.headers['set-cookie']);
    await sys.http.get('/api/admin/queues/api/queues').set('Cookie', cookie).expect(200);

    await sys.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [admin.id]);
    expectErrorShape(await sys.http.get('/api/admin/queues/api/queues').set('Cookie', cookie).expect(404), 404);
  });
});
