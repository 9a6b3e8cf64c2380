import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import type { LiveEventName, LivePayload } from '../../../contracts/src/live';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { observeLiveRelayLag } from '../metrics/metrics';
import { LiveGateway } from './live.gateway';
import { LIVE_CONSUMER_GROUP, LiveMessage, liveStreamKey } from './live-stream';

/**
 * Reads what workers published and delivers it. All gateway replicas read the stream as one
 * consumer group, so each entry is handled by one replica, which emits through the adapter to
 * the rooms on every replica. Entries of a replica that died unacknowledged are claimed by
 * another after 15 s, so a crash delays pushes rather than losing them.
 */
@Injectable()
export class LiveRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LiveRelayService.name);
  private readonly reader: Redis;
  private readonly stream: string;
  private readonly consumer = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly gateway: LiveGateway,
    @Inject(APP_ENV) env: AppEnv,
  ) {
    this.reader = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
    this.stream = liveStreamKey(env.queuePrefix);
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      // '$': a new group starts from now; history before the first gateway ever is not replayed.
      await this.reader.xgroup('CREATE', this.stream, LIVE_CONSUMER_GROUP, '$', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
    this.loop = this.run();
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
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn(`live relay: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async handle(entries: [string, string[]][]): Promise<void> {
    for (const [id, fields] of entries) {
      const raw = fields[fields.indexOf('m') + 1];
      try {
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
      server.to(message.rooms).emit(message.event as LiveEventName, message.payload as LivePayload<'member.joined'>);
    } else if (message.kind === 'join') {
      server.in(`user:${message.userId}`).socketsJoin(message.rooms);
    } else {
      server.in(`user:${message.userId}`).socketsLeave(message.rooms);
    }
  }
}
