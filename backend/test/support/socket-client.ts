import { io, Socket } from 'socket.io-client';
import { livePayloadProblems, LiveEventName, LivePayload, ServerToClientEvents } from '@scoreline/contracts/live';

export type LiveClient = Socket<ServerToClientEvents> & {
  /** Every event received so far, in order, each checked against the contract. */
  received: { event: LiveEventName; payload: unknown }[];
  /** Resolve with the first received event of this name matching the predicate. */
  waitFor<N extends LiveEventName>(event: N, match?: (p: LivePayload<N>) => boolean, timeoutMs?: number): Promise<LivePayload<N>>;
};

const EVENTS: LiveEventName[] = ['fixture.updated', 'points.updated', 'leaderboard.updated', 'activity.created', 'request.created', 'request.decided', 'member.joined'];

/** A real Socket.IO client; connects (or rejects with the server's reason). */
export function connectLive(
  baseUrl: string,
  token: string | undefined,
  opts: { reconnection?: boolean; /** sent as the handshake's Origin header, as a browser would */ origin?: string } = {},
): Promise<LiveClient> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: opts.reconnection ?? false,
    forceNew: true,
    ...(opts.origin === undefined ? {} : { extraHeaders: { Origin: opts.origin } }),
  }) as LiveClient;
  socket.received = [];
  const waiters: (() => void)[] = [];
  for (const event of EVENTS) {
    socket.on(event, ((payload: unknown) => {
      const problems = livePayloadProblems(event, payload);
      if (problems.length > 0) throw new Error(`Server sent an invalid ${event}: ${problems.join('; ')}`);
      socket.received.push({ event, payload });
      waiters.splice(0).forEach((w) => w());
    }) as never);
  }
  socket.waitFor = async (event, match = () => true, timeoutMs = 15000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = socket.received.find((r) => r.event === event && match(r.payload as never));
      if (found) return found.payload as never;
      if (Date.now() > deadline) throw new Error(`No ${event} within ${timeoutMs} ms (got: ${socket.received.map((r) => r.event).join(', ') || 'nothing'})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
