import { JwtService } from '@nestjs/jwt';
import { leagueRoom, MATCHES_ROOM, userRoom } from '@scoreline/contracts/live';
import type { AppEnv } from '../platform/config/env';
import { LiveGateway, type LiveServer } from './live.gateway';

/**
 * The handshake's middleware: a socket sits in its rooms before the client hears `connect`
 * (live/handshake.int-spec.ts holds that against a real server), and a failure to read them is
 * never a bad token. Its collaborators are stand-ins: what is under test is the middleware's order.
 */
describe('LiveGateway handshake', () => {
  const jwt = new JwtService({ secret: 'handshake-spec-secret' });
  const user = { id: 7, username: 'fan', tokenVersion: 0 };

  function middlewareWith(leagueIdsOf: () => Promise<number[]>) {
    const gateway = new LiveGateway(
      jwt,
      { resolve: async () => user, onRevoked: () => () => undefined } as never,
      { leagueIdsOf } as never,
      { on: () => undefined, set: async () => 'OK' } as never,
      { socketOrigins: [], queuePrefix: 'spec' } as unknown as AppEnv,
    );
    let middleware: ((socket: unknown, next: (error?: Error) => void) => void) | undefined;
    gateway.afterInit({ use: (fn: typeof middleware) => (middleware = fn), of: () => ({ sockets: new Map() }) } as unknown as LiveServer);
    const joined: string[][] = [];
    const socket = { handshake: { headers: {}, auth: { token: jwt.sign({ sub: user.id, tv: 0, username: 'fan' }) } }, data: {}, recovered: false, join: async (rooms: string[]) => void joined.push(rooms) };
    const handshake = () => new Promise<Error | undefined>((resolve) => middleware!(socket, resolve));
    return { handshake, joined };
  }

  it('joins the user, matches and league rooms before letting the socket connect', async () => {
    const { handshake, joined } = middlewareWith(async () => [3, 9]);
    expect(await handshake()).toBeUndefined();
    expect(joined).toEqual([[userRoom(7), MATCHES_ROOM, leagueRoom(3), leagueRoom(9)]]);
  });

  it("answers 'unavailable', never 'unauthorized', when the rooms cannot be read", async () => {
    const { handshake, joined } = middlewareWith(async () => {
      throw new Error('relation "league_members" does not exist');
    });
    expect((await handshake())?.message).toBe('unavailable');
    expect(joined).toEqual([]);
  });
});
