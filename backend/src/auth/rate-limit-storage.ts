import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A command that takes longer than this counts as Redis being unreachable. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * After a failure, one request at most this often tries Redis again: a connection that looks
 * open but answers nothing (a network partition) must not cost every request the timeout.
 */
const REDIS_RETRY_INTERVAL_MS = 2000;

/**
 * Rate-limit counters in Redis, so limits hold across API replicas; while Redis is unreachable,
 * counted in this process's memory instead. A rate limit must never hang a request or turn it
 * into a 500: with no offline queue and a short command timeout a Redis call fails at once,
 * and the request is counted locally (each replica then limits on its own until Redis is back).
 */
export class FailoverThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitStorage');
  private readonly redis: Redis;
  private readonly inRedis: ThrottlerStorageRedisService;
  private readonly inMemory = new ThrottlerStorageService();
  private inOutage = false;
  private nextRedisAttemptAt = 0;

  constructor(redisUrl: string, keyPrefix: string) {
    this.redis = new Redis(redisUrl, {
      keyPrefix,
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      // Keep trying to reconnect, at most every 2 s, for as long as the process lives.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Failures surface (once per outage) where a counter is incremented; ioredis would log each retry.
    this.redis.on('error', () => undefined);
    this.inRedis = new ThrottlerStorageRedisService(this.redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.redis.status === 'ready' && Date.now() >= this.nextRedisAttemptAt) {
      // During an outage one request probes Redis; the others meanwhile count in memory.
      if (this.inOutage) this.nextRedisAttemptAt = Date.now() + REDIS_RETRY_INTERVAL_MS;
      try {
        const record = await this.inRedis.increment(key, ttl, limit, blockDuration, throttlerName);
        if (this.inOutage) {
          this.inOutage = false;
          this.nextRedisAttemptAt = 0;
          this.logger.log('Redis is back: rate limits are counted in Redis again');
        }
        return record;
      } catch (error) {
        this.noteOutage((error as Error).message);
      }
    } else if (this.redis.status !== 'ready') {
      this.noteOutage(`connection ${this.redis.status}`);
    }
    return this.inMemory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private noteOutage(reason: string): void {
    this.nextRedisAttemptAt = Date.now() + REDIS_RETRY_INTERVAL_MS;
    if (this.inOutage) return;
    this.inOutage = true;
    this.logger.warn(`Redis unreachable (${reason}): rate limits are counted in this process's memory until it is back`);
  }

  onApplicationShutdown(): void {
    this.inMemory.onApplicationShutdown();
    this.redis.disconnect(false);
  }
}
