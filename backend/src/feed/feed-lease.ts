import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/** Extends the lease only while this holder still has it (another may have taken it after it lapsed). */
const RENEW_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Gives the lease up only while this holder still has it. */
const RELEASE_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A lease in Redis that one process of the deployment holds at a time: SET NX PX to take it, a
 * compare-and-pexpire to keep it, a compare-and-delete to give it up. A holder that dies stops
 * renewing, and the lease lapses within its ttl for another to take.
 */
export class RedisLease {
  /** This process's token: what it compares against, so it never renews or frees another's lease. */
  readonly token = `${process.pid}-${randomBytes(8).toString('hex')}`;

  constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly ttlMs: number,
  ) {}

  /** Takes the lease if nobody holds it; true when this process holds it now. */
  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  /** Extends the lease; false when it is no longer this process's (lapsed and taken, or gone). */
  async renew(): Promise<boolean> {
    return Number(await this.redis.eval(RENEW_IF_MINE, 1, this.key, this.token, String(this.ttlMs))) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE_IF_MINE, 1, this.key, this.token);
  }
}
