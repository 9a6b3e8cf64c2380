import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { getVapidHeaders } from 'web-push';
import type { PushPayload } from '@scoreline/contracts/api/push';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv, PushEndpointRules, VapidKeys } from '../platform/config/env';
import { PushEncryptionPool } from './push-encryption-pool';
import { checkEndpointUrl, permittedLookup, PushEndpointRefused } from './push-endpoint-policy';
import { PushHostResolver } from './push-host-resolver';

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

/** A push checked, encrypted and signed for its device, not yet POSTed (PushSender.prepare). */
export interface PreparedPush {
  url: URL;
  headers: OutgoingHttpHeaders;
  body: Buffer;
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

/** RFC 8030's Topic: URL-safe base64 characters, at most 32. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const URGENCIES: ReadonlySet<string> = new Set(['very-low', 'low', 'normal', 'high']);

/** The hints a push service takes (as web-push checked them): a push with others is not made. */
function checkHints({ ttlSeconds, urgency, topic }: PushDeliveryHints): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0) throw new Error(`a push's TTL must be a whole number of seconds ≥ 0, got ${ttlSeconds}`);
  if (!URGENCIES.has(urgency)) throw new Error(`unsupported push urgency ${urgency}`);
  if (topic !== undefined && topic !== '' && !TOPIC.test(topic)) throw new Error('a push topic is at most 32 URL-safe base64 characters');
}

/** A VAPID JWT is valid up to 24 h; ours for 12, made again after 6 so none is sent near its end. */
const VAPID_TTL_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 6 * 3600_000;
/** A push service that has not answered in this long is treated as down (the job retries). */
const REQUEST_TIMEOUT_MS = 15_000;
/** A push service answers in a few bytes; past this much the response is dropped with its socket. */
const MAX_RESPONSE_BYTES = 4096;
/**
 * Kept-alive connections per push service: as many as the push channel's lanes (PushChannel), so a fan-out
 * never waits for a socket nor opens a new one per message.
 */
const SOCKETS_PER_ORIGIN = 64;

/**
 * Sends one Web Push message: the payload encrypted for the subscription (RFC 8291 aes128gcm, on
 * worker threads: push-encryption-pool.ts, as the key agreement per device is most of a fan-out's
 * CPU), with web-push's headers, signed with our VAPID key (RFC
 * 8292), POSTed to its endpoint. The signature depends only on the push service's origin, so it
 * is made once per origin (web-push's getVapidHeaders with an expiration of our own) and reused
 * (an ECDSA signature per message would double the cost of a fan-out). POSTed through node:http(s)
 * with keep-alive agents: a fan-out of thousands to one push service reuses a pool of
 * connections; fetch (undici) took several times as long per POST for the same requests here.
 *
 * Only to where push-endpoint-policy.ts allows: the URL is checked before anything is made, and
 * the agents resolve names through a lookup that refuses any address not allowed, so a socket
 * connects only to addresses just checked. The http agent reaches loopback only (the test
 * stand-in). Redirects are not followed (node:http never does; a 3xx is a failure).
 */
@Injectable()
export class PushSender implements OnModuleDestroy {
  private readonly vapid: VapidKeys;
  private readonly rules: PushEndpointRules;
  private readonly vapidByAudience = new Map<string, { header: string; madeAt: number }>();
  private readonly httpAgent: HttpAgent;
  private readonly httpsAgent: HttpsAgent;
  private readonly encryption = new PushEncryptionPool();

  constructor(@Inject(APP_ENV) env: Pick<AppEnv, 'vapid' | 'pushEndpoints'>, resolver: PushHostResolver) {
    this.vapid = env.vapid;
    this.rules = env.pushEndpoints;
    const resolve = (hostname: string) => resolver.resolve(hostname);
    const pool = { keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN, scheduling: 'lifo' } as const;
    this.httpAgent = new HttpAgent({ ...pool, lookup: permittedLookup(resolve, this.rules, 'loopback') });
    this.httpsAgent = new HttpsAgent({ ...pool, lookup: permittedLookup(resolve, this.rules, 'public') });
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * Throws PushEndpointRefused when the endpoint may not be reached (nothing was sent: retrying
   * cannot help), PushServiceError when the push service failed or answered other than 2xx,
   * 404 or 410.
   */
  async send(target: PushTarget, payload: PushPayload, hints: PushDeliveryHints): Promise<PushOutcome> {
    return this.post(await this.prepare(target, payload, hints));
  }

  /**
   * The first half of send, which a fan-out starts for a whole batch at once: the endpoint
   * checked (rejects with PushEndpointRefused before anything is made), the payload encrypted for
   * the device and signed. Nothing is sent yet.
   */
  async prepare(target: PushTarget, payload: PushPayload, hints: PushDeliveryHints): Promise<PreparedPush> {
    const url = checkEndpointUrl(target.endpoint, this.rules);
    checkHints(hints);
    const authorization = this.authorization(url);
    const body = await this.encryption.encrypt({ p256dh: target.p256dh, auth: target.auth, payload: JSON.stringify(payload) });
    // The headers web-push's generateRequestDetails makes for an aes128gcm push, the Authorization ours.
    const headers: OutgoingHttpHeaders = {
      TTL: hints.ttlSeconds,
      Authorization: authorization,
      'Content-Length': body.length,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Urgency: hints.urgency,
    };
    if (hints.topic) headers.Topic = hints.topic;
    return { url, headers, body };
  }

  /** The second half of send: POSTs a prepared push and answers what the push service said. */
  async post({ url, headers, body }: PreparedPush): Promise<PushOutcome> {
    let status: number;
    try {
      status = await this.request(url, headers, body);
    } catch (error) {
      if (error instanceof PushEndpointRefused) throw error;
      throw new PushServiceError(null, `push service unreachable: ${(error as Error).message}`);
    }
    if (status === 404 || status === 410) return 'gone';
    if (status >= 300 && status < 400) throw new PushServiceError(status, `push service answered ${status}: redirects are not followed`);
    if (status < 200 || status >= 300) throw new PushServiceError(status, `push service answered ${status}`);
    return 'sent';
  }

  async onModuleDestroy(): Promise<void> {
    // Idle kept-alive sockets would hold a closing worker open.
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
    await this.encryption.close();
  }

  /**
   * POSTs and answers the status. The response body is never needed, only drained (that frees
   * the socket for the next push), up to MAX_RESPONSE_BYTES; the whole exchange has
   * REQUEST_TIMEOUT_MS, so a push service dripping its answer holds no lane for long.
   */
  private request(url: URL, headers: OutgoingHttpHeaders, body: Buffer): Promise<number> {
    const secure = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        { method: 'POST', headers, agent: secure ? this.httpsAgent : this.httpAgent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const status = res.statusCode ?? 0;
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) {
              resolve(status);
              res.destroy();
            }
          });
          res.on('error', reject);
          res.on('end', () => resolve(status));
        },
      );
      const deadline = setTimeout(() => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  private authorization(endpoint: URL): string {
    const audience = endpoint.origin;
    const cached = this.vapidByAudience.get(audience);
    if (cached && Date.now() - cached.madeAt < VAPID_REUSE_MS) return cached.header;
    const expiration = Math.floor(Date.now() / 1000) + VAPID_TTL_SECONDS;
    const { Authorization } = getVapidHeaders(audience, this.vapid.subject, this.vapid.publicKey, this.vapid.privateKey, 'aes128gcm', expiration);
    this.vapidByAudience.set(audience, { header: Authorization, madeAt: Date.now() });
    return Authorization;
  }
}
