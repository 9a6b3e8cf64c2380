import { Inject, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import type { Server, Socket } from 'socket.io';
import { ClientToServerEvents, leagueRoom, MATCHES_ROOM, ServerToClientEvents, userRoom } from '@scoreline/contracts/live';
import type { AuthUser, JwtPayload } from '../platform/request-auth/jwt-payload';
import { TokenUsersService } from '../auth/token-users.service';
import { isOutageError, warnUnlessOutage } from '../platform/common/outage';
import { LeagueMembersService } from '../leagues/league-members.service';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { countConnectedSocketsWith } from '../platform/metrics/metrics';
import { REDIS } from '../platform/redis/redis.module';
import { onlineUsersKey } from './live-stream';
import { FOREIGN_ORIGIN_REFUSAL, isAllowedSocketOrigin } from './socket-origin';

/** What the handshake stores on a socket: its user and the token version it signed in with. */
interface LiveSocketData {
  user: AuthUser;
  tokenVersion: number;
}
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;

/**
 * The Socket.IO endpoint (`/socket.io`, same origin as the API), WebSocket transport only (no
 * long-polling: a polling handshake is refused with a 400). The handshake must carry a
 * valid, unrevoked JWT in `auth.token`; each socket then sits in its user's room, the rooms of
 * the leagues the user belongs to, and the matches room. Clients cannot join rooms themselves.
 * The engine's options (path, transports, origins) are the adapter's: redis-streams-io.adapter.ts.
 */
@WebSocketGateway({ transports: ['websocket'] })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() server: LiveServer;
  private readonly logger = new Logger(LiveGateway.name);
  /** Present in Redis while Redis still holds this replica's share of the online counts. */
  private readonly replicaMarker: string;

  constructor(
    private readonly jwt: JwtService,
    private readonly tokenUsers: TokenUsersService,
    private readonly leagueMembers: LeagueMembersService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {
    this.replicaMarker = `${env.queuePrefix}:sockets:replica:${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  }

  afterInit(server: LiveServer): void {
    countConnectedSocketsWith(() => server.of('/').sockets.size);
    // Workers push only to users counted online; when Redis comes back without its data, this
    // replica counts its open sockets in again (each replica its own, so none twice).
    this.redis.on('ready', () => {
      this.restoreOnlineCounts(server).catch((error: Error) => this.logger.warn(`restoring online counts: ${error.message}`));
    });
    void this.redis.set(this.replicaMarker, '1').catch(() => undefined);
    // A revoked token (password changed or reset, account deleted) also ends its open sockets,
    // on every replica: each hears of the revocation through the token cache's channel.
    this.tokenUsers.onRevoked((userId) => {
      this.closeRevokedSockets(server, userId).catch((error: Error) => this.logger.warn(`closing revoked sockets: ${error.message}`));
    });
    server.use((socket, next) => {
      // Engine.IO's allowRequest already refused a foreign Origin (redis-streams-io.adapter.ts); this
      // stays for a server built without that adapter.
      if (!isAllowedSocketOrigin(socket.handshake.headers.origin, this.env.socketOrigins)) return next(new Error(FOREIGN_ORIGIN_REFUSAL));
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return next(new Error('unauthorized'));
      let payload: JwtPayload;
      try {
        payload = this.jwt.verify<JwtPayload>(token);
      } catch {
        return next(new Error('unauthorized'));
      }
      this.tokenUsers
        .resolve(payload)
        .then(async (user) => {
          if (!user) return next(new Error('unauthorized'));
          socket.data.user = user;
          socket.data.tokenVersion = payload.tv;
          // The rooms are joined before the client hears it is connected, so nothing pushed after
          // its 'connect' can miss it (a refused or dropped handshake leaves them again).
          if (!socket.recovered) {
            try {
              await socket.join([userRoom(user.id), MATCHES_ROOM, ...(await this.leagueMembers.leagueIdsOf(user.id)).map(leagueRoom)]);
            } catch (error) {
              // Whatever failed, the token was good: the client keeps it and tries again.
              warnUnlessOutage(this.logger, error, `socket of user ${user.id}: its rooms could not be read: ${String(error)}`);
              return next(new Error('unavailable'));
            }
          }
          next();
        })
        // An outage is not a bad token: the client keeps it and tries again.
        .catch((error: unknown) => next(new Error(isOutageError(error) ? 'unavailable' : 'unauthorized')));
    });
  }

  async handleConnection(socket: LiveSocket): Promise<void> {
    const user = socket.data.user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    // Its rooms were joined by the handshake (or came back with a recovered session).
    await this.redis.hincrby(onlineUsersKey(this.env.queuePrefix), String(user.id), 1);
  }

  async handleDisconnect(socket: LiveSocket): Promise<void> {
    const user = socket.data.user;
    if (!user) return;
    const key = onlineUsersKey(this.env.queuePrefix);
    const left = await this.redis.hincrby(key, String(user.id), -1).catch(() => 0);
    if (left <= 0) await this.redis.hdel(key, String(user.id)).catch(() => undefined);
    this.logger.debug?.(`socket of user ${user.id} disconnected`);
  }

  private async restoreOnlineCounts(server: LiveServer): Promise<void> {
    if ((await this.redis.exists(this.replicaMarker)) === 1) return;
    const perUser = new Map<number, number>();
    for (const socket of server.of('/').sockets.values()) {
      const userId = socket.data.user?.id;
      if (userId !== undefined) perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    }
    const multi = this.redis.multi();
    for (const [userId, count] of perUser) multi.hincrby(onlineUsersKey(this.env.queuePrefix), String(userId), count);
    multi.set(this.replicaMarker, '1');
    await multi.exec();
    if (perUser.size > 0) this.logger.warn(`Redis lost the online counts: ${perUser.size} users of this replica counted in again`);
  }

  private async closeRevokedSockets(server: LiveServer, userId: number): Promise<void> {
    const sockets = await server.local.in(userRoom(userId)).fetchSockets();
    if (sockets.length === 0) return;
    const current = await this.tokenUsers.currentTokenVersion(userId);
    for (const socket of sockets) if (socket.data.tokenVersion !== current) socket.disconnect(true);
  }
}
