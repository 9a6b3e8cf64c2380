import { Inject, Injectable } from '@nestjs/common';
import { generateRequestDetails, getVapidHeaders } from 'web-push';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { APP_ENV } from '../config/config.module';
import type { AppEnv, VapidKeys } from '../config/env';

/** A stored subscription as the sender needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** RFC 8030 delivery hints: how long the push service keeps it for an offline device, how hard it wakes one. */
export interface PushDeliveryHints {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a push of the same topic still waiting at the push service (URL-safe base64, ≤ 32). */
  topic?: string;
}

/** 'gone': the push service says this subscription no longer exists (404/410): forget it. */
export type PushOutcome = 'sent' | 'gone';

export class PushServiceError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** A VAPID JWT is valid up to 24 h; ours for 12, made again after 6 so none is sent near its end. */
const VAPID_TTL_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 6 * 3600_000;

/**
 * Sends one Web Push message: the payload encrypted for the subscription (RFC 8291 aes128gcm, by
 * the `web-push` package), signed with our VAPID key (RFC 8292), POSTed to its endpoint. The
 * signature depends only on the push service's origin, so it is made once per origin and reused
 * (an ECDSA signature per message would double the cost of a fan-out). POSTed with fetch, whose
 * pooled keep-alive connections serve a fan-out of thousands to one push service.
 */
@Injectable()
export class PushSender {
  private readonly vapid: VapidKeys;
  private readonly vapidByAudience = new Map<string, { header: string; madeAt: number }>();

  constructor(@Inject(APP_ENV) env: Pick<AppEnv, 'vapid'>) {
    this.vapid = env.vapid;
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async send(target: PushTarget, payload: PushPayload, hints: PushDeliveryHints): Promise<PushOutcome> {
    const request = generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      TTL: hints.ttlSeconds,
      urgency: hints.urgency,
      ...(hints.topic ? { topic: hints.topic } : {}),
      headers: { Authorization: this.authorization(target.endpoint) },
    });
    const headers: Record<string, string> = {};
    // fetch sets the length itself (and refuses to be told it).
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    let response: Response;
    try {
      response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body ?? undefined, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new PushServiceError(null, `push service unreachable: ${(error as Error).message}`);
    }
    // The body is never needed; reading it frees the connection for the next message.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status < 200 || response.status >= 300) throw new PushServiceError(response.status, `push service answered ${response.status}`);
    return 'sent';
  }

  private authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = this.vapidByAudience.get(audience);
    if (cached && Date.now() - cached.madeAt < VAPID_REUSE_MS) return cached.header;
    const expiration = Math.floor(Date.now() / 1000) + VAPID_TTL_SECONDS;
    const { Authorization } = getVapidHeaders(audience, this.vapid.subject, this.vapid.publicKey, this.vapid.privateKey, 'aes128gcm', expiration);
    this.vapidByAudience.set(audience, { header: Authorization, madeAt: Date.now() });
    return Authorization;
  }
}
