import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { observeLiveRelayLag } from '../platform/metrics/metrics';
import { reportRedisOutages } from '../platform/redis/redis-outage';
import { LiveGateway } from './live.gateway';
import { LIVE_CONSUMER_GROUP, LiveEmitMessage, LiveMessage, liveStreamKey, liveUserStreamKey } from './live-stream';

/**
 * How far back a re-created consumer group starts, and the oldest entry still delivered: a
 * client away longer than this has lost its session (connection state recovery keeps two
 * minutes) and refetches everything, so older pushes would only be noise.
 */
export const LIVE_RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** The millisecond part of a stream entry id (`<ms>-<seq>`). */
export const streamEntryTime = (id: string): number => Number(id.split('-')[0]);

/**
 * Reads what workers published and delivers it, from two streams:
 * - pushes to rooms: all gateway replicas read that stream as one consumer group, so each entry
 *   is handled by one replica, which emits through the adapter to the rooms on every replica.
 *   Entries of a replica that died unacknowledged are claimed by another after 15 s, so a crash
 *   delays pushes rather than losing them. When Redis comes back without the group (restarted
 *   without persistence, flushed, failed over to an empty replica), the group is created again
 *   from the start of the recovery window and reading resumes: no restart of the API is needed.
 * - pushes to users one by one: every replica reads every entry and delivers to the sockets it
 *   holds itself (a Map lookup for the others). Nothing is lost with a dead replica but what its
 *   own sockets would have got; they reconnect elsewhere, and a client refetches what such pushes
 *   carry on any reconnect (these local emits are not replayed by connection state recovery).
 */
