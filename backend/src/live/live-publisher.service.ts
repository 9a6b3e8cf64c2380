import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { livePayloadProblems, LiveEventName, LivePayload, userRoom } from '@scoreline/contracts/live';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { REDIS } from '../platform/redis/redis.module';
import { LiveEmitMessage, LiveRoomsMessage, liveStreamKey, liveUserStreamKey, onlineUsersKey } from './live-stream';

/** Stream length cap: a gateway further behind than this has been down long enough to refetch. */
const STREAM_MAX_LEN = 100_000;

/**
 * Pushes of one subject (a fixture's state, its points) that must never go back in time: each
 * carries its event's sequence (the outbox id, in commit order for one fixture), and goes out only
 * if it is newer than the last one sent for the subject. The live workers handle events
 * concurrently, so without this a match clock or score could run backwards on a screen.
 */
export interface PushOrder {
  key: string;
  sequence: number;
}

/**
 * The order check and the XADDs in one script, so two workers cannot interleave: an older push
 * arriving late is dropped (a newer one has already said more). The mark lives a day.
 * KEYS: order mark, stream. ARGV: sequence, stream cap, entries….
 */
const PUBLISH_IN_ORDER = `
local last = tonumber(redis.call('GET', KEYS[1]) or '-1e18')
if tonumber(ARGV[1]) <= last then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', 86400)
for i = 3, #ARGV do redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'm', ARGV[i]) end
return 1`;

/**
 * How workers reach sockets. A push to rooms goes on a Redis stream that the gateways read as
 * one consumer group, so each message is delivered by exactly one backend replica, which emits
 * it through the Socket.IO Redis Streams adapter to every replica's sockets in the rooms. Pushes
 * to users one by one (each their own payload) go on a second stream that every replica reads,
 * each delivering to its own sockets: through the adapter, each would be a stream entry of its
 * own for every other replica to read and decode (the push-latency bench found that half a
 * replica's CPU at 10,000 sockets).
 */
@Injectable()
export class LivePublisher {
  private readonly stream: string;
  private readonly userStream: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {
    this.stream = liveStreamKey(env.queuePrefix);
    this.userStream = liveUserStreamKey(env.queuePrefix);
  }

  private check(event: LiveEventName, payload: unknown): void {
    if (this.env.nodeEnv === 'production') return;
    const problems = livePayloadProblems(event, payload);
    if (problems.length > 0) throw new Error(`Invalid live payload: ${problems.join('; ')}`);
  }

  async emit<N extends LiveEventName>(rooms: string[], event: N, payload: LivePayload<N>, order?: PushOrder): Promise<void> {
    if (rooms.length === 0) return;
    this.check(event, payload);
    const message: LiveEmitMessage<N> = { kind: 'emit', rooms, event, payload };
    await this.publish<N>([message], order);
  }

  /** One event to many rooms, each room its own payload (a sweep's tables, one per league), in as few stream entries as possible. */
  async emitEach<N extends LiveEventName>(event: N, items: { rooms: string[]; payload: LivePayload<N> }[]): Promise<void> {
    const messages: LiveEmitMessage<N>[] = [];
    for (const item of items) {
      if (item.rooms.length === 0) continue;
      this.check(event, item.payload);
      messages.push({ kind: 'emit', rooms: item.rooms, event, payload: item.payload });
    }
    await this.publish<N>(messages);
  }

  /** One event per user, each with its own payload, in as few stream entries as possible. */
  async emitToUsers<N extends LiveEventName>(event: N, items: { userId: number; payload: LivePayload<N> }[], order?: PushOrder): Promise<void> {
    for (const item of items) this.check(event, item.payload);
    await this.publish<N>(
      items.map((i) => ({ kind: 'emit' as const, rooms: [userRoom(i.userId)], event, payload: i.payload })),
      order,
      this.userStream,
    );
  }

  async joinRooms(userId: number, rooms: string[]): Promise<void> {
    await this.publish([{ kind: 'join', userId, rooms }]);
  }

  async leaveRooms(userId: number, rooms: string[]): Promise<void> {
    await this.publish([{ kind: 'leave', userId, rooms }]);
  }

  /**
   * Every user with at least one open socket (no point pushing to the rest), read in slices
   * (HSCAN) rather than one reply: their number is bounded by the sockets the replicas hold, while
   * a fixture's predictors may be a million (asking about each of those, as HMGET once did, blew
   * the call stack at 1M). May name a user twice; the readers join on it.
   */
  async onlineUserIds(): Promise<number[]> {
    const key = onlineUsersKey(this.env.queuePrefix);
    const ids: number[] = [];
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.hscan(key, cursor, 'COUNT', 10_000);
      for (let i = 0; i < flat.length; i += 2) if (Number(flat[i + 1]) > 0) ids.push(Number(flat[i]));
      cursor = next;
    } while (cursor !== '0');
    return ids;
  }

  private async publish<N extends LiveEventName>(
    messages: (LiveEmitMessage<N> | LiveRoomsMessage)[],
    order?: PushOrder,
    stream = this.stream,
  ): Promise<void> {
    // Batches of 500 messages per stream entry keep a 100k-user fan-out to a few hundred entries.
    const entries: string[] = [];
    for (let i = 0; i < messages.length; i += 500) entries.push(JSON.stringify(messages.slice(i, i + 500)));
    if (entries.length === 0) return;
    if (order) {
      const key = `${liveStreamKey(this.env.queuePrefix)}:order:${order.key}`;
      await this.redis.eval(PUBLISH_IN_ORDER, 2, key, stream, String(order.sequence), String(STREAM_MAX_LEN), ...entries);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const entry of entries) pipeline.xadd(stream, 'MAXLEN', '~', String(STREAM_MAX_LEN), '*', 'm', entry);
    await pipeline.exec();
  }
}
