import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { REDIS } from '../platform/redis/redis.module';
import { reportRedisOutages } from '../platform/redis/redis-outage';
import { UsersService } from '../users/users.service';
import type { AuthUser, JwtPayload } from '../platform/request-auth/jwt-payload';

interface CachedTokenUser {
  user: AuthUser;
  tokenVersion: number;
}

/** How long a looked-up token version is trusted without a revocation message. */
export const TOKEN_USER_TTL_MS = 10_000;
const MAX_CACHED_USERS = 50_000;

/**
 * Which user a verified token speaks for, or null when it has been revoked (its version is
 * older than the user's: the password was changed or reset). Every authenticated request asks,
 * so the answer is kept in memory for a few seconds; a revocation evicts it at once here and,
 * through a Redis channel, on every other API replica. The TTL only bounds a message lost while
 * Redis was unreachable (the cache is also emptied on every reconnect).
 *
 * The role is deliberately not part of the answer: the admin guard reads it fresh.
 */
@Injectable()
export class TokenUsersService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TokenUsersService.name);
  /** By user id, for TOKEN_USER_TTL_MS from the lookup; the least recently used goes when full. */
  private readonly cache = new LRUCache<number, CachedTokenUser>({ max: MAX_CACHED_USERS, ttl: TOKEN_USER_TTL_MS });
  /** Bumped by every revocation: a lookup that raced one is not cached. */
  private revocations = 0;
  private readonly channel: string;
  private subscriber?: Redis;
  private readonly revokedListeners = new Set<(userId: number) => void>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_ENV) env: AppEnv,
    private readonly users: UsersService,
  ) {
    this.channel = `${env.queuePrefix}:auth:revoked`;
  }

  async onModuleInit(): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    // Messages sent while disconnected are lost: start from nothing after every (re)connect.
    subscriber.on('ready', () => this.forgetAll());
    reportRedisOutages(subscriber, 'revocation channel');
    subscriber.on('message', (_channel: string, message: string) => {
      const userId = Number(message);
      if (Number.isInteger(userId)) this.forget(userId);
    });
    await subscriber.subscribe(this.channel);
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  async resolve(payload: JwtPayload): Promise<AuthUser | null> {
    if (typeof payload?.sub !== 'number' || typeof payload?.tv !== 'number') return null;
    // jsonwebtoken accepts a token that never expires; we never issue one, so it is not ours to trust.
    if (typeof payload.exp !== 'number') return null;
    const cached = this.cache.get(payload.sub);
    if (cached) return cached.tokenVersion === payload.tv ? cached.user : null;

    const revocationsBefore = this.revocations;
    // The TTL counts from before the read, not from its answer.
    const readAt = this.cache.perf.now();
    const row = await this.users.tokenUser(payload.sub);
    if (!row) return null;
    const user: AuthUser = { id: row.id, username: row.username };
    if (this.revocations === revocationsBefore) this.cache.set(row.id, { user, tokenVersion: row.token_version }, { start: readAt });
    return row.token_version === payload.tv ? user : null;
  }

  /** The user's token version as stored now (uncached: asked after a revocation); null when the user is gone. */
  async currentTokenVersion(userId: number): Promise<number | null> {
    return (await this.users.tokenUser(userId))?.token_version ?? null;
  }

  /** After a committed token-version bump: every replica forgets the user's old version. */
  async revoked(userId: number): Promise<void> {
    this.forget(userId);
    // Redis down: the other replicas lose their connection too and empty their caches on reconnect.
    await this.redis.publish(this.channel, String(userId)).catch((error: Error) => this.logger.warn(`revocation not broadcast: ${error.message}`));
  }

  /** Called with the user id of every revocation, made here or on another replica. */
  onRevoked(listener: (userId: number) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private forget(userId: number): void {
    this.revocations++;
    this.cache.delete(userId);
    for (const listener of this.revokedListeners) listener(userId);
  }

  private forgetAll(): void {
    this.revocations++;
    this.cache.clear();
  }
}
