import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@scoreline/backend/platform/outbox/event-routes';

const ROOT = join(__dirname, '..', '..', '..');

/** A compiled app process (API or worker) of the real build, as production runs it. */
export interface AppProcess {
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

export function startAppProcess(script: 'backend' | 'workers', env: Record<string, string>): AppProcess {
  const entry = join(ROOT, 'dist', script, 'src', 'main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build:server\` first`);
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return {
    child,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export async function waitForHealth(baseUrl: string, proc: AppProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl} not healthy in time:\n${proc.output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Wait until the outbox is relayed and every queue is idle (the processes run elsewhere). */
export async function settleAcrossProcesses(db: DataSource, timeoutMs = 30_000): Promise<void> {
  const queues = QUEUES.map((name) => new Queue(name, { connection: { url: process.env.REDIS_URL! }, prefix: process.env.QUEUE_PREFIX }));
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ pending }]: { pending: number }[] = await db.query(`SELECT count(*)::int AS pending FROM outbox_events WHERE dispatched_at IS NULL OR pending_queues <> '{}'`);
      const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')));
      const busy = counts.reduce((sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0), 0);
      if (pending === 0 && busy === 0) return;
      if (Date.now() > deadline) throw new Error(`not settled: ${pending} outbox rows, ${busy} jobs`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}
