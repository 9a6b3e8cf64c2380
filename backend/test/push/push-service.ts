import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece has no types of its own: the one call used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

/** One browser's side of a subscription: its key pair and auth secret, as `pushManager.subscribe` makes them. */
export class FakeBrowser {
  readonly ecdh = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** The JSON of its PushSubscription (subscription.toJSON()). */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    return { endpoint: this.endpoint, keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') } };
  }

  /** Decrypts a push body (RFC 8291 aes128gcm) with this browser's keys. */
  decrypt(body: Buffer): unknown {
    return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.authSecret.toString('base64url') }).toString('utf8'));
  }
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service of our own: an HTTP endpoint that records every message POSTed to it and
 * answers 201, or the status set for a path (404/410: "this subscription is gone").
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly statusByPath = new Map<string, number>();
  private server: Server | null = null;
  origin = '';

  async listen(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.statusByPath.get(path) ?? 201).end();
      });
    });
    // Many keep-alive connections at once in a fan-out.
    this.server.maxConnections = 10_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  endpoint(path: string): string {
    return `${this.origin}${path}`;
  }

  answer(path: string, status: number): void {
    this.statusByPath.set(path, status);
  }

  to(path: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`): the ES256
 * signature against k, and answers k and the JWT's claims.
 */
export function verifyVapid(header: string | undefined): { publicKey: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = match;
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return { publicKey: k, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
}

/**
 * Lets the push sender reach a push service on 127.0.0.1 (PUSH_ALLOW_LOOPBACK) for the apps this
 * file starts: call it before startTestSystem (the environment is read when the apps are created).
 * Set for one file alone: a process the run starts with NODE_ENV=production inherits the run's
 * environment, and refuses the flag. Answers the function that puts the environment back.
 */
export function allowLoopbackPushes(): () => void {
  const previous = process.env.PUSH_ALLOW_LOOPBACK;
  process.env.PUSH_ALLOW_LOOPBACK = 'true';
  return () => {
    if (previous === undefined) delete process.env.PUSH_ALLOW_LOOPBACK;
    else process.env.PUSH_ALLOW_LOOPBACK = previous;
  };
}
