import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveEventName, LivePayload, ServerToClientEvents } from '@scoreline/contracts/live';
import { renewAccessToken } from './api-client';
import { getStoredToken, useAuthToken } from './auth-token';
import { liveStatusAtom } from './live-status';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const EVENTS: LiveEventName[] = ['fixture.updated', 'points.updated', 'leaderboard.updated', 'activity.created', 'request.created', 'request.decided', 'member.joined'];
const handlers = new Map<LiveEventName, Set<(payload: never) => void>>();
const resyncHandlers = new Set<() => void>();

function dispatch(event: LiveEventName, payload: unknown): void {
  handlers.get(event)?.forEach((handler) => handler(payload as never));
}

/**
 * Keeps one Socket.IO connection open while a token is stored (mount once, in the app layout).
 * A short drop is recovered by the server (missed events to rooms are replayed, but not the
 * pushes each user gets on their own, such as points.updated: their resync handlers refetch);
 * after a longer gap the server cannot recover the session, so every query is refetched instead,
 * as after a first connect that failed before (the screen's data may have moved meanwhile).
 */
export function useLiveConnection(): void {
  // The connection follows being signed in, not each renewed token: every (re)connect reads the
  // current token, and a refused handshake (the token expired while away) renews it first.
  const signedIn = useAuthToken() !== null;
  const setStatus = useSetAtom(liveStatusAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!signedIn) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    let closed = false;
    let socket: LiveSocket | null = null;
    // The Socket.IO client comes in its own chunk after the first frame: a screen does not wait for it.
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const live: LiveSocket = io({
        path: '/socket.io',
        auth: (send) => send({ token: getStoredToken() }),
        transports: ['websocket'],
      });
      socket = live;
      let connectedBefore = false;
      /** Failed attempts since the last connect: nothing reached this screen while they lasted. */
      let failedAttempts = 0;
      live.on('connect', () => {
        const missedPushes = connectedBefore || failedAttempts > 0;
        failedAttempts = 0;
        setStatus('online');
        if (missedPushes && !live.recovered) void queryClient.invalidateQueries();
        else if (missedPushes) resyncHandlers.forEach((handler) => handler());
        connectedBefore = true;
      });
      live.on('disconnect', () => setStatus('connecting'));
      live.on('connect_error', (error) => {
        setStatus('offline');
        failedAttempts += 1;
        // The server refused the token: Socket.IO does not retry that by itself.
        if (error.message === 'unauthorized') {
          renewAccessToken()
            .then((token) => {
              if (token && !closed && !live.connected) live.connect();
            })
            // The server could not be asked (down): try again a little later.
            .catch(() => setTimeout(() => !closed && live.connect(), 5000));
        } else if (error.message === 'unavailable') {
          // Refused for a reason of the server's own (it could not read the fan's account or
          // leagues just then). Socket.IO retries a dropped transport by itself, never a refused
          // handshake: try again, waiting longer each time (1 s, 2 s … 30 s, with jitter).
          const waitMs = Math.min(30_000, 1000 * 2 ** (failedAttempts - 1)) + Math.random() * 1000;
          setTimeout(() => !closed && !live.connected && live.connect(), waitMs);
        }
      });
      for (const event of EVENTS) live.on(event, ((payload: unknown) => dispatch(event, payload)) as never);
    });
    return () => {
      closed = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      setStatus('offline');
    };
  }, [signedIn, setStatus, queryClient]);
}

/** Run `handler` for every `event` pushed by the server while the component is mounted. */
export function useLiveEvent<N extends LiveEventName>(event: N, handler: (payload: LivePayload<N>) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const listener = (payload: LivePayload<N>) => ref.current(payload);
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => {
      set.delete(listener as (payload: never) => void);
    };
  }, [event]);
}

/**
 * Run `handler` after a reconnect whose session the server recovered: what the component keeps
 * from per-user pushes (points.updated) may have missed one, and should be fetched again.
 */
export function useLiveResync(handler: () => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const listener = () => ref.current();
    resyncHandlers.add(listener);
    return () => {
      resyncHandlers.delete(listener);
    };
  }, []);
}

/** For tests: deliver an event as if the server had pushed it. */
export function emitLiveEventForTest<N extends LiveEventName>(event: N, payload: LivePayload<N>): void {
  dispatch(event, payload);
}

/** For tests: run the resync handlers as a recovered reconnect does. */
export function resyncLiveForTest(): void {
  resyncHandlers.forEach((handler) => handler());
}
