import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Every process a fault test starts, by PID, so that it is stopped whatever happens: by the
 * suite's afterAll, and (for a crashed or interrupted run) when this process exits.
 */
const owned = new Map<number, string>();

export function own(pid: number | undefined, what: string): void {
  if (pid === undefined) return;
  owned.set(pid, what);
  // A watchdog outside this process: if the test runner dies without cleaning up (SIGKILL,
  // Ctrl-C: exit events inside jest's sandbox are not dependable), it SIGKILLs the PID.
  // It ends by itself as soon as the owned process is gone.
  spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${pid} 2>/dev/null; do sleep 1; done; kill -9 ${pid} 2>/dev/null`], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

export function disown(pid: number | undefined): void {
  if (pid !== undefined) owned.delete(pid);
}

export function ownChild(child: ChildProcess, what: string): void {
  own(child.pid, what);
  child.once('exit', () => disown(child.pid));
}

/** SIGKILL every process still owned (synchronous: also usable from process 'exit'). */
export function killOwned(): void {
  for (const pid of owned.keys()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  owned.clear();
}

process.once('exit', killOwned);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Poll until `check` answers a value other than undefined, or throw after the timeout. */
export async function pollUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
