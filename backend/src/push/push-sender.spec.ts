import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import * as dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushEndpointRules } from '../platform/config/env';
import { vapidPrivateKey } from '../platform/config/env';
import { PushEndpointRefused, vetPushEndpoint } from './push-endpoint-policy';
import type { PushHostResolver } from './push-host-resolver';
import { PushSender, PushServiceError, type PushTarget } from './push-sender';

/**
 * The sender against a push service of the test's own on 127.0.0.1. Every name is answered by
 * the test's resolver, and it only ever answers loopback addresses; Node's own lookup is a
 * tripwire (a name reaching it bypassed the checked lookup): whatever the sender did, no packet
 * or DNS query could leave this machine. What must be refused is checked to reach nothing: the
 * listener counts every connection, not just requests.
 */

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const vapid = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: vapidPrivateKey(ecdh.getPrivateKey()), subject: 'mailto:push@scoreline.local' };
const browser = createECDH('prime256v1');
browser.generateKeys();
const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const payload = { kind: 'goal', title: 'Goal!', body: '1–0', url: '/dashboard', tag: 'goal:1' } as const;
const hints = { ttlSeconds: 60, urgency: 'high' } as const;

// http_ece (web-push's own) has no types: the one call used here, to read what a browser would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

class Listener {
  connections = 0;
  requests: string[] = [];
  /** Every request's headers and body, in order. */
  received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
  handler: Handler = (_req, res) => res.writeHead(201).end();
  private readonly server: Server = createServer((req, res) => {
    this.requests.push(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      this.handler(req, res);
    });
  });
  port = 0;

  async listen(): Promise<this> {
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Names the test resolves itself: loopback answers only. */
class LoopbackResolver {
  asked: string[] = [];
  constructor(private readonly table: Record<string, string[]>) {}
  set(hostname: string, addresses: string[]): void {
    this.table[hostname] = addresses;
  }
  async resolve(hostname: string): Promise<LookupAddress[]> {
    this.asked.push(hostname);
    const addresses = this.table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    if (!addresses.every((a) => a === '127.0.0.1' || a === '::1')) throw new Error(`the test resolver answers loopback only, not ${addresses}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }
}

describe('PushSender', () => {
  let listener: Listener;
  const systemLookups: string[] = [];
  const systemLookup = dns.lookup;
  beforeAll(() => {
    jest.spyOn(dns, 'lookup').mockImplementation(((hostname: string, ...rest: unknown[]) => {
      if (hostname === 'localhost') return (systemLookup as (...a: unknown[]) => void)(hostname, ...rest);
      systemLookups.push(hostname);
      const callback = rest[rest.length - 1] as (error: Error) => void;
      process.nextTick(() => callback(Object.assign(new Error(`test tripwire: no lookup of ${hostname} may leave the test`), { code: 'ENOTFOUND' })));
    }) as unknown as typeof dns.lookup);
  });
  afterAll(() => {
    jest.restoreAllMocks();
    expect(systemLookups).toEqual([]);
  });
  const senders: PushSender[] = [];
  const senderWith = (rules: PushEndpointRules, resolver: LoopbackResolver) => {
    const sender = new PushSender({ vapid, pushEndpoints: rules }, resolver as unknown as PushHostResolver);
    senders.push(sender);
    return sender;
  };
  const target = (endpoint: string): PushTarget => ({ endpoint, ...keys });

  beforeEach(async () => {
    listener = await new Listener().listen();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.onModuleDestroy()));
    await listener.close();
  });

  it('pushes to a loopback stand-in when PUSH_ALLOW_LOOPBACK says so, by address or by name', async () => {
    const resolver = new LoopbackResolver({ localhost: ['127.0.0.1'], 'stand-in.push.test': ['127.0.0.1'] });
    const sender = senderWith({ allowedHosts: [], allowLoopback: true }, resolver);
    await expect(sender.send(target(`http://127.0.0.1:${listener.port}/send/a`), payload, hints)).resolves.toBe('sent');
    await expect(sender.send(target(`http://localhost:${listener.port}/send/b`), payload, hints)).resolves.toBe('sent');
    await expect(sender.send(target(`http://2130706433:${listener.port}/send/c`), payload, hints)).resolves.toBe('sent');
    expect(listener.requests).toEqual(['/send/a', '/send/b', '/send/c']);
    expect(resolver.asked).toEqual(['localhost']);
  });

  it('sends each device its payload encrypted for its keys, with the delivery hints and one VAPID signature per push service', async () => {
    const sender = senderWith({ allowedHosts: [], allowLoopback: true }, new LoopbackResolver({}));
    const browsers = Array.from({ length: 100 }, () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    });
    const outcomes = await Promise.all(
      browsers.map((b, i) =>
        sender.send({ endpoint: `http://127.0.0.1:${listener.port}/send/${i}`, p256dh: b.p256dh, auth: b.auth }, { ...payload, title: `Goal ${i}` }, { ttlSeconds: 900, urgency: 'high', topic: 'goal-7' }),
      ),
    );
    expect(outcomes.every((o) => o === 'sent')).toBe(true);
    const byPath = new Map(listener.requests.map((path, i) => [path, listener.received[i]]));
    browsers.forEach((b, i) => {
      const { headers, body } = byPath.get(`/send/${i}`)!;
      expect(JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8'))).toMatchObject({ title: `Goal ${i}` });
      expect(headers).toMatchObject({
        ttl: '900',
        urgency: 'high',
        topic: 'goal-7',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
      });
    });
    expect(new Set(listener.received.map((r) => r.headers.authorization)).size).toBe(1);
    expect(listener.received[0].headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
  });

  it('refuses this machine by default, in every spelling, before connecting', async () => {
    const resolver = new LoopbackResolver({ localhost: ['127.0.0.1'] });
    const sender = senderWith({ allowedHosts: [], allowLoopback: false }, resolver);
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '[::1]', '[::ffff:127.0.0.1]', 'localhost', 'push.localhost']) {
      for (const scheme of ['http', 'https']) {
        await expect(sender.send(target(`${scheme}://${host}:${listener.port}/send/x`), payload, hints)).rejects.toBeInstanceOf(PushEndpointRefused);
      }
    }
    expect(resolver.asked).toEqual([]);
    expect(listener.connections).toBe(0);
  });

  it('checks the addresses a name resolves to at send time, and connects only to those it checked', async () => {
    // At subscribe time the name was a push service; by send time it answers loopback (DNS rebinding).
    const resolver = new LoopbackResolver({});
    const rules = { allowedHosts: [], allowLoopback: false };
    const sender = senderWith(rules, resolver);
    const endpoint = `https://rebound.push.test:${listener.port}/send/x`;
    await expect(vetPushEndpoint(endpoint, rules, async () => [{ address: '142.250.74.106', family: 4 }])).resolves.toBeInstanceOf(URL);
    for (const addresses of [['127.0.0.1'], ['::1'], ['127.0.0.1', '::1']]) {
      resolver.set('rebound.push.test', addresses);
      const refused = await sender.send(target(endpoint), payload, hints).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PushEndpointRefused);
      expect((refused as PushEndpointRefused).reason).toMatch(/^rebound\.push\.test resolves to (127\.0\.0\.1|::1), a loopback address$/);
    }
    // Plain http reaches loopback only, and only when allowed: a name on it is refused the same way.
    resolver.set('plain.push.test', ['127.0.0.1']);
    await expect(sender.send(target(`http://plain.push.test:${listener.port}/x`), payload, hints)).rejects.toBeInstanceOf(PushEndpointRefused);
    expect(resolver.asked.filter((h) => h === 'rebound.push.test')).toHaveLength(3);
    expect(listener.connections).toBe(0);
  });

  it('keeps to PUSH_ALLOWED_HOSTS', async () => {
    const resolver = new LoopbackResolver({ 'evil.push.test': ['127.0.0.1'] });
    const sender = senderWith({ allowedHosts: ['fcm.googleapis.com'], allowLoopback: true }, resolver);
    await expect(sender.send(target(`https://evil.push.test:${listener.port}/x`), payload, hints)).rejects.toEqual(
      new PushEndpointRefused('evil.push.test is not one of the push services allowed here (PUSH_ALLOWED_HOSTS)'),
    );
    expect(resolver.asked).toEqual([]);
    expect(listener.connections).toBe(0);
  });

  it('follows no redirect: a 3xx is a failure of that push service, sent once', async () => {
    const sender = senderWith({ allowedHosts: [], allowLoopback: true }, new LoopbackResolver({}));
    for (const status of [301, 302, 307, 308]) {
      listener.handler = (_req, res) => res.writeHead(status, { location: `http://127.0.0.1:${listener.port}/elsewhere` }).end();
      const error = await sender.send(target(`http://127.0.0.1:${listener.port}/send/r${status}`), payload, hints).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PushServiceError);
      expect(error).toMatchObject({ status, message: `push service answered ${status}: redirects are not followed` });
    }
    expect(listener.requests).toEqual(['/send/r301', '/send/r302', '/send/r307', '/send/r308']);
  });

  it('answers gone for 404 and 410, fails on other statuses', async () => {
    const sender = senderWith({ allowedHosts: [], allowLoopback: true }, new LoopbackResolver({}));
    for (const [status, outcome] of [
      [404, 'gone'],
      [410, 'gone'],
      [200, 'sent'],
      [201, 'sent'],
    ] as const) {
      listener.handler = (_req, res) => res.writeHead(status).end('x');
      await expect(sender.send(target(`http://127.0.0.1:${listener.port}/s`), payload, hints)).resolves.toBe(outcome);
    }
    listener.handler = (_req, res) => res.writeHead(503).end();
    await expect(sender.send(target(`http://127.0.0.1:${listener.port}/s`), payload, hints)).rejects.toMatchObject({ status: 503 });
  });

  it('reads no more than 4 KB of an answer: a bigger one is cut off with its socket', async () => {
    const sender = senderWith({ allowedHosts: [], allowLoopback: true }, new LoopbackResolver({}));
    let writtenWhenCut = -1;
    let written = 0;
    listener.handler = (_req, res) => {
      res.writeHead(201, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024, 'a');
      const pump = (): void => {
        // Up to 64 MB, 1 KB at a time, as fast as the client reads.
        while (written < 64 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (writtenWhenCut = written));
      pump();
    };
    await expect(sender.send(target(`http://127.0.0.1:${listener.port}/big`), payload, hints)).resolves.toBe('sent');
    await new Promise<void>((resolve) => {
      const wait = () => (writtenWhenCut >= 0 ? resolve() : setTimeout(wait, 10));
      wait();
    });
    expect(writtenWhenCut).toBeLessThan(64 * 1024 * 1024);
  });
});
