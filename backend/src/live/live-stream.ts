import type { LiveEventName, LivePayload } from '@scoreline/contracts/live';

/** An event for some rooms, its payload the event's own (a union discriminated by `event`). */
export type LiveEmitMessage<N extends LiveEventName = LiveEventName> = {
  [K in N]: { kind: 'emit'; rooms: string[]; event: K; payload: LivePayload<K> };
}[N];

/**
 * What workers put on the Redis stream the gateways read: an event for some rooms, or a
 * change of a user's rooms (membership followed live).
 */
export type LiveMessage = LiveEmitMessage | LiveRoomsMessage;

/** A change of a user's rooms on every replica. */
export type LiveRoomsMessage = { kind: 'join' | 'leave'; userId: number; rooms: string[] };

// Not under `${prefix}:live:` — BullMQ owns that namespace for the `live` queue.
export const liveStreamKey = (prefix: string): string => `${prefix}:sockets:outbound`;
/**
 * The stream of per-user pushes (each user their own payload): every replica reads all of it
 * and delivers to the sockets it holds itself, so a push to 10,000 fans costs no Socket.IO
 * adapter message per fan.
 */
export const liveUserStreamKey = (prefix: string): string => `${prefix}:sockets:to-users`;
export const onlineUsersKey = (prefix: string): string => `${prefix}:sockets:online`;
export const LIVE_CONSUMER_GROUP = 'gateways';
