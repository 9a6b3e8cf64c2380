import { JwtService } from '@nestjs/jwt';
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
});
