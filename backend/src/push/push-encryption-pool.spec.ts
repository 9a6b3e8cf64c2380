import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { PushEncryptionPool, type PushEncryptionInput } from './push-encryption-pool';

// http_ece (web-push's own) has no types: the one call used here, to read what a browser would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

/** A browser's keys, as it makes them for a subscription. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const request = (b: ReturnType<typeof browser>, payload: string): PushEncryptionInput => ({ p256dh: b.p256dh, auth: b.auth, payload });

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

  it('encrypts each push for its own device as web-push does (aes128gcm, one record), many at once over two threads', async () => {
    const encryption = pool(2);
    const browsers = Array.from({ length: 150 }, browser);
    const payloads = browsers.map((_, i) => JSON.stringify({ n: i, title: 'Goal – 1–0', body: 'é'.repeat(i) }));
    const bodies = await Promise.all(browsers.map((b, i) => encryption.encrypt(request(b, payloads[i]))));
    bodies.forEach((body, i) => {
      const { ecdh, auth } = browsers[i];
      expect(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')).toBe(payloads[i]);
      // web-push's size for the same payload: the header with the key (86), the payload, its delimiter and the tag.
      expect(body.length).toBe(86 + Buffer.byteLength(payloads[i]) + 1 + 16);
      expect(body.readUInt32BE(16)).toBe(4096);
    });
    // A fresh key pair and salt per push: the same payload for the same device is never the same body.
    const again = await encryption.encrypt(request(browsers[0], payloads[0]));
    expect(again.subarray(0, 86).equals(bodies[0].subarray(0, 86))).toBe(false);
    // Another device's keys cannot read it.
    expect(() => ece.decrypt(bodies[0], { version: 'aes128gcm', privateKey: browsers[1].ecdh, authSecret: browsers[1].auth })).toThrow();
  });

  it('refuses a payload bigger than one push can hold, as a push service would', async () => {
    const encryption = pool(1);
    const b = browser();
    const most = await encryption.encrypt(request(b, 'x'.repeat(3993)));
    expect(most.length).toBe(4096);
    expect(ece.decrypt(most, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8')).toBe('x'.repeat(3993));
    await expect(encryption.encrypt(request(b, 'x'.repeat(3994)))).rejects.toThrow('a push holds at most 3993');
  });

  it("fails only the push that cannot be made (a subscription's bad key), not its batch", async () => {
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
    expect(JSON.parse(ece.decrypt(after, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8'))).toEqual({ again: true });
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
