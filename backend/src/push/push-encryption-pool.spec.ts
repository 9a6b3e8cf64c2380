import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { PushEncryptionPool, type PushRequestInput } from './push-encryption-pool';

// http_ece (web-push's own) has no types: the one call used here, to read what a browser would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

/** A browser's keys, as it makes them for a subscription. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const request = (b: ReturnType<typeof browser>, payload: string): PushRequestInput => ({
  subscription: { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: b.p256dh, auth: b.auth } },
  payload,
  options: { TTL: 900, urgency: 'high', topic: 'goal-7', headers: { Authorization: 'vapid t=x, k=y' } },
});

describe('PushEncryptionPool', () => {
  const pools: PushEncryptionPool[] = [];
  const pool = (size: number) => {
    const p = new PushEncryptionPool(size);
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it("encrypts each push for its own device, with web-push's headers, many at once over two threads", async () => {
    const encryption = pool(2);
    const browsers = Array.from({ length: 150 }, browser);
    const pushes = await Promise.all(browsers.map((b, i) => encryption.encrypt(request(b, JSON.stringify({ n: i, title: 'Goal – 1–0' })))));
    pushes.forEach((push, i) => {
      const { ecdh, auth } = browsers[i];
      expect(JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'))).toEqual({ n: i, title: 'Goal – 1–0' });
      expect(push.headers).toMatchObject({
        TTL: 900,
        Urgency: 'high',
        Topic: 'goal-7',
        Authorization: 'vapid t=x, k=y',
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        'Content-Length': push.body.length,
      });
    });
    // Another device's keys cannot read it.
    expect(() => ece.decrypt(pushes[0].body, { version: 'aes128gcm', privateKey: browsers[1].ecdh, authSecret: browsers[1].auth })).toThrow();
  });

  it("fails only the push web-push refuses (a subscription's bad key), not its batch", async () => {
    const encryption = pool(1);
    const good = browser();
    const bad = { ...browser(), p256dh: Buffer.alloc(10).toString('base64url') };
    const [first, second, third] = await Promise.allSettled([encryption.encrypt(request(good, '{}')), encryption.encrypt(request(bad, '{}')), encryption.encrypt(request(good, '{}'))]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: new Error('The subscription p256dh value should be 65 bytes long.') });
    expect(third.status).toBe('fulfilled');
  });

  it('fails what a thread held when it dies, and carries on with a new one', async () => {
    const encryption = pool(1);
    const b = browser();
    await encryption.encrypt(request(b, '{}'));
    // Far more than the thread does before it is stopped: posted at the next turn of the loop, then the thread stops under them.
    const held = Array.from({ length: 2000 }, () => encryption.encrypt(request(b, '{}')));
    await new Promise((resolve) => setImmediate(resolve));
    const [thread] = (encryption as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads;
    await thread.worker.terminate();
    const outcomes = await Promise.allSettled(held);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((o) => /push encryption thread exited/.test((o.reason as Error).message))).toBe(true);
    const after = await encryption.encrypt(request(b, '{"again":true}'));
    expect(JSON.parse(ece.decrypt(after.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8'))).toEqual({ again: true });
  });

  it('answers no more once closed', async () => {
    const encryption = pool(1);
    await encryption.encrypt(request(browser(), '{}'));
    await encryption.close();
    await expect(encryption.encrypt(request(browser(), '{}'))).rejects.toThrow('push encryption pool is closed');
  });

  it('refuses a size that is no whole number of threads', () => {
    expect(() => new PushEncryptionPool(0)).toThrow();
    expect(() => new PushEncryptionPool(1.5)).toThrow();
  });
});
