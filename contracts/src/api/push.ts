import type { LanguageSetting } from './preferences';

/**
 * Web Push (Settings → Notifications → "Push on this device"). The browser's PushSubscription is
 * stored per user and device; the workers push to it what the notification switches allow.
 *
 * - `GET /api/push/public-key/` → `PushPublicKey` (the VAPID key for `pushManager.subscribe`);
 * - `POST /api/push/subscriptions/` (`PushSubscribeRequest`) stores this device's subscription;
 * - `DELETE /api/push/subscriptions/` (`PushUnsubscribeRequest`) forgets it;
 * - `POST /api/push/actions/` (`PushActionRequest`, no bearer: the token is the credential)
 *   approves or rejects a join request from the notification's buttons.
 */

export interface PushPublicKey {
  /** URL-safe base64 of the uncompressed P-256 point (65 bytes). */
  public_key: string;
}

/** The JSON form of a browser PushSubscription (`subscription.toJSON()`), plus a device label. */
export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the settings screen calls this device ("Chrome on Android"); optional. */
  device?: string;
}

export interface PushUnsubscribeRequest {
  endpoint: string;
}

export const PUSH_ACTIONS = ['approve', 'reject'] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

export interface PushActionRequest {
  token: string;
  action: PushAction;
}

export const PUSH_ENDPOINT_MAX = 1000;
export const PUSH_DEVICE_MAX = 120;

/** What a push is about (the notification's tag groups by it). */
export const PUSH_KINDS = ['join_request', 'request_decided', 'deadline', 'goal', 'gameweek_final'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The encrypted body of every push, read by the service worker: the notification's texts are
 * already in the reader's language. `url` is the screen a click opens (same origin path).
 */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag (a later goal in the same match). */
  tag: string;
  /** Buttons (join requests only), with a short-lived token that authorises them. */
  actions?: { action: PushAction; title: string }[];
  action_token?: string;
  /** The reader's language: what the service worker says after a button (Approve / Reject) is in it too. */
  language?: LanguageSetting;
}
