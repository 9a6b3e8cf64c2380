import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort, ownChild, pollUntil } from './owned-processes';

/**
 * A Redis of the test's own (never the shared 6379). By default without persistence: a kill -9
 * and a restart on the same port give an EMPTY Redis, as a crashed cache node without AOF would.
 * `persistent`: AOF and noeviction, as production must run it.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'scoreline-faults-redis-'));

  private constructor(
    readonly port: number,
    private readonly persistent: boolean,
    private readonly debugCommand: boolean,
  ) {}

  /** `debugCommand`: DEBUG allowed from loopback (off by default since Redis 7), so a test can `DEBUG SLEEP` it. */
  static async start(opts: { persistent?: boolean; debugCommand?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), opts.persistent ?? false, opts.debugCommand ?? false);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const durability = this.persistent ? ['--appendonly', 'yes', '--maxmemory-policy', 'noeviction'] : ['--appendonly', 'no'];
    const debug = this.debugCommand ? ['--enable-debug-command', 'local'] : [];
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...durability, ...debug, '--dir', this.dir], {
      stdio: 'ignore',
    });
    ownChild(child, `redis-server :${this.port}`);
    this.child = child;
    await pollUntil(`redis-server on ${this.port}`, 15_000, async () => {
      if (child.exitCode !== null) throw new Error('redis-server exited');
      const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await client.connect();
        return (await client.ping()) === 'PONG' ? true : undefined;
      } finally {
        client.disconnect();
      }
    });
  }

  /** kill -9: whatever was only in memory (queued jobs, streams, consumer groups) is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
