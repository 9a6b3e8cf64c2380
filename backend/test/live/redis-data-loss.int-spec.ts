import type Redis from 'ioredis';
import { LivePublisher } from '@scoreline/backend/live/live-publisher.service';
import { liveStreamKey, liveUserStreamKey, onlineUsersKey } from '@scoreline/backend/live/live-stream';
import { REDIS } from '@scoreline/backend/platform/redis/redis.module';
import { createVerifiedUser } from '../support/factories';
import { connectLive, type LiveClient } from '../support/socket-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Redis may come back empty (restarted without persistence, flushed, failed over). Without a
 * restart of the API, a socket that stayed connected gets its pushes again: the relay re-creates
 * its consumer group, and the gateway counts its sockets online again.
 */
describe('live pushes after Redis lost its data', () => {
  let sys: TestSystem;
  let client: LiveClient;
  let userId: number;
  const prefix = process.env.QUEUE_PREFIX!;

  beforeAll(async () => {
    sys = await startTestSystem();
    const user = await createVerifiedUser(sys);
    userId = user.id;
    client = await connectLive(sys.baseUrl, user.token);
  });

  afterAll(async () => {
    client?.disconnect();
    await sys?.close();
  });

  const push = (gameweekTotal: number) =>
    sys.workers.get(LivePublisher).emitToUsers('points.updated', [
      { userId, payload: { fixtureId: 1, gameweekId: 1, points: 10, outcome: 'correct', provisional: true, gameweekTotal, seasonTotal: gameweekTotal } },
    ]);

  /** Push until the socket has it: its rooms are joined just after the handshake. */
  async function pushUntilReceived(gameweekTotal: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!client.received.some((r) => r.event === 'points.updated' && (r.payload as { gameweekTotal: number }).gameweekTotal === gameweekTotal)) {
      if (Date.now() > deadline) throw new Error(`push ${gameweekTotal} never arrived (got ${client.received.length} events)`);
      await push(gameweekTotal);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it('delivers before and after the stream, its group and the online counts are gone', async () => {
    await pushUntilReceived(1, 10_000);

    // Redis loses every key of ours; the API's connection drops and comes back.
    const apiRedis = sys.api.get<Redis>(REDIS);
    const keys = await apiRedis.keys(`${prefix}:sockets:*`);
    expect(keys).toEqual(expect.arrayContaining([liveStreamKey(prefix), liveUserStreamKey(prefix), onlineUsersKey(prefix)]));
    await apiRedis.del(...keys);
    apiRedis.disconnect(true);

    // The gateway counts its socket in again once reconnected.
    const publisher = sys.workers.get(LivePublisher);
    for (let i = 0; i < 100 && !(await publisher.onlineUserIds()).includes(userId); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await publisher.onlineUserIds()).toContain(userId);

    // The relay notices the missing group, creates it again, and the push arrives.
    await pushUntilReceived(2, 10_000);
    expect(client.connected).toBe(true);
  });
});
