import { createVerifiedUser } from '../support/factories';
import { connectLive } from '../support/socket-client';
import { startTestSystem, TestSystem } from '../support/test-system';
import { expectErrorShape, expectSecurityHeaders } from './api-helpers';

describe('the edges: headers on every answer, API docs, socket origins', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.close();
  });

  it('answers malformed JSON with 400 in the error shape, with the security headers', async () => {
    const res = await sys.http.post('/api/auth/login/').set('Content-Type', 'application/json').send('{"email": "a@b.c", ');
    expectErrorShape(res, 400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
    expectSecurityHeaders(res);
  });

  it('answers a body over 2 MB with 413 in the error shape, with the security headers', async () => {
    const res = await sys.http
      .post('/api/auth/login/')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024 + 10) }));
    expectErrorShape(res, 413);
    expect(res.body).toEqual({ message: 'The request body is too large.' });
    expectSecurityHeaders(res);
  });

  it('sends the security headers on a 404, a 401 and a success alike', async () => {
    const missing = await sys.http.get('/api/no-such-thing/');
    expectErrorShape(missing, 404);
    expectSecurityHeaders(missing);
    const unauthorized = await sys.http.get('/api/auth/profile/');
    expectErrorShape(unauthorized, 401);
    expectSecurityHeaders(unauthorized);
    expectSecurityHeaders(await sys.http.get('/api/health').expect(200));
  });

  it('serves the API docs in the test environment (API_DOCS defaults on outside production)', async () => {
    const json = await sys.http.get('/api/docs-json').expect(200);
    expect(json.body.info.title).toBe('Scoreline API');
    expectSecurityHeaders(json);
    expect((await sys.http.get('/api/docs/')).status).toBe(200);
  });

  describe('socket handshake origin', () => {
    let token: string;
    beforeAll(async () => {
      token = (await createVerifiedUser(sys)).token;
    });

    it("accepts APP_URL's origin", async () => {
      const socket = await connectLive(sys.baseUrl, token, { origin: 'http://localhost:3999' });
      expect(socket.connected).toBe(true);
      socket.close();
    });

    it('refuses a foreign origin, even with a valid token', async () => {
      await expect(connectLive(sys.baseUrl, token, { origin: 'https://evil.example.net' })).rejects.toThrow('origin not allowed');
      await expect(connectLive(sys.baseUrl, token, { origin: 'http://localhost:4000' })).rejects.toThrow('origin not allowed');
      await expect(connectLive(sys.baseUrl, token, { origin: 'null' })).rejects.toThrow('origin not allowed');
    });

    it('lets a client without an Origin header through (non-browser clients; browsers always send one)', async () => {
      const socket = await connectLive(sys.baseUrl, token);
      expect(socket.connected).toBe(true);
      socket.close();
    });
  });
});
