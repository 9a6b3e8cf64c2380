import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppEnv } from '../platform/config/env';
import { reportRedisOutages } from '../platform/redis/redis-outage';
import { allowSocketHandshakeFrom } from './socket-origin';

/**
 * Socket.IO across replicas through the Redis Streams adapter: unlike the pub/sub adapter it
 * resumes the stream after a Redis reconnect without losing packets, and it keeps connection
 * state recovery working when a client reconnects to another replica.
 */
export class RedisStreamsIoAdapter extends IoAdapter {
  private readonly redis: Redis;

  constructor(app: INestApplicationContext, private readonly env: AppEnv) {
    super(app);
    // The adapter's own duplicates have a silent listener; this one had none (a stack per reconnect attempt).
    this.redis = reportRedisOutages(new Redis(env.redisUrl, { maxRetriesPerRequest: null }), 'socket.io adapter');
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      // WebSocket only, as the client asks (frontend/src/lib/live.ts): no long-polling fallback, so no
      // session is ever split over several HTTP requests that a load balancer must pin to one replica.
      // A polling handshake gets Engine.IO's 400 {"code":0,"message":"Transport unknown"}.
      transports: ['websocket'],
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
      // A foreign Origin is refused by Engine.IO itself, before a session exists (issue 33).
      allowRequest: allowSocketHandshakeFrom(this.env.socketOrigins),
    });
    server.adapter(
      createAdapter(this.redis, {
        streamName: `${this.env.queuePrefix}:socket.io`,
        sessionKeyPrefix: `${this.env.queuePrefix}:sio:session:`,
        maxLen: 100_000,
        // Its reader only notices a close between blocking reads: keep them short.
        blockTimeInMs: 1000,
      }),
    );
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    // disconnect, not quit: the adapter's blocking XREAD would hold quit() for its full block time.
    this.redis.disconnect();
  }
}
