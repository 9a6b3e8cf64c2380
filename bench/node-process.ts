import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { procStatCpuMs } from './server-cpu';

/** A process of the real build (an API replica, a worker) that a bench case starts and stops by its PID. */
export interface NodeProcess {
  pid: number;
  /** The most resident memory the process has held (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU the process has used so far (user + system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A memory line of /proc/PID/status (`self` for this process), in MB; null once the process has ended. */
function statusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const line = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** VmHWM of a process (`self` for this one), in whole MB: the most it has held (NaN once it has ended). */
export function peakRssMbOf(pid: number | 'self'): number {
  const mb = statusMb(pid, 'VmHWM');
  return mb === null ? NaN : Math.round(mb);
}

/** VmRSS of a process (`self` for this one), in MB: 0 once it has ended. */
export function rssMbOf(pid: number | 'self'): number {
  return statusMb(pid, 'VmRSS') ?? 0;
}

/**
 * Starts `entry` (a compiled main.js) with this process's environment plus `env`, and waits until
 * `readyUrl` answers 2xx (60 s). Fails with the end of its stderr when it exits first.
 */
export async function startNodeProcess(
  what: string,
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
  nodeFlags: readonly string[] = [],
): Promise<NodeProcess> {
  // BENCH_PROFILE_DIR=<dir>: each started process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags, entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const output: string[] = [];
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${output.join('').slice(-2000)}`);
    if (await fetch(readyUrl).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${what} did not answer ${readyUrl} within 60 s: ${output.join('').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return { pid, peakRssMb: () => peakRssMbOf(pid), cpuMs: () => procStatCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')), stop };
}
