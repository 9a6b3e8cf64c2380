import { Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_ENV } from '../config/config.module';
import type { AppEnv } from '../config/env';
import { readRedisSettings, redisRequirementProblems } from './redis-requirements';
import { reportRedisOutages } from './redis-outage';

/** The process's shared Redis connection (rate limits, health, socket fan-out). */
export const REDIS = Symbol('REDIS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_ENV],
      useFactory: (env: AppEnv) => reportRedisOutages(new Redis(env.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false }), 'shared connection'),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Redis');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  /** Warn loudly about a Redis that may lose or evict jobs; in production, refuse to start on one. */
  async onApplicationBootstrap(): Promise<void> {
    const settings = await readRedisSettings(this.redis);
    if (settings === null) {
      this.logger.warn('could not read the Redis configuration (CONFIG GET refused): make sure it runs with AOF and maxmemory-policy noeviction');
      return;
    }
    const problems = redisRequirementProblems(settings);
    if (problems.length === 0) return;
    const text = `Redis is not set up as queues need it: ${problems.join('; ')}`;
    if (this.env.nodeEnv === 'production') throw new Error(`${text} (refusing to start with NODE_ENV=production)`);
    // Tests run on a throwaway Redis on purpose; everywhere else this is worth a loud line.
    if (this.env.nodeEnv === 'test') this.logger.log(text);
    else this.logger.warn(`${text} — fine for a quick try, not for match day`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
