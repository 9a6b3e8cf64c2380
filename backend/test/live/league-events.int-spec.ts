import { fastUser } from '../leagues/league-test-helpers';
import { connectLive, LiveClient } from '../support/socket-client';
import { startTestSystem, TestSystem } from '../support/test-system';

describe('live league events follow membership', () => {
  let sys: TestSystem;
  const sockets: LiveClient[] = [];
  const open = async (token: string) => {
    const socket = await connectLive(sys.baseUrl, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await sys.close();
  });

  it('tells the owner of a request at once, the requester of the decision, and moves the rooms with membership', async () => {
    const owner = await fastUser(sys, 'Olive', 'Owner');
    const fan = await fastUser(sys, 'Finn', 'Fan');
    const outsider = await fastUser(sys, 'Otto', 'Outsider');
    const ownerSocket = await open(owner.token);
    const fanSocket = await open(fan.token);
    const outsiderSocket = await open(outsider.token);

    const created = await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Pub Quiz XI', type: 'private', max_members: 10 }).expect(201);
    const league = created.body.data;

    await sys.http.post('/api/leagues/join/').set(fan.auth).send({ type: 'private', code: ` ${league.code.toLowerCase()} `, message: 'Let me in!' }).expect(200);
    const request = await ownerSocket.waitFor('request.created', (p) => p.leagueId === league.id);
    expect(request).toMatchObject({ leagueName: 'Pub Quiz XI', userId: fan.id, username: fan.username, fullName: 'Finn Fan', message: 'Let me in!' });

    await sys.http.post(`/api/leagues/${league.id}/approve-request/${fan.id}/`).set(owner.auth).expect(200);
    await expect(fanSocket.waitFor('request.decided', (p) => p.leagueId === league.id)).resolves.toMatchObject({ decision: 'approved' });

    // Once in the league's room, the fan sees the league's pushes: the owner sees the fan arrive.
    await ownerSocket.waitFor('member.joined', (p) => p.leagueId === league.id && p.userId === fan.id);
    await ownerSocket.waitFor('leaderboard.updated', (p) => p.leagueId === league.id);
    await sys.settle();

    // A second member joins: both members hear it, the outsider hears nothing of this league.
    const third = await fastUser(sys, 'Tess', 'Third');
    await sys.http.post('/api/leagues/join/').set(third.auth).send({ type: 'private', code: league.code }).expect(200);
    await sys.http.post(`/api/leagues/${league.id}/approve-request/${third.id}/`).set(owner.auth).expect(200);
    await fanSocket.waitFor('member.joined', (p) => p.leagueId === league.id && p.userId === third.id);
    await fanSocket.waitFor('activity.created', (p) => p.leagueId === league.id);
    await sys.settle();
    expect(outsiderSocket.received.filter((r) => (r.payload as { leagueId?: number }).leagueId === league.id)).toEqual([]);
    expect(fanSocket.received.filter((r) => r.event === 'request.created')).toEqual([]);

    // The fan leaves: later pushes of the league no longer reach them.
    await sys.http.post(`/api/leagues/${league.id}/leave/`).set(fan.auth).expect(200);
    await sys.settle();
    const before = fanSocket.received.length;
    const fourth = await fastUser(sys, 'Fay', 'Fourth');
    await sys.http.post('/api/leagues/join/').set(fourth.auth).send({ type: 'private', code: league.code }).expect(200);
    await sys.http.post(`/api/leagues/${league.id}/approve-request/${fourth.id}/`).set(owner.auth).expect(200);
    await ownerSocket.waitFor('member.joined', (p) => p.userId === fourth.id);
    await sys.settle();
    expect(fanSocket.received.slice(before).filter((r) => (r.payload as { leagueId?: number }).leagueId === league.id)).toEqual([]);
  });

  it('rejections reach the requester only', async () => {
    const owner = await fastUser(sys, 'Rae', 'Owner');
    const fan = await fastUser(sys, 'Rob', 'Requester');
    const fanSocket = await open(fan.token);
    const league = (await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Closed Shop', type: 'private' }).expect(201)).body.data;
    await sys.http.post('/api/leagues/join/').set(fan.auth).send({ type: 'private', code: league.code }).expect(200);
    await sys.http.post(`/api/leagues/${league.id}/reject-request/${fan.id}/`).set(owner.auth).expect(200);
    await expect(fanSocket.waitFor('request.decided', (p) => p.leagueId === league.id)).resolves.toMatchObject({ decision: 'rejected', leagueName: 'Closed Shop' });
  });

  it('replays what a briefly disconnected client missed (connection state recovery)', async () => {
    const owner = await fastUser(sys, 'Ria', 'Recover');
    const ownerSocket = await connectLive(sys.baseUrl, owner.token, { reconnection: true });
    sockets.push(ownerSocket);
    const league = (await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Recovery FC', type: 'private' }).expect(201)).body.data;
    // Let the server's first packet (with the session offset) arrive before dropping the line.
    await ownerSocket.waitFor('leaderboard.updated', (p) => p.leagueId === league.id).catch(() => undefined);
    await sys.settle();

    // The socket's own 'connect' (not the manager's 'reconnect') says whether the session was recovered.
    const reconnected = new Promise<void>((resolve) => ownerSocket.once('connect', () => resolve()));
    ownerSocket.io.engine.close(); // a network drop, not a deliberate disconnect
    const fan = await fastUser(sys, 'Max', 'Missed');
    await sys.http.post('/api/leagues/join/').set(fan.auth).send({ type: 'private', code: league.code }).expect(200);
    await reconnected;
    expect(ownerSocket.recovered).toBe(true);
    await expect(ownerSocket.waitFor('request.created', (p) => p.userId === fan.id)).resolves.toMatchObject({ leagueId: league.id });
  });
});
