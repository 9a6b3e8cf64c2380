import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { observeLiveRelayLag } from '../metrics/metrics';
import { LiveGateway } from './live.gateway';
import { LIVE_CONSUMER_GROUP, LiveEmitMessage, LiveMessage, liveStreamKey } from './live-stream';

/**
 * How far back a re-created consumer group starts, and the oldest entry still delivered: a
 * client away longer than this has lost its session (connection state recovery keeps two
 * minutes) and refetches everything, so older pushes would only be noise.
 */
export const LIVE_RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** The millisecond part of a stream entry id (`<ms>-<seq>`). */
export const streamEntryTime = (id: string): number => Number(id.split('-')[0]);

/**
 * Reads what workers published and delivers it. All gateway replicas read the stream as one
 * consumer group, so each entry is handled by one replica, which emits through the adapter to
 * the rooms on every replica. Entries of a replica that died unacknowledged are claimed by
 * another after 15 s, so a crash delays pushes rather than losing them. When Redis comes back
 * without the group (restarted without persistence, flushed, failed over to an empty replica),
 * the group is created again from the start of the recovery window and reading resumes: no
 * restart of the API is needed.
 */
@Injectable()
export class LiveRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LiveRelayService.name);
  private readonly reader: Redis;
  private readonly stream: string;
  private readonly consumer = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private stopped = false;
  private failing = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly gateway: LiveGateway,
    @Inject(APP_ENV) env: AppEnv,
  ) {
    this.reader = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
    this.stream = liveStreamKey(env.queuePrefix);
  }

  async onApplicationBootstrap(): Promise<void> {
    // '$': a new group starts from now; history before the first gateway ever is not replayed.
    await this.createGroup('$');
    this.loop = this.run();
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
    await this.loop?.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let lastClaim = 0;
    while (!this.stopped) {
      try {
        if (Date.now() - lastClaim > 5000) {
          lastClaim = Date.now();
          const claimed = (await this.reader.xautoclaim(this.stream, LIVE_CONSUMER_GROUP, this.consumer, 15000, '0-0', 'COUNT', 100)) as [string, [string, string[]][]];
          await this.handle(claimed[1] ?? []);
        }
        const result = (await this.reader.xreadgroup('GROUP', LIVE_CONSUMER_GROUP, this.consumer, 'COUNT', 50, 'BLOCK', 1000, 'STREAMS', this.stream, '>')) as
          | [string, [string, string[]][]][]
          | null;
        if (result) await this.handle(result[0][1]);
        if (this.failing) this.logger.log('live relay: reading again');
        this.failing = false;
      } catch (error) {
        if (this.stopped) return;
        const message = (error as Error).message;
        if (message.includes('NOGROUP')) {
          // Redis lost the stream or the group: start again from the recovery window.
          this.logger.warn('live relay: consumer group missing (Redis lost its data); creating it again');
          await this.createGroup(`${Math.max(0, Date.now() - LIVE_RECOVERY_WINDOW_MS)}-0`).catch(() => undefined);
          continue;
        }
        if (!this.failing) this.logger.warn(`live relay: ${message}`);
        this.failing = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async handle(entries: [string, string[]][]): Promise<void> {
    const oldest = Date.now() - LIVE_RECOVERY_WINDOW_MS;
    for (const [id, fields] of entries) {
      const raw = fields[fields.indexOf('m') + 1];
      try {
        // A backlog older than the recovery window (this replica or Redis was away long) is
        // acknowledged unsent: its clients have refetched.
        if (streamEntryTime(id) < oldest) throw new Error('older than the recovery window');
        for (const message of JSON.parse(raw ?? '[]') as LiveMessage[]) await this.deliver(message);
        observeLiveRelayLag(id);
      } catch (error) {
        this.logger.warn(`live relay: dropped entry ${id}: ${(error as Error).message}`);
      }
      await this.reader.xack(this.stream, LIVE_CONSUMER_GROUP, id);
    }
  }

  private async deliver(message: LiveMessage): Promise<void> {
    const server = this.gateway.server;
    if (message.kind === 'emit') {
      this.emit(message);
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
  private emit(message: LiveEmitMessage): void {
    const to = this.gateway.server.to(message.rooms);
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
