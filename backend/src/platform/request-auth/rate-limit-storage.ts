import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { whenReady } from '../redis/redis-outage';
import { limitOfKey, limitUnavailableError, OutageNotice, whileRedisIsDown } from './rate-limit-outage';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The counter's command as defined on the connection (ioredis defineCommand). */
type CounterCommand = (hitKey: string, blockKey: string, name: string, ttl: number, limit: number, block: number) => Promise<unknown>;

/**
 * The library's counter (its Lua script, keys and answer) sent by the script's SHA: ioredis's
 * defineCommand sends EVALSHA, and the script itself only when Redis answers NOSCRIPT. The
 * library sends the whole script (~1 kB) with every EVAL, and Redis hashes it each time: two
 * counters on every write request (a prediction save among them).
 */
export class ThrottlerStorageRedisBySha extends ThrottlerStorageRedisService {
  private readonly count: CounterCommand;

  constructor(redis: Redis) {
    super(redis);
    redis.defineCommand('throttlerIncrement', { numberOfKeys: 2, lua: this.scriptSrc });
    const command = (redis as unknown as { throttlerIncrement: CounterCommand }).throttlerIncrement;
    this.count = command.bind(redis);
  }

  override async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const results = await this.count(`{${key}:${throttlerName}}:hits`, `{${key}:${throttlerName}}:blocked`, throttlerName, ttl, limit, blockDuration);
    if (!Array.isArray(results) || results.length !== 4 || !results.every((n) => typeof n === 'number')) {
      throw new TypeError(`Expected the rate-limit counter to answer four numbers, got ${JSON.stringify(results)}`);
    }
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = results as number[];
    return {
      totalHits,
      timeToExpire: Math.ceil(timeToExpire / 1000),
      isBlocked: isBlocked === 1,
      timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000),
    };
  }
}

/** A command that takes longer than this counts as Redis being unreachable. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * After a failure, one request at most this often tries Redis again: a connection that looks
 * open but answers nothing (a network partition, a Redis too busy to answer) must not cost every
 * request the timeout.
 */
const REDIS_RETRY_INTERVAL_MS = 2000;

/**
 * Rate-limit counters in Redis, so limits hold across API replicas. A rate limit must never hang
 * a request or turn it into a 500: with no offline queue and a short command timeout a Redis call
 * fails at once. What happens then is the limit's rule (rate-limit-outage.ts, named by the key's
 * first part): the limits that bound guessing or mailing refuse with 503, the others count in this
 * process's memory (each replica then limits on its own until Redis is back).
 */
export class FailoverThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitStorage');
  private readonly redis: Redis;
  private readonly inRedis: ThrottlerStorageRedisBySha;
  private readonly inMemory = new ThrottlerStorageService();
  private readonly notice = new OutageNotice(
    this.logger,
    "sign-in, code and invite limits answer 503 and the other rate limits are counted in this process's memory until it is back",
    'rate limits are counted in Redis again',
  );
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
    this.inRedis = new ThrottlerStorageRedisBySha(this.redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const refuses = whileRedisIsDown(limitOfKey(key)) === 'refuse';
    // A refusing limit asks Redis on every request: its 503 must mean that Redis did not answer
    // this request, never that a flood limit's command timed out a moment ago (a replica busy
    // starting, or one slow answer, would otherwise refuse sign-ins for the retry interval).
    // Flood limits skip Redis for the interval after a failure, one request probing.
    const askRedis = refuses || Date.now() >= this.nextRedisAttemptAt;
    if (askRedis && (await this.connected(refuses))) {
      if (this.notice.isDown && !refuses) this.nextRedisAttemptAt = Date.now() + REDIS_RETRY_INTERVAL_MS;
      // A refusing limit asks twice before it refuses: one timed-out command is as often this
      // process's event loop held up past the timeout (a busy machine) as Redis gone. (If the
      // first did reach Redis, the request counts twice: the limit errs on the strict side.)
      for (let attempt = 1; attempt <= (refuses ? 2 : 1); attempt++) {
        try {
          const record = await this.inRedis.increment(key, ttl, limit, blockDuration, throttlerName);
          this.nextRedisAttemptAt = 0;
          this.notice.answered();
          return record;
        } catch (error) {
          if (attempt === 1 && refuses && this.redis.status === 'ready') continue;
          this.noteOutage((error as Error).message);
          break;
        }
      }
    } else if (askRedis) {
      this.noteOutage(`connection ${this.redis.status}`);
    }
    if (refuses) throw limitUnavailableError();
    return this.inMemory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  /**
   * Whether the connection can take a command now. A refusing limit waits up to the command
   * timeout for a connection being made (a replica's first requests, a reconnect under way).
   */
  private async connected(wait: boolean): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return wait && whenReady(this.redis, REDIS_COMMAND_TIMEOUT_MS);
  }

  private noteOutage(reason: string): void {
    this.nextRedisAttemptAt = Date.now() + REDIS_RETRY_INTERVAL_MS;
    this.notice.failed(reason);
  }

  onApplicationShutdown(): void {
    this.inMemory.onApplicationShutdown();
    this.redis.disconnect(false);
  }
}