@Injectable()
export class LiveRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LiveRelayService.name);
  private readonly reader: Redis;
  private readonly userReader: Redis;
  private readonly stream: string;
  private readonly userStream: string;
  private readonly consumer = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private stopped = false;
  private readonly failing = new Set<string>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly gateway: LiveGateway,
    @Inject(APP_ENV) env: AppEnv,
  ) {
    // One connection per blocking read.
    this.reader = reportRedisOutages(new Redis(env.redisUrl, { maxRetriesPerRequest: null }), 'live relay: room pushes');
    this.userReader = reportRedisOutages(new Redis(env.redisUrl, { maxRetriesPerRequest: null }), 'live relay: user pushes');
    this.stream = liveStreamKey(env.queuePrefix);
    this.userStream = liveUserStreamKey(env.queuePrefix);
  }

  async onApplicationBootstrap(): Promise<void> {
    // '$': a new group starts from now; history before the first gateway ever is not replayed.
    await this.createGroup('$');
    // The user stream is read from its end as it is now: older pushes were for sockets elsewhere.
    const [last] = (await this.userReader.xrevrange(this.userStream, '+', '-', 'COUNT', 1)) as [string, string[]][];
    this.loops = [this.readRooms(), this.readUsers(last?.[0] ?? '0-0')];
  }

  private async createGroup(from: string): Promise<void> {
    try {
      await this.reader.xgroup('CREATE', this.stream, LIVE_CONSUMER_GROUP, from, 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.reader.disconnect();
    this.userReader.disconnect();
    await Promise.all(this.loops.map((loop) => loop.catch(() => undefined)));
  }

  /** Runs `step` until shutdown; a failing step is logged once and retried after 500 ms. */
  private async repeat(name: string, step: () => Promise<void>): Promise<void> {
    while (!this.stopped) {
      try {
        await step();
        if (this.failing.delete(name)) this.logger.log(`live relay: reading ${name} again`);
      } catch (error) {
        if (this.stopped) return;
        if (!this.failing.has(name)) this.logger.warn(`live relay (${name}): ${(error as Error).message}`);
        this.failing.add(name);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private readRooms(): Promise<void> {
    let lastClaim = 0;
    return this.repeat('room pushes', async () => {
      try {
        if (Date.now() - lastClaim > 5000) {
          lastClaim = Date.now();
          const claimed = (await this.reader.xautoclaim(this.stream, LIVE_CONSUMER_GROUP, this.consumer, 15000, '0-0', 'COUNT', 100)) as [string, [string, string[]][]];
          await this.handle(claimed[1] ?? [], 'adapter');
        }
        const result = (await this.reader.xreadgroup('GROUP', LIVE_CONSUMER_GROUP, this.consumer, 'COUNT', 50, 'BLOCK', 1000, 'STREAMS', this.stream, '>')) as
          | [string, [string, string[]][]][]
          | null;
        if (result) await this.handle(result[0][1], 'adapter');
      } catch (error) {
        if (!String((error as Error).message).includes('NOGROUP')) throw error;
        // Redis lost the stream or the group: start again from the recovery window.
        this.logger.warn('live relay: consumer group missing (Redis lost its data); creating it again');
        await this.createGroup(`${Math.max(0, Date.now() - LIVE_RECOVERY_WINDOW_MS)}-0`).catch(() => undefined);
      }
    });
  }

  private readUsers(from: string): Promise<void> {
    let after = from;
    return this.repeat('user pushes', async () => {
      // Entry ids are times: after Redis lost the stream, new entries still come after `after`.
      const result = (await this.userReader.xread('COUNT', 50, 'BLOCK', 1000, 'STREAMS', this.userStream, after)) as [string, [string, string[]][]][] | null;
      if (!result) return;
      const entries = result[0][1];
      after = entries[entries.length - 1][0];
      await this.handle(entries, 'local');
    });
  }

  private async handle(entries: [string, string[]][], reach: 'adapter' | 'local'): Promise<void> {
    const oldest = Date.now() - LIVE_RECOVERY_WINDOW_MS;
    for (const [id, fields] of entries) {
      const raw = fields[fields.indexOf('m') + 1];
      try {
        // A backlog older than the recovery window (this replica or Redis was away long) is
        // dropped unsent: its clients have refetched.
        if (streamEntryTime(id) < oldest) throw new Error('older than the recovery window');
        for (const message of JSON.parse(raw ?? '[]') as LiveMessage[]) this.deliver(message, reach);
        observeLiveRelayLag(id);
      } catch (error) {
        this.logger.warn(`live relay: dropped entry ${id}: ${(error as Error).message}`);
      }
      if (reach === 'adapter') await this.reader.xack(this.stream, LIVE_CONSUMER_GROUP, id);
    }
  }

  private deliver(message: LiveMessage, reach: 'adapter' | 'local'): void {
    const server = this.gateway.server;
    if (message.kind === 'emit') {
      this.emit(message, reach);
    } else if (message.kind === 'join') {
      server.in(`user:${message.userId}`).socketsJoin(message.rooms);
    } else {
      server.in(`user:${message.userId}`).socketsLeave(message.rooms);
    }
  }

  /**
   * Socket.IO's typed emit needs the event's name as a literal to pick its payload type, so each
   * event is spelled out: a new event in contracts/src/live.ts fails to compile here until added.
   */
  private emit(message: LiveEmitMessage, reach: 'adapter' | 'local'): void {
    const server = this.gateway.server;
    let to;
    if (reach === 'local') {
      // Most users of the stream have their sockets on other replicas: skip them before Socket.IO encodes a frame.
      const here = server.of('/').adapter.rooms;
      const rooms = message.rooms.filter((room) => here.has(room));
      if (rooms.length === 0) return;
      to = server.local.to(rooms);
    } else {
      to = server.to(message.rooms);
    }
    switch (message.event) {
      case 'fixture.updated':
        return void to.emit(message.event, message.payload);
      case 'points.updated':
        return void to.emit(message.event, message.payload);
      case 'leaderboard.updated':
        return void to.emit(message.event, message.payload);
      case 'activity.created':
        return void to.emit(message.event, message.payload);
      case 'request.created':
        return void to.emit(message.event, message.payload);
      case 'request.decided':
        return void to.emit(message.event, message.payload);
      case 'member.joined':
        return void to.emit(message.event, message.payload);
      default: {
        // Only a newer worker (during a rolling deploy) can publish an event this replica does not know.
        const unknownEvent: never = message;
        this.logger.warn(`live relay: skipped an unknown event: ${JSON.stringify(unknownEvent)}`);
      }
    }
  }
}
