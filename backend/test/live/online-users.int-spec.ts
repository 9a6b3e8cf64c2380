import Redis from 'ioredis';
import type { AppEnv } from '@scoreline/backend/config/env';
import { LivePublisher } from '@scoreline/backend/live/live-publisher.service';
import { onlineUsersKey } from '@scoreline/backend/live/live-stream';

/**
 * Who is online, as the live pushes ask it: read from the gateways' counts in slices, whatever
 * their number (asking Redis about each of a fixture's million predictors at once blew the call
 * stack), and only users with an open socket.
 */
describe('online users', () => {
  const prefix = `sltest-online-${process.pid}-${Date.now()}`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });

  afterAll(async () => {
    await redis.del(onlineUsersKey(prefix));
    redis.disconnect();
  });

  it('names every user with a socket open, over many slices, and no one whose sockets all closed', async () => {
    const publisher = new LivePublisher(redis, { queuePrefix: prefix, nodeEnv: 'test' } as AppEnv);
    expect(await publisher.onlineUserIds()).toEqual([]);

    // 25,000 users online (three HSCAN slices at least), every fifth with two sockets; 5,000 more
    // whose count fell to 0 before their field was removed.
    const online = Array.from({ length: 25_000 }, (_, i) => i + 1);
    const pipeline = redis.pipeline();
    for (const id of online) pipeline.hset(onlineUsersKey(prefix), String(id), id % 5 === 0 ? 2 : 1);
    for (let id = 100_001; id <= 105_000; id++) pipeline.hset(onlineUsersKey(prefix), String(id), 0);
    await pipeline.exec();

    const found = await publisher.onlineUserIds();
    expect([...new Set(found)].sort((a, b) => a - b)).toEqual(online);
  });
});
