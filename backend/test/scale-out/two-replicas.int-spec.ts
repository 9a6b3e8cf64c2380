import { JwtService } from '@nestjs/jwt';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import type { Fixture } from '@scoreline/contracts/api/fixtures';
import { seasonSlice } from '../support/game-factories';
import { AppProcess, settleAcrossProcesses, startAppProcess, waitForHealth } from '../support/processes';
import { connectLive, LiveClient } from '../support/socket-client';
import { freePort } from '../support/owned-processes';


/**
 * Production's shape on one machine: two API replicas and two workers, separate processes of
 * the real build, sharing Postgres and Redis. A result posted to replica 2 must reach a socket
 * on replica 1 — exactly once — and nobody outside the league.
 */
describe('two API replicas and two workers', () => {
  const processes: AppProcess[] = [];
  const sockets: LiveClient[] = [];
  let db: DataSource;
  let api1: string;
  let api2: string;
  const jwt = new JwtService({ secret: process.env.JWT_SECRET });

  async function user(name: string, role: 'user' | 'admin' = 'user') {
    const username = `${name}_${Date.now().toString(36)}`;
    const [{ id }]: { id: number }[] = await db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at, role)
       VALUES ($1, $2, $3, 'Replica', 'x', now(), now(), $4) RETURNING id`,
      [username, `${username}@example.com`, name, role],
    );
    const token = jwt.sign({ sub: id, tv: 0, username }, { expiresIn: '1h' }); // a token without exp is refused
    return { id, username, token, auth: { Authorization: `Bearer ${token}` } };
  }

  async function status(base: string, method: string, path: string, auth: Record<string, string>, body?: unknown): Promise<number> {
    const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...auth }, body: body === undefined ? undefined : JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  }

  async function call<T = unknown>(base: string, method: string, path: string, auth: Record<string, string>, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...auth },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: unknown; message?: string };
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${json.message}`);
    return json.data as T;
  }

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    const [port1, port2] = [await freePort(), await freePort()];
    api1 = `http://127.0.0.1:${port1}`;
    api2 = `http://127.0.0.1:${port2}`;
    const backend1 = startAppProcess('backend', { PORT: String(port1) });
    const backend2 = startAppProcess('backend', { PORT: String(port2) });
    processes.push(backend1, backend2, startAppProcess('workers', {}), startAppProcess('workers', {}));
    await Promise.all([waitForHealth(api1, backend1), waitForHealth(api2, backend2)]);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all(processes.map((p) => p.stop()));
    await db.query(`UPDATE seasons SET is_active = false WHERE name LIKE '%2061/62%'`);
    await db.destroy();
  });

  it('delivers leaderboard.updated and points.updated caused on replica 2 to sockets on both replicas, once each, and only to the league', async () => {
    const admin = await user('admin', 'admin');
    const fan = await user('fan');
    const rival = await user('rival');
    const stranger = await user('stranger');

    // A season on replica 2, predictions on replica 2.
    await call(api2, 'POST', '/api/admin/seasons/import', admin.auth, {
      season: seasonSlice('2024-25/en.1.json', [1, 2, 3], 'English Premier League 2061/62'),
      shift_to_now: true,
    });
    const { fixtures } = await call<{ fixtures: Fixture[] }>(api2, 'GET', '/api/fixtures/current/', fan.auth);
    const fixture = fixtures[0];
    const predictions = fixtures.map((f) => ({ fixture: f.id, home_score: 2, away_score: 1, is_banker: f.id === fixture.id }));
    await call(api2, 'POST', '/api/predictions/', fan.auth, { predictions });
    await call(api2, 'POST', '/api/predictions/', rival.auth, { predictions: predictions.map((p) => ({ ...p, home_score: 0, away_score: 0 })) });

    const league = await call<{ id: number }>(api2, 'POST', '/api/leagues/', fan.auth, { name: 'Replica Rovers', type: 'public' });
    await call(api2, 'POST', '/api/leagues/join/', rival.auth, { type: 'public', league_id: league.id });
    const otherLeague = await call<{ id: number }>(api2, 'POST', '/api/leagues/', stranger.auth, { name: 'Elsewhere FC', type: 'public' });
    await settleAcrossProcesses(db);

    // The fan and the stranger on replica 1, the rival on replica 2: each replica delivers the
    // per-user pushes to its own sockets.
    const fanSocket = await connectLive(api1, fan.token);
    const strangerSocket = await connectLive(api1, stranger.token);
    const rivalSocket = await connectLive(api2, rival.token);
    sockets.push(fanSocket, strangerSocket, rivalSocket);

    await call(api2, 'PUT', `/api/admin/fixtures/${fixture.id}/result`, admin.auth, { home_score: 2, away_score: 1, status: 'finished' });

    const board = await fanSocket.waitFor('leaderboard.updated', (p) => p.leagueId === league.id);
    expect(board.changed.length + (board.truncated ? 1 : 0)).toBeGreaterThan(0);
    const points = await fanSocket.waitFor('points.updated', (p) => p.fixtureId === fixture.id);
    expect(points).toMatchObject({ points: 40, outcome: 'exact', provisional: false, gameweekTotal: 40, seasonTotal: 40 });
    const rivalPoints = await rivalSocket.waitFor('points.updated', (p) => p.fixtureId === fixture.id);
    expect(rivalPoints).toMatchObject({ points: 0, outcome: 'wrong', provisional: false, gameweekTotal: 0, seasonTotal: 0 });
    await rivalSocket.waitFor('leaderboard.updated', (p) => p.leagueId === league.id);
    await settleAcrossProcesses(db);
    await new Promise((r) => setTimeout(r, 1500)); // any duplicate would have arrived by now

    const count = (s: LiveClient, event: string, match: (p: Record<string, unknown>) => boolean) =>
      s.received.filter((r) => r.event === event && match(r.payload as Record<string, unknown>)).length;
    expect(count(fanSocket, 'leaderboard.updated', (p) => p.leagueId === league.id)).toBe(1);
    expect(count(fanSocket, 'points.updated', (p) => p.fixtureId === fixture.id)).toBe(1);
    expect(count(rivalSocket, 'points.updated', () => true)).toBe(1);
    expect(count(rivalSocket, 'leaderboard.updated', (p) => p.leagueId === league.id)).toBe(1);
    expect(count(strangerSocket, 'leaderboard.updated', (p) => p.leagueId === league.id)).toBe(0);
    expect(count(strangerSocket, 'points.updated', () => true)).toBe(0);
    expect(count(fanSocket, 'leaderboard.updated', (p) => p.leagueId === otherLeague.id)).toBe(0);
  });

  it('ends a session on replica 1, its open socket included, as soon as its password is changed on replica 2, and counts a granted admin role at once', async () => {
    const fan = await user('session');
    await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [fan.id, await argon2.hash('first-pass-123')]);
    // Replica 1 has seen (and remembers) the token, and so has replica 2.
    expect(await status(api1, 'GET', '/api/auth/profile/', fan.auth)).toBe(200);
    expect(await status(api2, 'GET', '/api/auth/profile/', fan.auth)).toBe(200);
    const oldSocket = await connectLive(api1, fan.token);
    sockets.push(oldSocket);
    const closed = new Promise<string>((resolve) => oldSocket.once('disconnect', (reason) => resolve(reason)));

    const changed = await fetch(`${api2}/api/auth/change-password/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fan.auth },
      body: JSON.stringify({ current_password: 'first-pass-123', new_password: 'second-pass-456', new_password_confirm: 'second-pass-456' }),
    });
    expect(changed.status).toBe(200);
    const fresh = ((await changed.json()) as { data: { tokens: { access: string } } }).data.tokens.access;
    expect(await status(api2, 'GET', '/api/auth/profile/', fan.auth)).toBe(401);
    // The other replica hears of it through Redis within moments, far inside the cache's 10 s.
    const started = Date.now();
    while ((await status(api1, 'GET', '/api/auth/profile/', fan.auth)) !== 401) {
      if (Date.now() - started > 1000) throw new Error('replica 1 still accepts the revoked token after 1 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await status(api1, 'GET', '/api/auth/profile/', { Authorization: `Bearer ${fresh}` })).toBe(200);
    // Its open socket on replica 1 is closed by the server; the fresh token connects.
    const reason = await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open after 2 s'), 2000))]);
    expect(reason).toBe('io server disconnect');
    const freshSocket = await connectLive(api1, fresh);
    sockets.push(freshSocket);
    expect(freshSocket.connected).toBe(true);
    await expect(connectLive(api1, fan.token)).rejects.toThrow('unauthorized');

    // The role is not cached with the token: granting it works on the next call.
    // (A non-admin gets 404 from an admin call, as if it did not exist; the audit list answers any admin.)
    expect(await status(api1, 'GET', '/api/admin/audit/', { Authorization: `Bearer ${fresh}` })).toBe(404);
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [fan.id]);
    expect(await status(api1, 'GET', '/api/admin/audit/', { Authorization: `Bearer ${fresh}` })).toBe(200);
    await db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [fan.id]);
    expect(await status(api1, 'GET', '/api/admin/audit/', { Authorization: `Bearer ${fresh}` })).toBe(404);
  });
});
