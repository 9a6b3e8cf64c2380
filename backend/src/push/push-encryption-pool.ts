import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OutgoingHttpHeaders } from 'node:http';
import type { generateRequestDetails } from 'web-push';

/** What web-push's generateRequestDetails is given for one push (its own argument types). */
export interface PushRequestInput {
  subscription: Parameters<typeof generateRequestDetails>[0];
  payload: string;
  options: NonNullable<Parameters<typeof generateRequestDetails>[2]>;
}

/** A push ready to POST: web-push's headers and encrypted body. */
export interface EncryptedPush {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type Settle = { resolve(push: EncryptedPush): void; reject(error: Error): void };
type FromThread = ({ headers: OutgoingHttpHeaders; body: Uint8Array } | { error: string })[];

/**
 * The thread's whole code: web-push's own generateRequestDetails (RFC 8291 encryption, the
 * headers), a batch at a time, answered in order. Plain JavaScript evaluated in the thread, so
 * the same code runs from the build and under the test runner; web-push is required by the path
 * this process resolved.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { generateRequestDetails } = require(workerData.webPush);
parentPort.on('message', (batch) => {
  const bodies = [];
  const answers = batch.map(({ subscription, payload, options }) => {
    try {
      const { headers, body } = generateRequestDetails(subscription, payload, options);
      // A copy of its own, moved, not cloned: the body is a view of a bigger pooled buffer.
      const own = new Uint8Array(body);
      bodies.push(own.buffer);
      return { headers, body: own };
    } catch (error) {
      return { error: String((error && error.message) || error) };
    }
  });
  parentPort.postMessage(answers, bodies);
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
    this.worker = new Worker(THREAD_CODE, { eval: true, workerData: { webPush: require.resolve('web-push') } });
    // Idle threads must not keep a finished process alive.
    this.worker.unref();
    this.worker.on('message', (answers: FromThread) => {
      const batch = this.waiting.shift() ?? [];
      this.outstanding -= batch.length;
      answers.forEach((answer, i) => {
        if ('error' in answer) batch[i].reject(new Error(answer.error));
        else batch[i].resolve({ headers: answer.headers, body: Buffer.from(answer.body.buffer) });
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

  post(inputs: PushRequestInput[], settles: Settle[]): void {
    this.waiting.push(settles);
    this.outstanding += settles.length;
    this.worker.postMessage(inputs);
  }
}

/**
 * web-push's per-push work (an ECDH key pair, a shared secret and an AES-GCM encryption per
 * device, RFC 8291) on worker threads, so a fan-out to thousands of devices encrypts on the other
 * cores while this thread POSTs. Requests made in one turn of the event loop go out together, in
 * chunks, each to the thread with the least waiting. A thread that dies fails what it held (the
 * job retries those) and is replaced at the next request.
 */
export class PushEncryptionPool {
  private threads: EncryptionThread[] = [];
  private pending: { input: PushRequestInput; settle: Settle }[] = [];
  private flushScheduled = false;
  private closed = false;

  constructor(private readonly size: number = defaultEncryptionThreads()) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`push encryption threads must be a whole number ≥ 1, got ${size}`);
  }

  encrypt(input: PushRequestInput): Promise<EncryptedPush> {
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
