import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Response } from 'supertest';
import { createVerifiedUser } from '../support/factories';
import { connectLive } from '../support/socket-client';
import { startTestSystem, TestSystem } from '../support/test-system';
import { bearer, expectErrorShape, expectSecurityHeaders } from './api-helpers';

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

  describe('Cache-Control on signed-in answers', () => {
    let fan: Awaited<ReturnType<typeof createVerifiedUser>>;
    beforeAll(async () => {
      fan = await createVerifiedUser(sys);
    });

    it('answers every request with a bearer token no-store: a success, a 401, a 404, a validation error and a malformed body', async () => {
      const auth = bearer(fan.token);
      const answers: [string, Response][] = [
        ['profile', await sys.http.get('/api/auth/profile/').set(auth).expect(200)],
        ['leagues', await sys.http.get('/api/leagues/overview/').set(auth).expect(200)],
        ['bad token', await sys.http.get('/api/auth/profile/').set(bearer('not.a.jwt')).expect(401)],
        ['no route', await sys.http.get('/api/no-such-thing/').set(auth).expect(404)],
        ['invalid', await sys.http.put('/api/auth/profile/').set(auth).send({ first_name: null, last_name: 'Morgan' }).expect(400)],
        ['malformed', await sys.http.put('/api/auth/profile/').set(auth).set('Content-Type', 'application/json').send('{"first_name": ').expect(400)],
      ];
      for (const [what, res] of answers) expect([what, res.headers['cache-control']]).toEqual([what, 'no-store']);
      expectSecurityHeaders(answers[3][1]);
    });

    it('answers no-store wherever a cookie is set or sent: sign-in, renewal, sign-out', async () => {
      const login = await sys.http.post('/api/auth/login/').send({ email: fan.email, password: fan.password }).expect(200);
      expect(login.headers['set-cookie']).toBeDefined();
      expect(login.headers['cache-control']).toBe('no-store');
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const renewed = await sys.http.post('/api/auth/refresh/').set('Cookie', cookie).expect(200);
      expect(renewed.headers['cache-control']).toBe('no-store');
      const signedOut = await sys.http.post('/api/auth/logout/').set('Cookie', String(renewed.headers['set-cookie'] ?? cookie).split(';')[0]);
      expect(signedOut.status).toBeLessThan(300);
      expect(signedOut.headers['cache-control']).toBe('no-store');
    });

    it('leaves public answers to their own caching: the push key, and the calendar feed fetched by its secret URL', async () => {
      const key = await sys.http.get('/api/push/public-key/').expect(200);
      expect(key.headers['cache-control']).toBeUndefined();
      const { url } = (await sys.http.get('/api/calendar/feed/').set(bearer(fan.token)).expect(200)).body.data as { url: string };
      const feed = await sys.http.get(new URL(url).pathname).expect(200);
      expect(feed.headers['cache-control']).toBe('private, no-cache');
      expectSecurityHeaders(feed);
    });
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

    it('refuses a foreign origin, even with a valid token: the websocket upgrade itself fails', async () => {
      await expect(connectLive(sys.baseUrl, token, { origin: 'https://evil.example.net' })).rejects.toThrow('websocket error');
      await expect(connectLive(sys.baseUrl, token, { origin: 'http://localhost:4000' })).rejects.toThrow('websocket error');
      await expect(connectLive(sys.baseUrl, token, { origin: 'null' })).rejects.toThrow('websocket error');
    });

    /** One raw request to the Engine.IO endpoint: the answer's status and body, or 101 for an accepted upgrade. */
    function rawHandshake(transport: 'polling' | 'websocket', origin?: string): Promise<{ status: number; body: string }> {
      const { port } = new URL(sys.baseUrl);
      const headers: Record<string, string> = origin === undefined ? {} : { Origin: origin };
      if (transport === 'websocket') {
        Object.assign(headers, { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') });
      }
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: `/socket.io/?EIO=4&transport=${transport}`, headers });
        req.on('upgrade', (res, socket) => {
          socket.destroy();
          resolve({ status: res.statusCode!, body: '' });
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    }

    it('speaks WebSocket only: a long-polling handshake gets a clear 400 from any origin, ours included, and no session', async () => {
      for (const origin of ['http://localhost:3999', undefined, 'https://evil.example.net']) {
        const refused = await rawHandshake('polling', origin);
        expect([origin, refused.status, JSON.parse(refused.body)]).toEqual([origin, 400, { code: 0, message: 'Transport unknown' }]);
      }
      // The same client over WebSocket connects.
      const socket = await connectLive(sys.baseUrl, token, { origin: 'http://localhost:3999' });
      expect(socket.connected).toBe(true);
      socket.close();
    });

    it('refuses a raw websocket upgrade from a foreign origin with 400, and upgrades ours (101)', async () => {
      const refused = await rawHandshake('websocket', 'https://evil.example.net');
      expect(refused.status).toBe(400);
      expect(refused.body).toBe('origin not allowed');
      expect((await rawHandshake('websocket', 'http://localhost:3999')).status).toBe(101);
    });

    it('lets a client without an Origin header through (non-browser clients; browsers always send one)', async () => {
      const socket = await connectLive(sys.baseUrl, token);
      expect(socket.connected).toBe(true);
      socket.close();
    });
  });
});
