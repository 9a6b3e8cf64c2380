import { appendFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';

/**
 * A diagnostic (MEMORY_TRACE_FILE=<path>): this process's memory every `everyMs`, and, for a BullMQ
 * worker's jobs, RSS around each one, appended to the file as lines. Off unless the variable is set.
 */
export function memoryTraceFile(): string | null {
  return process.env.MEMORY_TRACE_FILE || null;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function peakRssMb(): number {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return hwm ? Math.round(Number(hwm[1]) / 1024) : NaN;
}

export function memoryLine(what: string): string {
  const m = process.memoryUsage();
  return `${new Date().toISOString()} pid ${process.pid} ${what} rss ${mb(m.rss)} hwm ${peakRssMb()} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`;
}

export function traceMemory(what: string): void {
  const file = memoryTraceFile();
  if (file) appendFileSync(file, `${memoryLine(what)}\n`);
}

/** Samples every `everyMs` while the process lives (unref'd timer). */
export function startMemoryTrace(label: string, everyMs = 1000): void {
  if (!memoryTraceFile()) return;
  setInterval(() => traceMemory(`${label} tick`), everyMs).unref();
}
