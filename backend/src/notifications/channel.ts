import type { DeliveryTally } from './deliver';
import { CHANNEL_KINDS, type NotificationKind } from './notification-jobs';
import type { UserRanks } from './user-ranks';

/** The channels a notification may go out on. */
export type ChannelName = 'email' | 'push';

/**
 * One notification and its subject, as the pipeline hands it to each of its channels (a job may
 * stand for several: a deadline sweep is one per open gameweek). `kind` keys CHANNEL_KINDS.
 */
export type Notification =
  | { kind: 'deadline'; gameweekId: number; now: Date }
  /** `ranks`: the global league's ranks now and before the gameweek, computed once for every channel (globalRankMoves). */
  | { kind: 'results'; gameweekId: number; ranks: UserRanks }
  | { kind: 'joinRequest'; requestId: number }
  | { kind: 'decided'; requestId: number }
  | { kind: 'digest'; now: Date }
  | { kind: 'goal'; fixtureId: number };

/**
 * A channel as the pipeline calls it: sends one notification to its recipients on this channel
 * (the kind's one recipients rule applied to the channel's audience, its claim in the channel's
 * delivery table, the message composed in the channel's form, the channel's sender through the
 * one delivery loop, deliverInBatches). Called only for the kinds CHANNEL_KINDS gives it.
 */
export interface NotificationChannel {
  readonly name: ChannelName;
  deliver(notification: Notification): Promise<DeliveryTally>;
}

/**
 * The channels a domain beside notifications brings to the pipeline (the web push), injected into
 * NotificationsService beside its own email channel. Provided by NotificationsModule.withChannels,
 * which the composing module (the worker's) calls: notifications never imports a channel's domain.
 */
export const ADDED_CHANNELS = Symbol('ADDED_NOTIFICATION_CHANNELS');

/** Whether a notification of this kind goes out on this channel at all. */
export function hasChannel(kind: NotificationKind, channel: ChannelName): boolean {
  const kinds: Partial<Record<ChannelName, string>> = CHANNEL_KINDS[kind];
  return kinds[channel] !== undefined;
}
