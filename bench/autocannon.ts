import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

/** What the benches read of autocannon's JSON summary. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon (50 connections) in its own process, so the load generator does not share the server's event loop. */
export function autocannon(url: string, seconds: number, headers: Record<string, string> = {}): Promise<CannonResult> {
  const cli = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  const args = [cli, '-c', '50', '-d', String(seconds), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) return reject(new Error(`autocannon exited ${code}: ${err.slice(0, 500)}`));
      resolve(JSON.parse(line) as CannonResult);
    });
  });
}
