import type { LiveEventName, LivePayload } from '../../../contracts/src/live';

/**
 * What workers put on the Redis stream the gateways read: an event for some rooms, or a
 * change of a user's rooms (membership followed live).
 */
export type LiveMessage =
  | { kind: 'emit'; rooms: string[]; event: LiveEventName; payload: LivePayload<LiveEventName> }
  | { kind: 'join' | 'leave'; userId: number; rooms: string[] };

// Not under `${prefix}:live:` — BullMQ owns that namespace for the `live` queue.
export const liveStreamKey = (prefix: string): string => `${prefix}:sockets:outbound`;
export const onlineUsersKey = (prefix: string): string => `${prefix}:sockets:online`;
export const LIVE_CONSUMER_GROUP = 'gateways';
