import { JwtService } from '@nestjs/jwt';
import { leagueRoom } from '@scoreline/contracts/live';
import { LiveGateway } from '@scoreline/backend/live/live.gateway';
import { connectLive } from '../support/socket-client';
import { createVerifiedUser } from '../support/factories';
import { startTestSystem, TestSystem } from '../support/test-system';

describe('socket handshake', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys.close();
  });

  it('refuses a missing, a malformed and a foreign-signed token', async () => {
    await expect(connectLive(sys.baseUrl, undefined)).rejects.toThrow('unauthorized');
    await expect(connectLive(sys.baseUrl, 'not-a-jwt')).rejects.toThrow('unauthorized');
    const forged = new JwtService({ secret: 'some-other-secret-entirely' }).sign({ sub: 1, tv: 0, username: 'x' });
    await expect(connectLive(sys.baseUrl, forged)).rejects.toThrow('unauthorized');
  });

  it('accepts a valid token and refuses it once the password change revoked it', async () => {
    const fan = await createVerifiedUser(sys);
    const socket = await connectLive(sys.baseUrl, fan.token);
    expect(socket.connected).toBe(true);
    socket.close();

    await sys.http
      .post('/api/auth/change-password/')
      .set('Authorization', `Bearer ${fan.token}`)
      .send({ current_password: fan.password, new_password: 'another-pass-2', new_password_confirm: 'another-pass-2' })
      .expect(200);
    await expect(connectLive(sys.baseUrl, fan.token)).rejects.toThrow('unauthorized');
  });

  it("says connected only once the socket sits in its leagues' rooms, so a push right after 'connect' reaches it", async () => {
    const fan = await createVerifiedUser(sys);
    const [{ id: leagueId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ('Handshake rooms', '', 'private', $1, 'en.1') RETURNING id`,
      [fan.id],
    );
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'owner')`, [leagueId, fan.id]);
    // The memberships cannot be read while this transaction holds the table: the handshake waits for them.
    const holder = sys.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`LOCK TABLE league_members IN ACCESS EXCLUSIVE MODE`);
    const connecting = connectLive(sys.baseUrl, fan.token);
    try {
      const early = await Promise.race([connecting.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 700))]);
      expect(early).toBe(false);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const socket = await connecting;
    try {
      sys.api.get(LiveGateway).server.to(leagueRoom(leagueId)).emit('leaderboard.updated', { leagueId, changed: [], truncated: true });
      expect(await socket.waitFor('leaderboard.updated', (p) => p.leagueId === leagueId, 5000)).toEqual({ leagueId, changed: [], truncated: true });
    } finally {
      socket.close();
      await sys.db.query(`DELETE FROM leagues WHERE id = $1`, [leagueId]);
    }
  });
});
