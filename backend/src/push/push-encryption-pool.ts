import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One push to encrypt: the device's keys as its subscription gives them (base64url) and the payload (JSON). */
export interface PushEncryptionInput {
  p256dh: string;
  auth: string;
  payload: string;
}

type Settle = { resolve(body: Buffer): void; reject(error: Error): void };
/** A chunk's bodies in one buffer, each answer where its body is in it (or why it has none). */
type FromThread = { buffer: ArrayBuffer; answers: ({ offset: number; length: number } | { error: string })[] };

/**
 * The thread's whole code: RFC 8291 (aes128gcm, one record) for each push of a chunk, the bodies
 * answered in one transferred buffer, in order. Plain JavaScript evaluated in the thread, so the
 * same code runs from the build and under the test runner. What web-push's encryption does (the
 * tests decrypt it with http_ece, web-push's own), less its overhead: it makes its five HMACs with
 * createHmac, which looks the key and algorithm up in OpenSSL at every call, together about as
 * much CPU as the key agreement itself; here node's own HKDF (hkdfSync) derives each key in one
 * call (about half of web-push's HMAC cost per push; no hand-made HMAC). The ECDH key pair and key
 * agreement per push stay (RFC 8291 asks for a new key pair per message).
 */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const { createCipheriv, createECDH, hkdfSync, randomBytes } = require('node:crypto');
const NUL = Buffer.alloc(1);
const KEY_INFO = Buffer.concat([Buffer.from('WebPush: info', 'latin1'), NUL]);
const CEK_INFO = Buffer.concat([Buffer.from('Content-Encoding: aes128gcm', 'latin1'), NUL]);
const NONCE_INFO = Buffer.concat([Buffer.from('Content-Encoding: nonce', 'latin1'), NUL]);
/** The one record's padding delimiter (RFC 8188: 2 for the last record), no padding after it. */
const LAST_RECORD = Buffer.from([2]);
const RECORD_SIZE = 4096;
/** salt (16), record size (4), key id length (1), the application server's public key (65). */
const HEADER = 86;
const TAG = 16;
/** A push body is at most 4096 bytes (RFC 8030): the header, the delimiter and the tag take the rest. */
const MAX_PAYLOAD = RECORD_SIZE - HEADER - 1 - TAG;

function bodyLength(plaintext) {
  return HEADER + plaintext.length + 1 + TAG;
}

