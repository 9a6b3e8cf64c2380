import Redis from 'ioredis';
import type { AppEnv } from '@scoreline/backend/platform/config/env';
import { LivePublisher } from '@scoreline/backend/live/live-publisher.service';
import { liveStreamKey, liveUserStreamKey, onlineUsersKey } from '@scoreline/backend/live/live-stream';
import { deleteRunKeys } from '../support/run-keys';

/**
 * The workers' side of live pushes, on a real Redis:
 * - who is online, read from the gateways' counts in slices, whatever their number (asking Redis
 *   about each of a fixture's million predictors at once blew the call stack), and only users
 *   with an open socket;
 * - pushes of one subject in event order: the live workers run events concurrently, and a match
 *   clock or score must never go back on a screen.
 */
describe('live publisher', () => {
  // A prefix of its own, derived from the run's: the run's end deletes it too.
  const prefix = `${process.env.QUEUE_PREFIX}-online`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });

  afterAll(async () => {
    redis.disconnect();
    await deleteRunKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
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

  it('sends a push of a subject only when it is newer than the last one sent, each subject on its own', async () => {
    const publisher = new LivePublisher(redis, { queuePrefix: prefix, nodeEnv: 'test' } as AppEnv);
    const clock = (fixtureId: number, minute: number, sequence: number) =>
      publisher.emit(
        ['matches'],
        'fixture.updated',
        { fixtureId, gameweekId: 1, seasonId: 1, competition: 'en.1', status: 'live', homeScore: 1, awayScore: 0, minute },
        { key: `fixture:${fixtureId}`, sequence },
      );
    // Minute 5 (event 12) is handled before minute 4 (event 11); event 12 comes again (a redelivery).
    await clock(7, 5, 12);
    await clock(7, 4, 11);
    await clock(7, 5, 12);
    await clock(8, 4, 11); // another fixture: its own order
    await clock(7, 6, 13);
    const entries = await redis.xrange(liveStreamKey(prefix), '-', '+');
    const sent = entries.flatMap(([, fields]) => JSON.parse(fields[1]) as { payload: { fixtureId: number; minute: number } }[]).map((m) => [m.payload.fixtureId, m.payload.minute]);
    expect(sent).toEqual([
      [7, 5],
      [8, 4],
      [7, 6],
    ]);
  });

  it('puts pushes to users one by one on the stream every replica reads, in entries of 500, newer than the last sent', async () => {
    const publisher = new LivePublisher(redis, { queuePrefix: prefix, nodeEnv: 'test' } as AppEnv);
    const points = (userId: number, gameweekTotal: number) => ({
      userId,
      payload: { fixtureId: 3, gameweekId: 1, points: 10, outcome: 'correct' as const, provisional: true, gameweekTotal, seasonTotal: gameweekTotal },
    });
    const before = await redis.xlen(liveStreamKey(prefix));
    await publisher.emitToUsers('points.updated', Array.from({ length: 1_200 }, (_, i) => points(i + 1, 20)), { key: 'points:3', sequence: 5 });
    await publisher.emitToUsers('points.updated', [points(1, 10)], { key: 'points:3', sequence: 4 }); // late and older: dropped

    const entries = await redis.xrange(liveUserStreamKey(prefix), '-', '+');
    const batches = entries.map(([, fields]) => JSON.parse(fields[1]) as { rooms: string[]; payload: { gameweekTotal: number } }[]);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 200]);
    expect(batches.flat().map((m) => m.rooms)).toEqual(Array.from({ length: 1_200 }, (_, i) => [`user:${i + 1}`]));
    expect(batches.flat().every((m) => m.payload.gameweekTotal === 20)).toBe(true);
    expect(await redis.xlen(liveStreamKey(prefix))).toBe(before);
  });
});
