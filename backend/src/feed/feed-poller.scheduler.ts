import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { defaultPollerOptions, FeedPoller } from './feed-poller';
import { FeedService } from './feed.service';
import { FootballDataProvider } from './football-data/football-data.provider';
import { reportRedisOutages } from '../platform/redis/redis-outage';

/**
 * Runs the results feed's poller in the worker when FEED_ENABLED: every replica runs one, and the
 * one holding the Redis lease polls (FeedPoller); the API process never polls. The lease has a
 * connection of its own, so a slow command of another part of the worker never delays a renewal.
 */
@Injectable()
export class FeedPollerScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FeedPoller');
  private poller: FeedPoller | null = null;
  private redis: Redis | null = null;

  constructor(
    private readonly feed: FeedService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  onApplicationBootstrap(): void {
    const { feed } = this.env;
    if (!feed.enabled) return;
    this.redis = reportRedisOutages(new Redis(this.env.redisUrl, { maxRetriesPerRequest: 1 }), 'feed lease connection');
    const provider = new FootballDataProvider({ baseUrl: feed.footballDataBaseUrl, token: feed.footballDataToken ?? '' });
    this.poller = new FeedPoller(this.redis, this.feed, provider, defaultPollerOptions({ queuePrefix: this.env.queuePrefix, ...feed }));
    this.poller.start();
    this.logger.log(`results feed on: ${feed.footballDataToken === null ? 'the local stand-in at ' : ''}${feed.footballDataBaseUrl}`);
  }

  /** The lease is given up, so another replica takes over at once instead of after its ttl. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.poller?.stop({ release: true });
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