/** Writes the push for one device at target[at…]: the aes128gcm header, then the one record (RFC 8291 §3.4, RFC 8188). */
function encryptInto(target, at, uaPublicKey, authSecret, plaintext) {
  const asKeys = createECDH('prime256v1');
  const asPublicKey = asKeys.generateKeys();
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const ikm = Buffer.from(hkdfSync('sha256', asKeys.computeSecret(uaPublicKey), authSecret, Buffer.concat([KEY_INFO, uaPublicKey, asPublicKey]), 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  salt.copy(target, at);
  target.writeUInt32BE(RECORD_SIZE, at + 16);
  target[at + 20] = asPublicKey.length;
  asPublicKey.copy(target, at + 21);
  let end = at + HEADER;
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  end += cipher.update(plaintext).copy(target, end);
  end += cipher.update(LAST_RECORD).copy(target, end);
  end += cipher.final().copy(target, end);
  end += cipher.getAuthTag().copy(target, end);
  return end - at;
}

function check(input) {
  const uaPublicKey = Buffer.from(input.p256dh, 'base64url');
  if (uaPublicKey.length !== 65) throw new Error('The subscription p256dh value should be 65 bytes long.');
  const authSecret = Buffer.from(input.auth, 'base64url');
  if (authSecret.length < 16) throw new Error('The subscription auth key should be at least 16 bytes long');
  const plaintext = Buffer.from(input.payload, 'utf8');
  if (plaintext.length > MAX_PAYLOAD) throw new Error('The payload is ' + plaintext.length + ' bytes; a push holds at most ' + MAX_PAYLOAD);
  return { uaPublicKey, authSecret, plaintext };
}

parentPort.on('message', (chunk) => {
  const checked = chunk.map((input) => {
    try {
      return check(input);
    } catch (error) {
      return { error: String((error && error.message) || error) };
    }
  });
  const size = checked.reduce((sum, c) => sum + ('error' in c ? 0 : bodyLength(c.plaintext)), 0);
  const bodies = Buffer.from(new ArrayBuffer(size));
  let at = 0;
  const answers = checked.map((c) => {
    if ('error' in c) return c;
    try {
      const length = encryptInto(bodies, at, c.uaPublicKey, c.authSecret, c.plaintext);
      const answer = { offset: at, length };
      at += length;
      return answer;
    } catch (error) {
      return { error: String((error && error.message) || error) };
    }
  });
  parentPort.postMessage({ buffer: bodies.buffer, answers }, [bodies.buffer]);
});
`;

/** Requests handed to a thread at once: big enough to make a message's cost small, small enough to keep both threads busy. */
const CHUNK = 32;

/** Threads by default: the cores but one (that one POSTs and runs the rest of the process), at least one, at most four. */
export const defaultEncryptionThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

class EncryptionThread {
  readonly worker: Worker;
  /** The batches posted and not yet answered, in order (a thread answers in order). */
  readonly waiting: Settle[][] = [];
  outstanding = 0;
  failed = false;

  constructor(onExit: (thread: EncryptionThread) => void) {
    this.worker = new Worker(THREAD_CODE, { eval: true });
    // Idle threads must not keep a finished process alive.
    this.worker.unref();
    this.worker.on('message', ({ buffer, answers }: FromThread) => {
      const batch = this.waiting.shift() ?? [];
      this.outstanding -= batch.length;
      answers.forEach((answer, i) => {
        if ('error' in answer) batch[i].reject(new Error(answer.error));
        else batch[i].resolve(Buffer.from(buffer, answer.offset, answer.length));
      });
    });
    const fail = (error: Error) => {
      if (this.failed) return;
      this.failed = true;
      for (const batch of this.waiting.splice(0)) for (const s of batch) s.reject(error);
      this.outstanding = 0;
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`push encryption thread exited (${code})`)));
  }

  post(inputs: PushEncryptionInput[], settles: Settle[]): void {
    this.waiting.push(settles);
    this.outstanding += settles.length;
    this.worker.postMessage(inputs);
  }
}

/**
 * The per-push encryption (an ECDH key pair, a shared secret, HKDF and an AES-GCM encryption per
 * device, RFC 8291) on worker threads, so a fan-out to thousands of devices encrypts on the other
 * cores while this thread POSTs. Requests made in one turn of the event loop go out together, in
 * chunks, each to the thread with the least waiting. A thread that dies fails what it held (the
 * job retries those) and is replaced at the next request.
 */
export class PushEncryptionPool {
  private threads: EncryptionThread[] = [];
  private pending: { input: PushEncryptionInput; settle: Settle }[] = [];
  private flushScheduled = false;
  private closed = false;

  constructor(private readonly size: number = defaultEncryptionThreads()) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`push encryption threads must be a whole number ≥ 1, got ${size}`);
  }

  /** The push's body: the payload encrypted for the device. */
  encrypt(input: PushEncryptionInput): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('push encryption pool is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ input, settle: { resolve, reject } });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Stops the threads; what they held is failed. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private flush(): void {
    this.flushScheduled = false;
    const pending = this.pending.splice(0);
    if (this.closed) {
      for (const p of pending) p.settle.reject(new Error('push encryption pool is closed'));
      return;
    }
    while (this.threads.length < this.size) this.threads.push(new EncryptionThread((dead) => (this.threads = this.threads.filter((t) => t !== dead))));
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      const thread = this.threads.reduce((least, t) => (t.outstanding < least.outstanding ? t : least));
      thread.post(
        chunk.map((p) => p.input),
        chunk.map((p) => p.settle),
      );
    }
  }
}
